import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeStartedEmulators } from '../../support/emulator.js';
import { type Harness, SEED, startHarness } from '../helpers.js';
import { GEO, group, msgs, served } from './geo-helpers.js';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness({ seed: SEED });
  token = await h.login();
});
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

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
    expect(h.emulator.snapshot().dns?.geo_services?.['Global Web']).toMatchObject({
      ttl: 30,
      nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
    });
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

describe('state file', () => {
  it('keeps secondary zones and geo services across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-geo-state-'));
    const statePath = join(dir, 'state.json');
    try {
      const first = await startHarness({ seed: SEED, statePath });
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
      const second = await startHarness({ statePath });
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
