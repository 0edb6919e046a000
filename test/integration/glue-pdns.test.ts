/**
 * Glue on a real PowerDNS: a delegation with its glue applied through the PowerDNS provider is served as a referral
 * whose additional section holds the glue (asked with dig, as a resolver would); import writes the glue back and
 * its round trip holds; deleting the glue of a delegation kept under `unmanaged` is held for approval.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { referral } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its one test (4.7 s alone at load 23 on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 50_000, hookTimeout: 30_000 });

const missing = pdnsMissing();
const ZONE = 'glue.example';
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';
const RECORDS =
  `zones:\n  ${ZONE}:\n    create: {}\n    records:\n      www: { a: [192.0.2.80] }\n` +
  `      lab: { ns: [ns1.lab.${ZONE}., ns.example.net.] }\n`;
const GLUE = '      ns1.lab: { a: [192.0.2.53], aaaa: ["2001:db8::53"] }\n';

let server: PdnsServer | undefined;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

if (missing !== null) {
  describe.skip(`glue on PowerDNS (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-glue-pdns-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('glue on PowerDNS', () => {
    it('serves the glue in the referral, imports it back, and holds its deletion for approval', async () => {
      const file = join(dir, 'glue.yaml');
      await writeFile(file, PDNS + RECORDS + GLUE);
      const apply = await cli(['apply', file, '--yes'], env());
      expect(apply.code, apply.stderr).toBe(0);

      // A resolver asking for a name below the delegation is referred, and learns the in-bailiwick server's address.
      const port = server?.dnsPort ?? 0;
      const asked = await referral(port, { fqdn: `host.lab.${ZONE}`, type: 'A' });
      expect(asked.answer).toEqual([]);
      expect(asked.authority.map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort()).toEqual([
        `lab.${ZONE} NS ns.example.net.`,
        `lab.${ZONE} NS ns1.lab.${ZONE}.`,
      ]);
      expect(asked.additional.map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort()).toEqual([
        `ns1.lab.${ZONE} A 192.0.2.53`,
        `ns1.lab.${ZONE} AAAA 2001:db8::53`,
      ]);

      const out = join(dir, 'imported');
      const providers = join(dir, 'providers.yaml');
      await writeFile(providers, PDNS);
      const imported = await cli(['import', '--providers', providers, '--zones', ZONE, '--out', out], env());
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(
        'Round trip: planning the written files against live state shows no changes.',
      );
      expect(await readFile(join(out, `${ZONE}.yaml`), 'utf8')).toContain(
        '      ns1.lab: { a: [ 192.0.2.53 ], aaaa: [ 2001:db8::53 ] }\n',
      );

      const unglued = join(dir, 'unglued.yaml');
      await writeFile(
        unglued,
        `${PDNS}zones:\n  ${ZONE}:\n    unmanaged: [lab]\n    records:\n      www: { a: [192.0.2.80] }\n`,
      );
      const plan = await cli(['plan', unglued], env());
      expect(plan.code).toBe(2);
      expect(plan.stdout).toContain(
        `zone:${ZONE}@pdns: leaves a name server inside its delegation without glue, the address resolvers can ` +
          `learn only from this zone: ns1.lab.${ZONE} (delegation lab.${ZONE}) [delegation-glue]`,
      );
      expect((await cli(['apply', unglued, '--yes'], env())).code).toBe(1);
      const still = await referral(port, { fqdn: `host.lab.${ZONE}`, type: 'A' });
      expect(still.additional.map((r) => r.value).sort()).toEqual(['192.0.2.53', '2001:db8::53']);
    });
  });
}
