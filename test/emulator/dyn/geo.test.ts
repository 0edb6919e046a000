import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, SEED, startEmulator } from '../helpers.js';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startEmulator({ seed: SEED });
  token = await h.login();
});
afterEach(() => h.close());

const GEO = '/Geo/Global%20Web/';
const group = (name: string, countries: string[], address: string) => ({
  name,
  countries,
  rdata: { a_rdata: [{ address }] },
});
/** Every `<type>_rdata` key of a group as the service returns it (a live GET /Geo/ sample), `[]` when empty. */
const GROUP_RDATA_KEYS =
  'a aaaa cert cname dhcid dname dnskey ds ipseckey key kx loc mx naptr ns nsap ptr px rp soa spf srv sshfp txt'
    .split(' ')
    .map((t) => `${t}_rdata`);
const served = (name: string, countries: string[], rdata: Record<string, unknown[]>) => ({
  name,
  countries,
  rdata: { ...Object.fromEntries(GROUP_RDATA_KEYS.map((k) => [k, []])), ...rdata },
});
const msgs = (body: { msgs: { INFO: string; ERR_CD: string | null }[] }) =>
  body.msgs.map((m) => `${m.ERR_CD ?? '-'} ${m.INFO}`);

async function createService(nodes?: unknown) {
  return h.call('POST', GEO, {
    token,
    body: { groups: [group('Europe', ['DE', 'FR'], '192.0.2.50')], ...(nodes ? { nodes } : {}) },
  });
}

describe('geo services', () => {
  it('creates with a URL-encoded name and no publish; reads and lists it (detail or paths)', async () => {
    const created = await createService([{ zone: 'example.com', fqdn: 'geo.example.com' }]);
    expect(created.status).toBe(200);
    const service = {
      name: 'Global Web',
      active: 'Y',
      ttl: 30,
      nodes: [{ fqdn: 'geo.example.com', zone: 'example.com' }],
      groups: [served('Europe', ['DE', 'FR'], { a_rdata: [{ address: '192.0.2.50' }] })],
    };
    expect(created.body.data).toEqual(service);
    expect((await h.call('GET', GEO, { token })).body.data).toEqual(service);
    expect((await h.call('GET', '/Geo/?detail=Y', { token })).body.data).toEqual([service]);
    const list = await h.call('GET', '/Geo/', { token });
    expect([list.body.data, msgs(list.body)]).toEqual([
      ['/REST/Geo/Global%20Web/'],
      ['- GET: Found 1 services'],
    ]);
    expect(h.emulator.snapshot().dns?.geo_services?.['Global Web']).toBeDefined();
    expect((await h.call('GET', '/Geo/global%20web/', { token })).status).toBe(404);
  });

  it('makes a geo-linked node visible in NodeList and refuses plain A records there', async () => {
    await createService([{ zone: 'example.com', fqdn: 'geo.example.com' }]);
    const nodes = await h.call('GET', '/NodeList/example.com/', { token });
    expect(nodes.body.data).toContain('geo.example.com');
    const below = await h.call('GET', '/NodeList/example.com/geo.example.com/', { token });
    expect(below.body.data).toEqual(['geo.example.com']);
    const add = await h.call('POST', '/ARecord/example.com/geo.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.9' }, ttl: 60 },
    });
    expect([add.status, msgs(add.body)]).toEqual([
      400,
      [
        'ILLEGAL_OPERATION node: geo.example.com is served by geo service Global Web; it cannot hold A records',
        '- add: Could not create A record',
      ],
    ]);
  });

  it('PUT updates only the fields sent: nodes alone links nodes and keeps the groups', async () => {
    await createService();
    const put = await h.call('PUT', GEO, {
      token,
      body: { nodes: [{ zone: 'example.com', fqdn: 'geo.example.com.' }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      groups: [group('Europe', ['DE', 'FR'], '192.0.2.50')],
      nodes: [{ fqdn: 'geo.example.com', zone: 'example.com' }],
    });
    const regroup = await h.call('PUT', GEO, {
      token,
      body: { groups: [group('All', ['@@'], '192.0.2.70')] },
    });
    expect(regroup.body.data).toMatchObject({
      groups: [group('All', ['@@'], '192.0.2.70')],
      nodes: [{ fqdn: 'geo.example.com', zone: 'example.com' }],
    });
    const unlink = await h.call('PUT', GEO, { token, body: { nodes: [] } });
    expect(unlink.body.data).toMatchObject({ nodes: [] });
    const deleted = await h.call('DELETE', GEO, { token });
    expect([deleted.status, deleted.body.data]).toEqual([200, {}]);
    expect((await h.call('DELETE', GEO, { token })).status).toBe(404);
  });

  it.each([
    ['no groups', {}, 400, ['MISSING_DATA groups: required field missing']],
    [
      'an empty group list',
      { groups: [] },
      400,
      ['INVALID_DATA groups: At least one group is required', '- create: Service not created'],
    ],
    [
      'a bad country',
      { groups: [group('X', ['XX'], '192.0.2.1')] },
      400,
      ['INVALID_DATA countries: XX is not a valid country or region code', '- create: Service not created'],
    ],
    [
      'a country in two groups',
      { groups: [group('A', ['DE'], '192.0.2.1'), group('B', ['DE'], '192.0.2.2')] },
      400,
      ['INVALID_DATA countries: DE is already in group A', '- create: Service not created'],
    ],
    [
      'a bad address',
      { groups: [group('A', ['DE'], '192.0.2.300')] },
      400,
      ['INVALID_DATA address: Not a valid IP address', '- create: Service not created'],
    ],
    [
      'a node of an unknown zone',
      { groups: [group('A', ['DE'], '192.0.2.1')], nodes: [{ zone: 'nope.test', fqdn: 'x.nope.test' }] },
      404,
      ['NOT_FOUND zone: No such zone', '- create: Service not created'],
    ],
    [
      'a node with plain A records',
      {
        groups: [group('A', ['DE'], '192.0.2.1')],
        nodes: [{ zone: 'example.com', fqdn: 'www.example.com' }],
      },
      400,
      [
        'ILLEGAL_OPERATION node: www.example.com has A records; a node served by a geo service has none of its own',
        '- create: Service not created',
      ],
    ],
  ])('refuses a create with %s, changing nothing', async (_, body, status, expected) => {
    const reply = await h.call('POST', GEO, { token, body });
    expect([reply.status, reply.body.status, msgs(reply.body)]).toEqual([status, 'failure', expected]);
    expect((await h.call('GET', '/Geo/', { token })).body.data).toEqual([]);
  });

  it('refuses a second service on a linked node and a duplicate name', async () => {
    await createService([{ zone: 'example.com', fqdn: 'geo.example.com' }]);
    const other = await h.call('POST', '/Geo/Other/', {
      token,
      body: {
        groups: [group('A', ['@@'], '192.0.2.1')],
        nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
      },
    });
    expect(msgs(other.body)).toEqual([
      'TARGET_EXISTS node: geo.example.com is already linked to geo service Global Web',
      '- create: Service not created',
    ]);
    const twice = await createService();
    expect([twice.status, msgs(twice.body)]).toEqual([
      400,
      ['TARGET_EXISTS name: Name already exists', '- create: Service not created'],
    ]);
  });
});

describe('geo groups serve A, AAAA and CNAME', () => {
  const v6 = { name: 'Asia', countries: ['JP'], rdata: { aaaa_rdata: [{ address: '2001:db8::50' }] } };
  const alias = { name: 'Rest', countries: ['@@'], rdata: { cname_rdata: [{ cname: 'web.example.net.' }] } };

  it('keeps and serves aaaa_rdata and cname_rdata beside a_rdata, every rdata key present', async () => {
    const body = { groups: [group('Europe', ['DE'], '192.0.2.50'), v6, alias], nodes: [] };
    const created = await h.call('POST', GEO, { token, body });
    expect(created.status).toBe(200);
    const expected = [
      served('Europe', ['DE'], { a_rdata: [{ address: '192.0.2.50' }] }),
      served('Asia', ['JP'], { aaaa_rdata: [{ address: '2001:db8::50' }] }),
      served('Rest', ['@@'], { cname_rdata: [{ cname: 'web.example.net.' }] }),
    ];
    expect((created.body.data as { groups: unknown }).groups).toEqual(expected);
    expect(((await h.call('GET', GEO, { token })).body.data as { groups: unknown }).groups).toEqual(expected);
    const seeded = h.emulator.snapshot().dns?.geo_services?.['Global Web']?.groups;
    expect(seeded).toEqual([
      { name: 'Europe', countries: ['DE'], a: ['192.0.2.50'] },
      { name: 'Asia', countries: ['JP'], aaaa: ['2001:db8::50'] },
      { name: 'Rest', countries: ['@@'], cname: 'web.example.net.' },
    ]);
  });

  it.each([
    [
      'no record data',
      { name: 'X', countries: ['DE'], rdata: {} },
      'MISSING_DATA rdata: required field missing',
    ],
    [
      'a bad IPv6 address',
      { name: 'X', countries: ['DE'], rdata: { aaaa_rdata: [{ address: '2001:db8::g' }] } },
      'INVALID_DATA address: Not a valid IPv6 address',
    ],
    [
      'a bad CNAME target',
      { name: 'X', countries: ['DE'], rdata: { cname_rdata: [{ cname: 'bad name' }] } },
      'INVALID_DATA cname: Not a valid host name',
    ],
    [
      'two CNAMEs',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { cname_rdata: [{ cname: 'a.example.net.' }, { cname: 'b.example.net.' }] },
      },
      'INVALID_DATA cname_rdata: A group may serve at most 1 CNAME record',
    ],
    [
      'a CNAME beside addresses',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { a_rdata: [{ address: '192.0.2.1' }], cname_rdata: [{ cname: 'a.example.net.' }] },
      },
      'ILLEGAL_OPERATION cname_rdata: A group that serves a CNAME record serves nothing else',
    ],
    [
      'data of a type the emulator does not keep',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { a_rdata: [{ address: '192.0.2.1' }], mx_rdata: [{ preference: 1 }] },
      },
      'INVALID_DATA mx_rdata: The emulator keeps only a_rdata, aaaa_rdata and cname_rdata',
    ],
    [
      'the same address twice',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { aaaa_rdata: [{ address: '2001:db8::1' }, { address: '2001:DB8:0::1' }] },
      },
      'TARGET_EXISTS make: Cannot duplicate existing record data',
    ],
  ])('refuses a group with %s', async (_, bad, first) => {
    const reply = await h.call('POST', GEO, { token, body: { groups: [bad] } });
    expect([reply.status, msgs(reply.body)]).toEqual([400, [first, '- create: Service not created']]);
  });

  it('refuses AAAA, CNAME and ALIAS at a node it serves, and linking a node that holds them', async () => {
    await h.call('POST', '/Zone/geo.test/', { token, body: { rname: 'admin@geo.test', ttl: 3600 } });
    const nodes = [
      { zone: 'example.com', fqdn: 'geo.example.com' },
      { zone: 'geo.test', fqdn: 'geo.test' },
    ];
    expect((await h.call('POST', GEO, { token, body: { groups: [v6], nodes } })).status).toBe(200);
    for (const [zone, type, fqdn, rdata] of [
      ['example.com', 'AAAA', 'geo.example.com', { address: '2001:db8::9' }],
      ['example.com', 'CNAME', 'geo.example.com', { cname: 'x.example.net.' }],
      ['geo.test', 'ALIAS', 'geo.test', { alias: 'x.example.net.' }],
    ] as const) {
      const add = await h.call('POST', `/${type}Record/${zone}/${fqdn}/`, { token, body: { rdata } });
      expect(msgs(add.body)).toEqual([
        `ILLEGAL_OPERATION node: ${fqdn} is served by geo service Global Web; it cannot hold ${type} records`,
        `- add: Could not create ${type} record`,
      ]);
    }
    await h.call('POST', '/CNAMERecord/example.com/c.example.com/', {
      token,
      body: { rdata: { cname: 'x.example.net.' } },
    });
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    const link = await h.call('PUT', GEO, {
      token,
      body: { nodes: [{ zone: 'example.com', fqdn: 'c.example.com' }] },
    });
    expect(msgs(link.body)).toEqual([
      'ILLEGAL_OPERATION node: c.example.com has CNAME records; a node served by a geo service has none of its own',
      '- update: Service not updated',
    ]);
  });

  it('refuses at publish a pending record at a node linked to a service after it was written', async () => {
    await h.call('POST', '/AAAARecord/example.com/late.example.com/', {
      token,
      body: { rdata: { address: '2001:db8::2' } },
    });
    const link = await h.call('POST', GEO, {
      token,
      body: { groups: [v6], nodes: [{ zone: 'example.com', fqdn: 'late.example.com' }] },
    });
    expect(link.status).toBe(200);
    const refused = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    expect(msgs(refused.body)).toEqual([
      'OPERATION_FAILED publish: AAAA records at late.example.com: late.example.com is served by geo service Global Web; it cannot hold AAAA records',
      '- publish: Could not publish example.com',
    ]);
  });
});

describe('state file', () => {
  it('keeps secondary zones and geo services across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-geo-state-'));
    const statePath = join(dir, 'state.json');
    try {
      const first = await startEmulator({ seed: SEED, statePath });
      const t = await first.login();
      await first.call('POST', '/Secondary/p.example/', { token: t, body: { masters: ['198.51.100.1'] } });
      await first.call('POST', GEO, {
        token: t,
        body: {
          groups: [group('All', ['@@'], '192.0.2.1')],
          nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
        },
      });
      await first.close();
      const second = await startEmulator({ statePath });
      const t2 = await second.login();
      expect((await second.call('GET', '/Secondary/', { token: t2 })).body.data).toEqual([
        '/REST/Secondary/p.example/',
      ]);
      expect((await second.call('GET', '/NodeList/example.com/', { token: t2 })).body.data).toContain(
        'geo.example.com',
      );
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
