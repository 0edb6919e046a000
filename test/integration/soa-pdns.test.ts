/**
 * The SOA on a real PowerDNS (RFC 1035 §3.3.13): declared on a zone the plan creates, the zone is created with it
 * (the fields left out as PowerDNS's own default); changed later, the SOA rrset is replaced with only the declared
 * fields changed and the serial sent as read (PowerDNS applies SOA-EDIT-API to it), dig serves it, and a plan after
 * each apply is empty. Beside a zone file that serves the same zone with other timers, the plan notes where.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask, servedSerial } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its tests (about 4 s alone on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 50_000, hookTimeout: 30_000 });

const missing = pdnsMissing();
const ZONE = 'soa.example';
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';
const zone = (apex: string) =>
  `zones:\n  ${ZONE}:\n    create: {}\n    records:\n${apex}      www: { a: [192.0.2.80] }\n`;
const SOA = '      "@": { soa: { refresh: 7200, minimum: 60 } }\n';

let server: PdnsServer | undefined;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

async function servedSoa(): Promise<{ ttl?: number; fields: string[]; serial: number }> {
  const [answer] = await ask(server?.dnsPort ?? 0, [{ fqdn: ZONE, type: 'SOA' }]);
  return {
    ...(answer ? { ttl: answer.ttl } : {}),
    fields: answer?.value.split(' ') ?? [],
    serial: await servedSerial(server?.dnsPort ?? 0, ZONE),
  };
}

if (missing !== null) {
  describe.skip(`the SOA on PowerDNS (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-soa-pdns-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('the SOA on PowerDNS', () => {
    it('is created with the zone, then changes only the fields declared, and converges', async () => {
      const declared = join(dir, 'declared.yaml');
      await writeFile(declared, PDNS + zone(SOA));
      const created = await cli(['apply', declared, '--yes'], env());
      expect(created.code, created.stdout + created.stderr).toBe(0);
      const made = await servedSoa();
      // The first name server is MNAME, the zone's contact RNAME; the rest PowerDNS's default-soa-content.
      expect(made.fields).toEqual([
        'ns1.example.net.',
        `hostmaster.${ZONE}.`,
        '7200',
        '3600',
        '604800',
        '60',
      ]);
      expect(made.ttl).toBe(3600);
      expect((await cli(['plan', declared], env())).code).toBe(0);

      await writeFile(declared, PDNS + zone(SOA.replace('7200', '1h').replace('60', '120')));
      const plan = await cli(['plan', declared], env());
      expect(plan.code, plan.stderr).toBe(2);
      const line = plan.stdout.split('\n').find((one) => one.includes(`${ZONE} SOA`));
      expect(line?.trim()).toBe(`~ ${ZONE} SOA refresh 7200→3600, minimum 60→120`);

      const applied = await cli(['apply', declared, '--yes'], env());
      expect(applied.code, applied.stderr).toBe(0);
      const served = await servedSoa();
      // MNAME, RNAME, retry and expire as PowerDNS set them; the serial never went down.
      expect(served.fields).toEqual([
        made.fields[0],
        made.fields[1],
        '3600',
        made.fields[3],
        made.fields[4],
        '120',
      ]);
      expect(served.ttl).toBe(made.ttl);
      expect(served.serial).toBeGreaterThanOrEqual(made.serial);
      const again = await cli(['plan', declared], env());
      expect(again.code, again.stdout).toBe(0);
      // Declared no more, it stays as it is.
      const plain = join(dir, 'plain.yaml');
      await writeFile(plain, PDNS + zone(''));
      expect((await cli(['plan', plain], env())).code).toBe(0);
    });

    // After the test above: the zone exists on PowerDNS with refresh 3600 and minimum 120.
    it('differing from a zone file that serves the zone too is named in a note of the plan', async () => {
      await mkdir(join(dir, 'zones'));
      await writeFile(
        join(dir, 'zones', `${ZONE}.zone`),
        `$TTL 300\n@ SOA ns1.example.net. hostmaster.${ZONE}. 1 1h 10m 2w 5m\n@ NS ns1.example.net.\nwww 3600 A 192.0.2.80\n`,
      );
      const both = join(dir, 'both.yaml');
      await writeFile(
        both,
        `${PDNS}  files: { type: zonefile, directory: zones }\n` +
          `zones:\n  ${ZONE}:\n    providers: [pdns, files]\n    records:\n      www: { a: [192.0.2.80] }\n`,
      );
      const plan = await cli(['plan', both], env());
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const note = plan.stdout.split('\n').find((one) => one.includes('the SOA of its providers differ'));
      expect(note).toMatch(
        new RegExp(
          `^Note: zone ${ZONE}: the SOA of its providers differ \\(retry files 600, pdns 3600; expire files 1209600, pdns 604800; minimum files 300, pdns 120\\)`,
        ),
      );
    });
  });
}
