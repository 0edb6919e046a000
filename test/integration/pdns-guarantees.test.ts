/**
 * PowerDNS gets Dyn's guarantees, against a real `pdns_server` (test/providers/pdns/server.ts) with a fault proxy
 * in front of its API: two applies to one zone never leave a mix of both desired states (the run whose check comes
 * after the other's PATCH refuses, naming the sign), and an answer the proxy drops after the server acted is
 * settled by reading the zone and reported as what happened.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ask, transfer } from '../providers/pdns/dig.js';
import { type FaultProxy, type FaultProxyOptions, startFaultProxy } from '../providers/pdns/fault-proxy.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';

// Budget: flows against a real PowerDNS server, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const missing = pdnsMissing();

let server: PdnsServer | undefined;
let proxy: FaultProxy | undefined;
let dir: string;

function running(): PdnsServer {
  if (!server) throw new Error('pdns_server is not started');
  return server;
}

/** The environment of a run that reaches PowerDNS directly, or through the proxy. */
function env(through?: FaultProxy): Record<string, string> {
  const { webUrl, apiKey } = running();
  return { EDGEPLAN_PDNS_URL: through?.url ?? webUrl, EDGEPLAN_PDNS_API_KEY: apiKey };
}

async function proxied(options: FaultProxyOptions): Promise<FaultProxy> {
  proxy = await startFaultProxy(running().webUrl, options);
  return proxy;
}

/** A desired state of one zone on PowerDNS, `records` as YAML flow mappings by name. */
async function desired(name: string, zone: string, records: Record<string, string>): Promise<string> {
  const path = join(dir, `${name}.yaml`);
  const lines = Object.entries(records).map(([host, address]) => `      ${host}: { a: [${address}] }`);
  await writeFile(
    path,
    `providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }\n` +
      `zones:\n  ${zone}:\n    providers: [pdns]\n    create: {}\n    records:\n${lines.join('\n')}\n`,
  );
  return path;
}

/** What PowerDNS serves of the zone over DNS, without its SOA and apex NS, as `fqdn TYPE value` lines. */
async function served(zone: string): Promise<string[]> {
  const { dnsPort } = running();
  const records = (await transfer(dnsPort, zone)) ?? [];
  const own = records.filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.fqdn === zone));
  const answers = await ask(
    dnsPort,
    own.map((r) => ({ fqdn: r.fqdn, type: r.type })),
  );
  return answers.map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort();
}

/** Creates a zone through the API as another tool would, with `soa_edit_api` as given. */
async function createZone(zone: string, soaEditApi: string, www: string): Promise<void> {
  const { apiUrl, apiKey } = running();
  const response = await fetch(`${apiUrl}/servers/localhost/zones`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `${zone}.`,
      kind: 'Native',
      nameservers: ['ns1.example.net.'],
      soa_edit_api: soaEditApi,
      rrsets: [
        {
          name: `www.${zone}.`,
          type: 'A',
          ttl: 3600,
          changetype: 'REPLACE',
          records: [{ content: www, disabled: false }],
        },
      ],
    }),
  });
  expect(response.status).toBe(201);
}

/** The second GET of the zone in a run (the first is its plan's read): the check right before the PATCH. */
const theCheck = (zone: string) => (method: string, path: string, before: number) =>
  method === 'GET' && path.endsWith(`/zones/${zone}.`) && before === 1;

if (missing !== null) {
  describe.skip(`PowerDNS guarantees (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-pdns-guarantees-'));
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  describe('two applies to one zone at once', () => {
    it('the run whose check comes after the other PATCH refuses (the serial moved): no mix of both', async () => {
      const zone = 'both.example';
      const seed = await desired('seed', zone, { www: '192.0.2.1', mail: '192.0.2.5' });
      expect((await cli(['apply', seed, '--yes'], env())).code).toBe(0);
      const a = await desired('a', zone, { www: '192.0.2.2', mail: '192.0.2.5', 'only-a': '192.0.2.10' });
      const b = await desired('b', zone, { www: '192.0.2.1', mail: '192.0.2.6', 'only-b': '192.0.2.11' });

      const through = await proxied({ hold: theCheck(zone) });
      const first = cli(['apply', a, '--yes'], env(through));
      await through.held;
      const second = await cli(['apply', b, '--yes'], env());
      expect(second.code, second.stdout).toBe(0);
      through.release();
      const refused = await first;

      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(
        /✗ zone:both\.example@pdns: failed at call 1 of 1 \(patch zone both\.example: [^)]*\): zone both\.example changed while applying \(serial \d+ → \d+: someone else changed it\); not published, plan again\./,
      );
      expect(through.requests.filter((line) => line.startsWith('PATCH'))).toEqual([]);
      expect(await served(zone)).toEqual([
        'mail.both.example A 192.0.2.6',
        'only-b.both.example A 192.0.2.11',
        'www.both.example A 192.0.2.1',
      ]);
    });

    it('a zone whose serial stays put on API edits (soa_edit_api unset) is caught by its changed record set', async () => {
      const zone = 'still.example';
      await createZone(zone, '', '192.0.2.1');
      const a = await desired('a', zone, { www: '192.0.2.2' });
      const b = await desired('b', zone, { www: '192.0.2.3' });

      const through = await proxied({ hold: theCheck(zone) });
      const first = cli(['apply', a, '--yes'], env(through));
      await through.held;
      expect((await cli(['apply', b, '--yes'], env())).code).toBe(0);
      through.release();
      const refused = await first;

      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain(
        'zone still.example changed while applying (www.still.example A is 192.0.2.3 ttl 3600, the plan read ' +
          '192.0.2.1 ttl 3600); not published, plan again.',
      );
      expect(await served(zone)).toEqual(['www.still.example A 192.0.2.3']);
    });
  });

  describe('an answer dropped after PowerDNS acted', () => {
    it('a PATCH: the read shows it applied, the step is applied and the run converges', async () => {
      const zone = 'lost.example';
      const seed = await desired('seed', zone, { www: '192.0.2.1' });
      expect((await cli(['apply', seed, '--yes'], env())).code).toBe(0);
      const changed = await desired('changed', zone, { www: '192.0.2.2', new: '192.0.2.3' });

      const through = await proxied({ drop: (method) => method === 'PATCH' });
      const run = await cli(['apply', changed, '--yes'], env(through));

      expect(run.code, run.stdout).toBe(0);
      expect(through.dropped()).toBe(1);
      expect(through.requests.filter((line) => line.startsWith('PATCH'))).toHaveLength(1);
      expect(run.stdout).toContain('✓ zone:lost.example@pdns: 1 API call, published');
      expect(run.stdout).toContain('Converged: a new plan shows no changes.');
      expect(await served(zone)).toEqual(['new.lost.example A 192.0.2.3', 'www.lost.example A 192.0.2.2']);
    });

    it('a zone creation: the read shows the zone with its records, so it is not reported unchanged', async () => {
      const zone = 'created.example';
      const path = await desired('new', zone, { www: '192.0.2.7' });

      const through = await proxied({ drop: (method) => method === 'POST' });
      const run = await cli(['apply', path, '--yes'], env(through));

      expect(run.code, run.stdout).toBe(0);
      expect(through.dropped()).toBe(1);
      expect(run.stdout).toContain('✓ zone:created.example@pdns: 1 API call, published');
      expect(run.stdout).not.toContain('unchanged');
      expect(await served(zone)).toEqual(['www.created.example A 192.0.2.7']);
      expect((await cli(['plan', path], env())).code).toBe(0);
    });
  });
}
