/**
 * The apex NS set on a real PowerDNS: left alone while the desired state does not declare it; declared, a change is
 * held for approval (`apex-ns`), applied with `--allow-unsafe`, served as written (asked with dig), and a second
 * plan is empty. Beside a zone file that serves the same zone with other servers, the plan notes the difference.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its one test (about 4 s alone on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 50_000, hookTimeout: 30_000 });

const missing = pdnsMissing();
const ZONE = 'apex.example';
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';
const zone = (apex: string) =>
  `zones:\n  ${ZONE}:\n    create: {}\n    records:\n${apex}      www: { a: [192.0.2.80] }\n`;
const APEX_NS = '      "@": { ns: [ns1.example.net., ns2.example.net.], ttl: 600 }\n';

let server: PdnsServer | undefined;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

async function servedNs(): Promise<string[]> {
  const answers = await ask(server?.dnsPort ?? 0, [{ fqdn: ZONE, type: 'NS' }]);
  return answers.map((answer) => `${answer.ttl} ${answer.value}`).sort();
}

if (missing !== null) {
  describe.skip(`apex NS on PowerDNS (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-apex-pdns-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('the apex NS set on PowerDNS', () => {
    it('is left alone undeclared; declared, its change waits for approval, is served, and converges', async () => {
      const plain = join(dir, 'plain.yaml');
      await writeFile(plain, PDNS + zone(''));
      const created = await cli(['apply', plain, '--yes'], env());
      expect(created.code, created.stderr).toBe(0);
      expect(await servedNs()).toEqual(['3600 ns1.example.net.']);
      // Undeclared, the set PowerDNS gave the zone is no record set of the plan.
      expect((await cli(['plan', plain], env())).code).toBe(0);

      const declared = join(dir, 'declared.yaml');
      await writeFile(declared, PDNS + zone(APEX_NS));
      const plan = await cli(['plan', declared], env());
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain(
        `zone:${ZONE}@pdns: changes the apex NS set of ${ZONE} (adds ns2.example.net.): the parent zone's ` +
          'delegation must name the same servers [apex-ns]',
      );
      expect((await cli(['apply', declared, '--yes'], env())).code).toBe(1);
      expect(await servedNs()).toEqual(['3600 ns1.example.net.']);

      const applied = await cli(['apply', declared, '--yes', '--allow-unsafe'], env());
      expect(applied.code, applied.stderr).toBe(0);
      expect(await servedNs()).toEqual(['600 ns1.example.net.', '600 ns2.example.net.']);
      const again = await cli(['plan', declared], env());
      expect(again.code, again.stdout).toBe(0);
      // Declared no more, it stays as it is.
      expect((await cli(['plan', plain], env())).code).toBe(0);
    });

    // After the test above: the zone exists on PowerDNS with ns1 and ns2.
    it('differing from a zone file that serves the zone too is named in a note of the plan', async () => {
      await mkdir(join(dir, 'zones'));
      await writeFile(
        join(dir, 'zones', `${ZONE}.zone`),
        `$TTL 300\n@ SOA ns9.example.org. hostmaster.${ZONE}. 1 1h 10m 2w 5m\n@ NS ns9.example.org.\nwww 3600 A 192.0.2.80\n`,
      );
      const both = join(dir, 'both.yaml');
      await writeFile(
        both,
        `${PDNS}  files: { type: zonefile, directory: zones }\n` +
          `zones:\n  ${ZONE}:\n    providers: [pdns, files]\n    records:\n      www: { a: [192.0.2.80] }\n`,
      );
      const plan = await cli(['plan', both], env());
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toContain(
        `Note: zone ${ZONE}: the apex NS sets of its providers differ (files serves ns9.example.org.; pdns serves ` +
          "ns1.example.net., ns2.example.net.); each provider's set should name every provider's servers, as the " +
          "parent zone's delegation does",
      );
    });
  });
}
