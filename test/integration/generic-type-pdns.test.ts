/**
 * A type by its number (RFC 3597) on a real PowerDNS: applied as `TYPE65280` with the generic form `\# 3 010203`,
 * served as written (asked with dig), planned empty after apply; a live one the desired state does not declare is a
 * managed set (deleted under the default `manage: all`); import writes it as `type65280` and its files plan empty.
 * 65280 is private use (RFC 6895 §3.1).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its one test (about 3 s alone on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 40_000, hookTimeout: 30_000 });

const missing = pdnsMissing();
const ZONE = 'generic.example';
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';
const zone = (records: string) => `zones:\n  ${ZONE}:\n    create: {}\n    records:\n${records}`;
const FIRST = '      old: { type65280: ["\\\\# 2 abcd"], ttl: 300 }\n';
const SECOND = '      x: { type65280: ["\\\\# 3 01 02 03", "\\\\# 0"], ttl: 300 }\n';

let server: PdnsServer | undefined;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

async function served(): Promise<string[]> {
  const answers = await ask(server?.dnsPort ?? 0, [
    { fqdn: `x.${ZONE}`, type: 'TYPE65280' },
    { fqdn: `old.${ZONE}`, type: 'TYPE65280' },
  ]);
  return answers.map((answer) => `${answer.fqdn} ${answer.value}`).sort();
}

if (missing !== null) {
  describe.skip(`types by number on PowerDNS (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-generic-pdns-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('a type by number on PowerDNS', () => {
    it('is applied, served, planned empty, deleted when undeclared, and imported', async () => {
      const first = join(dir, 'first.yaml');
      await writeFile(first, `${PDNS}${zone(FIRST)}`);
      const created = await cli(['apply', first, '--yes'], env());
      expect(created.code, created.stderr).toBe(0);
      expect(await served()).toEqual([`old.${ZONE} \\# 2 abcd`]);

      const second = join(dir, 'second.yaml');
      await writeFile(second, `${PDNS}${zone(SECOND)}`);
      const plan = await cli(['plan', second], env());
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain(`  - old.${ZONE} TYPE65280 ttl 300 \\# 2 abcd\n`);
      const applied = await cli(['apply', second, '--yes'], env());
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect(await served()).toEqual([`x.${ZONE} \\# 0`, `x.${ZONE} \\# 3 010203`]);
      const again = await cli(['plan', second], env());
      expect(again.code, again.stdout + again.stderr).toBe(0);

      const providers = join(dir, 'providers.yaml');
      await writeFile(providers, PDNS);
      const out = join(dir, 'imported');
      const imported = await cli(['import', '--providers', providers, '--out', out], env());
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(
        'Round trip: planning the written files against live state shows no changes.',
      );
      const yaml = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
      expect(yaml).toContain('      x: { type65280: [ \\# 0, \\# 3 010203 ] }\n');
    });
  });
}
