/**
 * The built CLI against a real PowerDNS Authoritative server (pdns_server with a throwaway sqlite database), each
 * command in a process of its own, as a user runs it: apply a new zone, which the server then answers over DNS;
 * plan again, which shows nothing; import it back through `--providers` and `--provider`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';

// Time budget: three processes of the built CLI and a few DNS questions, a few seconds on a quiet machine.
vi.setConfig({ testTimeout: 90_000 });

const missing = pdnsMissing();
const ZONE = 'built.example';
const PROVIDERS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_KEY, nameservers: [ns1.example.net.] }\n';
const DESIRED = `${PROVIDERS}zones:\n  ${ZONE}:\n    providers: [pdns]\n    create: {}\n    records:\n      www: { a: [192.0.2.10, 192.0.2.11], ttl: 300 }\n      "@": { mx: [{ preference: 10, exchange: mail.example.net. }], ttl: 300 }\n`;

let server: PdnsServer | undefined;
let dir: string;

if (missing !== null) {
  describe.skip(`the built CLI against PowerDNS (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    [server, dir] = await Promise.all([
      startPdnsServer(),
      mkdtemp(join(tmpdir(), 'edgeplan-built-pdns-')),
      ensureBuilt(),
    ]);
  }, BUILD_BUDGET_MS);
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('the built CLI against PowerDNS', () => {
    it('applies a zone the server then serves, plans it empty, and imports it back', async () => {
      if (!server) throw new Error('pdns_server is not started');
      // No Dyn or WAF variables: a state that names only PowerDNS needs only its own.
      const env = { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_KEY: server.apiKey };
      const desired = join(dir, 'desired.yaml');
      await writeFile(desired, DESIRED);

      const apply = await runCliProcess(['apply', desired, '--yes'], env, { built: true });
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      expect(apply.stdout).toContain('Converged: a new plan shows no changes.');
      const served = await ask(server.dnsPort, [
        { fqdn: `www.${ZONE}`, type: 'A' },
        { fqdn: ZONE, type: 'MX' },
      ]);
      expect(served.map((a) => `${a.fqdn} ${a.ttl} ${a.type} ${a.value}`).sort()).toEqual([
        `${ZONE} 300 MX 10 mail.example.net.`,
        `www.${ZONE} 300 A 192.0.2.10`,
        `www.${ZONE} 300 A 192.0.2.11`,
      ]);

      const plan = await runCliProcess(['plan', desired], env, { built: true });
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);

      const providers = join(dir, 'providers.yaml');
      await writeFile(providers, PROVIDERS);
      const out = join(dir, 'imported');
      const argv = ['import', '--providers', providers, '--provider', 'pdns', '--zones', ZONE, '--out', out];
      const imported = await runCliProcess(argv, env, { built: true });
      expect(imported.code, imported.stdout + imported.stderr).toBe(0);
      const written = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
      expect(written).toContain('    default_ttl: 300\n');
      expect(written).toContain('      www: { a: [ 192.0.2.10, 192.0.2.11 ] }\n');
    });
  });
}
