import { randomBytes } from 'node:crypto';
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import type { CountedStep } from '../../../src/model/provider.js';
import { createHttpTransport } from '../../../src/providers/http/transport.js';
import { pdnsApplyRequests } from '../../../src/providers/pdns/apply-requests.js';
import { PdnsClient } from '../../../src/providers/pdns/client.js';
import {
  createPdnsProvider,
  labelPdnsOp,
  PdnsConfigError,
  PdnsDnsUpdateOffError,
  PdnsUpdateClient,
  parsePdnsOp,
  pdnsCapabilities,
  pdnsCompiler,
  pdnsConnectionFromEnv,
  updaterOf,
} from '../../../src/providers/pdns/index.js';
import { POWERDNS } from '../../../src/providers/pdns/plugin.js';
import type { DnsUpdater } from '../../../src/providers/pdns/update-client.js';
import { PdnsWriter } from '../../../src/providers/pdns/write.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';
import { Rfc2136Error } from '../../../src/providers/rfc2136/errors.js';
import { tempTree } from '../../config/helpers.js';
import { setWork } from '../helpers/compile-input.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/**
 * The PowerDNS provider writing existing zones by DNS UPDATE: the plan's ops (the RFC 2136 provider's messages, a
 * zone's creation still one POST), what they cost, the settings that switch it on, and the reads the RFC 2136
 * writer's precondition is built from (the SOA as PowerDNS stores it, through the HTTP API). The writes themselves
 * run against a real pdns_server (test/integration/pdns-race.test.ts, test/conformance/pdns-dnsupdate.test.ts).
 */

const BASE = 'http://pdns.test:8081';
const KEY = 'pdns-Very-S3cret-46';
const ZONE = '/api/v1/servers/localhost/zones/a.test.';
const TSIG = { algorithm: 'hmac-sha256' as const, name: 'edgeplan', secret: randomBytes(32) };
const UPDATES = { server: { host: '127.0.0.1', port: 5353 }, key: TSIG };

useNockGuard();

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((provider) => provider.close()));
});

function apiClient(): PdnsClient {
  const transport = createHttpTransport({ baseUrl: `${BASE}/api/v1`, retry: { retries: 0 } });
  open.push(transport);
  return new PdnsClient(transport, KEY, 'localhost');
}

const api = () => nock(BASE, { reqheaders: { 'x-api-key': KEY } });

const SOA = 'ns1.example.net. hostmaster.a.test. 2024010107 10800 3600 604800 3600';

describe('compiling for DNS UPDATE', () => {
  const compiler = pdnsCompiler(undefined, { provider: 'pdns' });

  it("makes an existing zone's changes UPDATE messages, each set with what the plan read and what it becomes", () => {
    const ops = compiler.compileZone({
      zone: 'a.test',
      create: null,
      sets: [
        setWork('www.a.test', 'A', [['192.0.2.2'], 300], [['1', '192.0.2.1', 300]]),
        setWork('old.a.test', 'TXT', null, [['2', '"x"', 60]]),
      ],
    });
    expect(ops).toEqual([
      {
        kind: 'update',
        zone: 'a.test',
        message: 1,
        of: 1,
        sets: [
          { fqdn: 'old.a.test', type: 'TXT', before: { ttl: 60, values: ['"x"'] }, after: null },
          {
            fqdn: 'www.a.test',
            type: 'A',
            before: { ttl: 300, values: ['192.0.2.1'] },
            after: { ttl: 300, values: ['192.0.2.2'] },
          },
        ],
      },
    ]);
    expect(ops.map(parsePdnsOp)).toEqual(ops);
    expect(labelPdnsOp(parsePdnsOp(ops[0]))).toBe(
      'UPDATE a.test: delete old.a.test TXT; www.a.test A 192.0.2.2 ttl 300',
    );
  });

  it('packs a change larger than a message into a chain, as the RFC 2136 provider does', () => {
    const small = pdnsCompiler(undefined, { provider: 'pdns', maxOctets: 80 });
    const sets = ['a', 'b', 'c', 'd'].map((label) => setWork(`${label}.a.test`, 'A', [['192.0.2.9'], 300]));
    const ops = small.compileZone({ zone: 'a.test', create: null, sets });
    expect(ops.length).toBeGreaterThan(1);
    expect(ops.map((op) => (op.kind === 'update' ? `${op.message}/${op.of}` : op.kind))).toEqual(
      ops.map((_, i) => `${i + 1}/${ops.length}`),
    );
  });

  it('still creates a zone with one POST: DNS UPDATE cannot create one', () => {
    const ops = compiler.compileZone({
      zone: 'new.test',
      create: { rname: 'h@new.test', ttl: 3600, serialStyle: 'increment' },
      sets: [setWork('www.new.test', 'A', [['192.0.2.1'], 60], [], 'new.test')],
    });
    expect(ops.map((op) => op.kind)).toEqual(['create-zone']);
  });

  it('refuses an update op that breaks the RFC 2136 schema (a message after the last)', () => {
    const op = {
      kind: 'update',
      zone: 'a.test',
      message: 2,
      of: 1,
      sets: [{ fqdn: 'a.test', type: 'A', before: null, after: { ttl: 60, values: ['192.0.2.1'] } }],
    };
    expect(() => parsePdnsOp(op)).toThrow('message: message must not be after the last (of)');
  });

  it('counts per message the SOA read, the UPDATE and the serial read, then the check per zone', () => {
    const step = (...ops: string[]): CountedStep => ({
      target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
      ops: ops.map((kind) => ({ kind })),
    });
    expect(pdnsApplyRequests([step('update')])).toBe(3 + 1);
    expect(pdnsApplyRequests([step('update', 'update')])).toBe(6 + 1);
  });

  it('leaves ALIAS out with DNS UPDATE: it is PowerDNS’s own type, which no UPDATE message carries', () => {
    expect(pdnsCapabilities({ alias: true }).recordTypes).toContain('ALIAS');
    expect(pdnsCapabilities({ alias: true, dnsUpdate: true }).recordTypes).not.toContain('ALIAS');
    expect(
      POWERDNS.capabilities({ alias: true, dnsupdate_server_env: 'EDGEPLAN_X' }).recordTypes,
    ).not.toContain('ALIAS');
  });

  it('writes the apex NS set through the HTTP API only, and says so by DNS UPDATE', () => {
    expect(pdnsCapabilities().apexNs).toBe(true);
    expect(pdnsCapabilities({ dnsUpdate: true })).toMatchObject({
      apexNs: false,
      apexNsAdvice: expect.stringContaining('leave out dnsupdate_server_env and dnsupdate_tsig_env'),
    });
  });

  it('writes the SOA through the HTTP API only, and says so by DNS UPDATE', () => {
    expect(pdnsCapabilities().recordTypes).toContain('SOA');
    const byUpdate = pdnsCapabilities({ dnsUpdate: true });
    expect(byUpdate.recordTypes).not.toContain('SOA');
    expect(byUpdate.typeAdvice?.SOA).toContain('leave out dnsupdate_server_env and dnsupdate_tsig_env');
    expect(pdnsCapabilities().typeAdvice?.SOA).toBeUndefined();
  });
});

describe('what DNS UPDATE cannot write faithfully to PowerDNS', () => {
  it('refuses a CAA record with an empty value: PowerDNS 4.7 would serve it as one NUL octet', () => {
    const problem = pdnsCapabilities({ dnsUpdate: true }).valueProblem;
    expect(problem?.('CAA', '0 issue ""')).toBe(
      'writes by DNS UPDATE, and PowerDNS serves a CAA value written so empty as one NUL octet: write ' +
        '`0 issue ";"` to let no CA issue',
    );
    for (const value of ['0 issue ";"', '0 issue "a"', '128 iodef "mailto:a@b.example"'])
      expect(problem?.('CAA', value), value).toBeNull();
    expect(problem?.('TXT', '""')).toBeNull();
    expect(pdnsCapabilities({ alias: true }).valueProblem?.('CAA', '0 issue ""')).toBeNull();
  });
});

describe('the settings', () => {
  const names = {
    provider: 'pdns',
    urlEnv: 'U',
    apiKeyEnv: 'K',
    dnsUpdate: { serverEnv: 'S', tsigEnv: 'T' },
  };
  const base = { U: 'http://127.0.0.1:8081', K: KEY };
  const secret = TSIG.secret.toString('base64');

  it('reads the DNS address and the TSIG key', () => {
    const connection = pdnsConnectionFromEnv(
      { ...base, S: '127.0.0.1:5353', T: `edgeplan:${secret}` },
      names,
    );
    expect(connection.dnsUpdate).toEqual(UPDATES);
    expect(pdnsConnectionFromEnv(base, { ...names, dnsUpdate: undefined }).dnsUpdate).toBeUndefined();
  });

  it('names each missing or unusable variable, never the secret', () => {
    expect(() => pdnsConnectionFromEnv(base, names)).toThrow(
      'PowerDNS provider "pdns" configuration: missing S, T',
    );
    const bad = () => pdnsConnectionFromEnv({ ...base, S: '127.0.0.1', T: `md5:edgeplan:${secret}` }, names);
    expect(bad).toThrow(PdnsConfigError);
    expect(bad).toThrow('not usable: S (HOST:PORT, e.g. 127.0.0.1:53), T ([algorithm:]keyname:base64secret)');
    expect(bad).not.toThrow(secret);
  });

  it('refuses one of the two settings without the other, at its place', async () => {
    const provider = (extra: string) =>
      `providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY${extra} }\n`;
    const problems = async (yaml: string) => {
      const dir = await tempTree({ 'p.yaml': yaml });
      const loaded = await loadDesiredState([dir], { catalogue: PROVIDER_CATALOGUE });
      return loaded.ok ? [] : loaded.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${dir}/`, ''));
    };
    expect(await problems(provider(', dnsupdate_server_env: EDGEPLAN_PDNS_DNS'))).toEqual([
      'p.yaml:2:91: EP1302 dnsupdate_server_env needs dnsupdate_tsig_env beside it',
    ]);
    expect(await problems(provider(', dnsupdate_tsig_env: EDGEPLAN_PDNS_TSIG'))).toEqual([
      'p.yaml:2:91: EP1302 dnsupdate_tsig_env needs dnsupdate_server_env beside it',
    ]);
    expect(
      await problems(
        provider(', dnsupdate_server_env: EDGEPLAN_PDNS_DNS, dnsupdate_tsig_env: EDGEPLAN_PDNS_TSIG'),
      ),
    ).toEqual([]);
    // Each key lacking is named, when a key needs several.
    const catalogue = {
      ...PROVIDER_CATALOGUE,
      types: PROVIDER_CATALOGUE.types.map((type) =>
        type.type === 'powerdns' ? { ...type, requiredWith: { alias: ['server', 'zone_kind'] } } : type,
      ),
    };
    const dir = await tempTree({ 'p.yaml': provider(', alias: true') });
    const loaded = await loadDesiredState([dir], { catalogue });
    expect(loaded.ok ? [] : loaded.diagnostics.map((d) => d.message)).toEqual([
      'alias needs server and zone_kind beside it',
    ]);
  });
});

describe('the reads the precondition is built from', () => {
  const soaOnly = `${ZONE}?rrset_name=a.test.&rrset_type=SOA`;
  const zone = (rrsets: unknown[]) => ({ name: 'a.test.', kind: 'Native', serial: 2024010107, rrsets });
  const soaSet = { name: 'a.test.', type: 'SOA', ttl: 3600, records: [{ content: SOA, disabled: false }] };

  it("reads the SOA as PowerDNS stores it, asking for that rrset alone: the prerequisite's value", async () => {
    api()
      .get(soaOnly)
      .reply(200, zone([soaSet]));
    const client = new PdnsUpdateClient(apiClient(), updaterOf(UPDATES));
    expect(await client.soa('a.test')).toEqual({ name: 'a.test', type: 'SOA', ttl: 3600, value: SOA });
    expect(client.label).toBe('127.0.0.1:5353');
  });

  it('picks the SOA from every rrset when the server ignores the filter, and says no zone when it has none', async () => {
    const www = { name: 'WWW.a.test.', type: 'A', ttl: 60, records: [{ content: '192.0.2.1' }] };
    api()
      .get(soaOnly)
      .reply(200, zone([www, soaSet]));
    api().get('/api/v1/servers/localhost/zones/b.test.?rrset_name=b.test.&rrset_type=SOA').reply(404, {
      error: 'Could not find domain',
    });
    const client = new PdnsUpdateClient(apiClient(), updaterOf(UPDATES));
    expect((await client.soa('a.test'))?.value).toBe(SOA);
    expect(await client.soa('b.test')).toBeNull();
  });

  it('reads the zone as served, SOA first: names as the model writes them, disabled records left out', async () => {
    api()
      .get(ZONE)
      .reply(
        200,
        zone([
          {
            name: 'WWW.a.test.',
            type: 'A',
            ttl: 60,
            records: [{ content: '192.0.2.1' }, { content: '192.0.2.9', disabled: true }],
          },
          soaSet,
          { name: 'off.a.test.', type: 'TXT', ttl: 60, records: [{ content: '"x"', disabled: true }] },
        ]),
      );
    const client = new PdnsUpdateClient(apiClient(), updaterOf(UPDATES));
    expect(await client.transfer('a.test')).toEqual([
      { name: 'a.test', type: 'SOA', ttl: 3600, value: SOA },
      { name: 'www.a.test', type: 'A', ttl: 60, value: '192.0.2.1' },
    ]);
  });

  it("takes the zone's own SOA: not another type at the apex, not a SOA kept below it", async () => {
    const apexNs = { name: 'a.test.', type: 'NS', ttl: 3600, records: [{ content: 'ns1.example.net.' }] };
    const below = {
      name: 'sub.a.test.',
      type: 'SOA',
      ttl: 60,
      records: [{ content: 'ns. h. 99 1 1 1 1' }],
    };
    api()
      .get(soaOnly)
      .reply(200, zone([apexNs, below, soaSet]));
    api()
      .get(ZONE)
      .reply(200, zone([apexNs, below, soaSet]));
    api().get('/api/v1/servers/localhost/zones/b.test.').reply(404, { error: 'Could not find domain' });
    const client = new PdnsUpdateClient(apiClient(), updaterOf(UPDATES));
    expect((await client.soa('a.test'))?.value).toBe(SOA);
    expect((await client.transfer('a.test'))?.map((r) => `${r.name} ${r.type}`)).toEqual([
      'a.test SOA',
      'a.test NS',
      'sub.a.test SOA',
    ]);
    expect(await client.transfer('b.test')).toBeNull();
  });

  it('refuses a zone without exactly one SOA, and reports a failed read as the RFC 2136 client does', async () => {
    api().get(ZONE).reply(200, zone([]));
    api().get(soaOnly).reply(500, { error: 'database is locked' });
    const client = new PdnsUpdateClient(apiClient(), updaterOf(UPDATES));
    await expect(client.transfer('a.test')).rejects.toThrow(
      new Rfc2136Error('GET zone a.test', '127.0.0.1:5353', 'the zone has 0 SOA records, not 1'),
    );
    api().get(ZONE).reply(503, { error: 'busy' });
    await expect(client.transfer('a.test')).rejects.toThrow(
      /^GET zone a\.test at 127\.0\.0\.1:5353: reading it through the HTTP API failed: /,
    );
    const failed = client.soa('a.test');
    await expect(failed).rejects.toThrow(Rfc2136Error);
    await expect(failed).rejects.toThrow(
      /^SOA a\.test at 127\.0\.0\.1:5353: reading it through the HTTP API failed: GET \/api\/v1\/servers\/localhost\/zones\/a\.test\.\?rrset_name=a\.test\.&rrset_type=SOA: HTTP 500: database is locked$/,
    );
  });
});

describe('an UPDATE PowerDNS answers SERVFAIL', () => {
  const SERVFAIL = 2;
  const REFUSED = 5;
  /** A DNS side that answers each UPDATE with the next of `rcodes` and counts them. */
  function updater(rcodes: number[]): DnsUpdater & { sent: number } {
    const fake = {
      label: '127.0.0.1:5353',
      sent: 0,
      get requests() {
        return fake.sent;
      },
      update: async () => {
        fake.sent += 1;
        return { rcode: rcodes.shift() ?? 0 };
      },
    };
    return fake;
  }
  const update = (client: PdnsUpdateClient) =>
    client.update('UPDATE a.test', 'a.test', [], [{ kind: 'delete-rrset', name: 'a.test', type: 'A' }]);

  it('is sent again after the transport’s backoff until it is answered otherwise, four sends at most', async () => {
    const waited: number[] = [];
    const waits = {
      retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 150, maxRetryAfterMs: 0 },
      random: () => 0.5,
      sleep: async (ms: number) => {
        waited.push(ms);
      },
    };
    const twice = updater([SERVFAIL, SERVFAIL, 0]);
    const client = new PdnsUpdateClient(apiClient(), twice, waits);
    expect(await update(client)).toEqual({ rcode: 0 });
    expect(client.requests).toBe(3);
    expect(waited).toEqual([50, 75]);
    const always = updater([SERVFAIL, SERVFAIL, SERVFAIL, SERVFAIL, SERVFAIL]);
    expect(await update(new PdnsUpdateClient(apiClient(), always, waits))).toEqual({ rcode: SERVFAIL });
    expect(always.sent).toBe(4);
  });

  it('another answer is the caller’s at once: a refusal, NOERROR', async () => {
    for (const rcode of [REFUSED, 0]) {
      const once = updater([rcode]);
      expect(await update(new PdnsUpdateClient(apiClient(), once))).toEqual({ rcode });
      expect(once.sent).toBe(1);
    }
  });

  it('waits on the clock without waits given: the backoff of the default retry settings', async () => {
    vi.useFakeTimers();
    try {
      const once = updater([SERVFAIL, 0]);
      const client = new PdnsUpdateClient(apiClient(), once, { random: () => 0.5 });
      const answer = update(client);
      await vi.advanceTimersByTimeAsync(249);
      expect(once.sent).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await answer).toEqual({ rcode: 0 });
      expect(once.sent).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the writer hands UPDATE messages to the RFC 2136 writer', () => {
  const op = {
    kind: 'update',
    zone: 'a.test',
    message: 1,
    of: 1,
    sets: [{ fqdn: 'a.test', type: 'A', before: null, after: { ttl: 60, values: ['192.0.2.1'] } }],
  };

  it('begins, executes and discards through it; PATCH steps leave nothing to discard', async () => {
    const told: string[] = [];
    const updates = {
      begin: (planned: { target: { name: string } }) => {
        told.push(`begin ${planned.target.name}`);
      },
      execute: async (raw: unknown) => {
        told.push(`execute ${(raw as { zone: string }).zone}`);
      },
      discard: async (target: { name: string }) => {
        told.push(`discard ${target.name}`);
        return undefined;
      },
    };
    const writer = new PdnsWriter(apiClient(), {}, updates);
    writer.begin({ target: { kind: 'zone', name: 'a.test', provider: 'pdns' }, serial: 7 });
    await writer.execute(op);
    await writer.discard({ kind: 'zone', name: 'a.test', provider: 'pdns' });
    expect(told).toEqual(['begin a.test', 'execute a.test', 'discard a.test']);
    expect(
      await new PdnsWriter(apiClient()).discard({ kind: 'zone', name: 'a.test', provider: 'pdns' }),
    ).toBeUndefined();
  });

  it('with the settings, an UPDATE the plan read no serial for is refused by that writer, unsent', async () => {
    const provider = createPdnsProvider({
      name: 'pdns',
      url: `${BASE}/api/v1`,
      apiKey: KEY,
      dnsUpdate: UPDATES,
    });
    open.push(provider);
    await expect(provider.execute(op)).rejects.toThrow(
      new Rfc2136Error('UPDATE a.test', '127.0.0.1:5353', 'no serial was read for the zone by the plan'),
    );
  });
});

describe('a plan written for DNS UPDATE, applied by a provider without the settings', () => {
  it('is refused, nothing sent', async () => {
    const provider = createPdnsProvider({ name: 'pdns', url: `${BASE}/api/v1`, apiKey: KEY });
    open.push(provider);
    const op = {
      kind: 'update',
      zone: 'a.test',
      message: 1,
      of: 1,
      sets: [{ fqdn: 'a.test', type: 'A', before: null, after: { ttl: 60, values: ['192.0.2.1'] } }],
    };
    const sent = provider.execute(op);
    await expect(sent).rejects.toThrow(PdnsDnsUpdateOffError);
    await expect(sent).rejects.toThrow(
      'zone a.test: the plan changes it by DNS UPDATE, but this provider has no dnsupdate_server_env and ' +
        'dnsupdate_tsig_env: nothing was sent; set them as when the plan was made, or plan again',
    );
  });
});
