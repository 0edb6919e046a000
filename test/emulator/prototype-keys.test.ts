/**
 * Names that are also members of every plain object (the list is test/fixtures/prototype-keys.ts): a record name,
 * a geo service and a webapp called `__proto__`, `constructor` or `toString`, and a zone whose first label is one,
 * live through seeds, JSON bodies, the state file and every read, as any other name would. A zone called so alone
 * is one label, which the service refuses as a new zone: a seed refuses it too, by its name.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRdata, rdataKey } from '../../src/emulator/dyn/rdata.js';
import { createEmulator, type EmulatorSeed } from '../../src/emulator/index.js';
import { readStateFile, StateWriter } from '../../src/emulator/state-file.js';
import { formFields } from '../../src/emulator/waf/body.js';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { type Harness, SEED, startHarness } from './helpers.js';
import { SHOP_ID, startWaf, type WafHarness } from './waf/helpers.js';

// Time budget: ten times its slowest test (0.8 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

/** Zone and record names are case-insensitive: the service answers them in lower case. */
const lower = (names: readonly string[]) => [...new Set(names.map((n) => n.toLowerCase()))].sort();
const LOWER = lower(PROTOTYPE_KEYS);
const GROUPS = [{ name: 'all', countries: ['@@'], a: ['192.0.2.9'] }];

let h: Harness | undefined;
let w: WafHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  await w?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  h = undefined;
  w = undefined;
  dir = undefined;
});

/** Every name as a record of a.test, a geo service and a webapp. */
const seed: EmulatorSeed = {
  dns: {
    zones: Object.fromEntries([
      [
        'a.test',
        {
          records: PROTOTYPE_KEYS.map((name) => ({
            fqdn: `${name}.a.test`,
            type: 'A',
            rdata: { address: '192.0.2.1' },
          })),
        },
      ],
    ]),
    geo_services: Object.fromEntries(PROTOTYPE_KEYS.map((name) => [name, { groups: GROUPS }])),
  },
  waf: { webapps: PROTOTYPE_KEYS.map((name) => ({ name })) },
};

function names(state: EmulatorSeed) {
  return {
    zones: Object.keys(state.dns?.zones ?? {}),
    records: (state.dns?.zones?.['a.test']?.records ?? []).filter((r) => r.type === 'A').map((r) => r.fqdn),
    geo: Object.keys(state.dns?.geo_services ?? {}),
    webapps: (state.waf?.webapps ?? []).map((w) => w.name).sort(),
  };
}

/**
 * Zones `<name>.test` of every such name, each with a record at `__proto__.<zone>`; geo services of every name (as
 * JSON text would give them: `Object.fromEntries` makes own `__proto__` keys), each with a group `__proto__` and a
 * node in zone `tostring.test`.
 */
const zonesSeed = Object.fromEntries(
  PROTOTYPE_KEYS.map((name) => [
    `${name}.test`,
    { records: [{ fqdn: `__proto__.${name}.test`, type: 'A', rdata: { address: '192.0.2.1' } }] },
  ]),
);
const ZONES = LOWER.map((name) => `${name}.test`);
const geoSeed = Object.fromEntries(
  PROTOTYPE_KEYS.map((name) => [
    name,
    {
      groups: [{ name: '__proto__', countries: ['@@'], a: ['192.0.2.2'] }],
      nodes: [{ zone: 'toString.test', fqdn: `${name}.geo.toString.test` }],
    },
  ]),
);

describe('names that are members of every JavaScript object, in the emulator', () => {
  it('survive seed → snapshot → state file → seed', async () => {
    const emulator = createEmulator({ seed });
    const snapshot = emulator.snapshot();
    expect(names(snapshot)).toEqual({
      zones: ['a.test'],
      records: LOWER.map((name) => `${name}.a.test`),
      geo: PROTOTYPE_KEYS,
      webapps: PROTOTYPE_KEYS,
    });
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-proto-'));
    const path = join(dir, 'state.json');
    await new StateWriter(path).write(snapshot);
    const reloaded = createEmulator({ seed: await readStateFile(path) });
    expect(reloaded.snapshot()).toEqual(snapshot);
  });

  it('seed: zones, record names and geo services keep them, through reads, snapshot and the state file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-proto-'));
    const statePath = join(dir, 'state.json');
    h = await startHarness({ seed: { dns: { zones: zonesSeed, geo_services: geoSeed } }, statePath });
    const token = await h.login();
    const list = await h.call('GET', '/Zone/', { token });
    expect(list.body.data).toEqual(ZONES.map((z) => `/REST/Zone/${z}/`));
    for (const zone of ZONES) {
      const tree = await h.call('GET', `/AllRecord/${zone}/__proto__.${zone}/?detail=Y`, { token });
      expect((tree.body.data as { a_records: unknown[] }).a_records).toMatchObject([
        { fqdn: `__proto__.${zone}`, rdata: { address: '192.0.2.1' } },
      ]);
    }
    for (const name of PROTOTYPE_KEYS) {
      const service = await h.call('GET', `/Geo/${name}/`, { token });
      expect(service.body.data).toMatchObject({ name, groups: [{ name: '__proto__' }] });
    }
    const nodes = await h.call('GET', '/NodeList/tostring.test/geo.tostring.test/', { token });
    expect(nodes.body.data).toEqual(['geo.tostring.test', ...LOWER.map((n) => `${n}.geo.tostring.test`)]);
    await h.call('POST', '/ARecord/__proto__.test/www.__proto__.test/', {
      token,
      body: { rdata: { address: '192.0.2.3' }, ttl: 300 },
    });
    await h.call('PUT', '/Zone/__proto__.test/', { token, body: { publish: 1 } });
    await h.close();
    const saved = JSON.parse(await readFile(statePath, 'utf8')) as {
      dns: { zones: object; geo_services: object };
    };
    expect(Object.keys(saved.dns.zones)).toEqual(ZONES);
    expect(Object.keys(saved.dns.geo_services)).toEqual(PROTOTYPE_KEYS);
    h = await startHarness({ statePath });
    const again = await h.call('GET', '/ARecord/__proto__.test/www.__proto__.test/', {
      token: await h.login(),
    });
    expect(again.body.data).toHaveLength(1);
    expect(Object.hasOwn(h.emulator.snapshot().dns?.zones ?? {}, '__proto__.test')).toBe(true);
  });

  it('seed: a zone called so alone is refused by its name, as the service refuses it as a new zone', () => {
    const zones = Object.fromEntries(PROTOTYPE_KEYS.map((name) => [name, {}]));
    let message = '';
    try {
      createEmulator({ seed: { dns: { zones } } });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').slice(1)).toEqual(
      PROTOTYPE_KEYS.map(
        (name) =>
          `  - dns.zones.${name}: not a valid zone name: the service takes two labels or more, each of letters, digits, "-" and "_"`,
      ),
    );
  });

  it('API: a zone, records and geo services named so are created, listed and read like any other', async () => {
    h = await startHarness({ seed: { dns: { zones: {} } } });
    const token = await h.login();
    expect(
      (await h.call('POST', '/Zone/constructor.example/', { token, body: { rname: 'a@x.example', ttl: 60 } }))
        .status,
    ).toBe(200);
    for (const name of PROTOTYPE_KEYS) {
      const add = await h.call('POST', `/TXTRecord/constructor.example/${name}.constructor.example/`, {
        token,
        body: { rdata: { txtdata: name }, ttl: 300 },
      });
      expect([name, add.status]).toEqual([name, 200]);
      const created = await h.call('POST', `/Geo/${name}/`, {
        token,
        body: { groups: [{ name, countries: ['@@'], rdata: { a_rdata: [{ address: '192.0.2.4' }] } }] },
      });
      expect([name, created.status]).toEqual([name, 200]);
    }
    await h.call('PUT', '/Zone/constructor.example/', { token, body: { publish: true } });
    const nodes = await h.call('GET', '/NodeList/constructor.example/', { token });
    expect(nodes.body.data).toEqual(['constructor.example', ...LOWER.map((n) => `${n}.constructor.example`)]);
    expect((await h.call('GET', '/Geo/', { token })).body.data).toEqual(
      PROTOTYPE_KEYS.map((n) => `/REST/Geo/${n}/`),
    );
    expect(Object.keys(h.emulator.snapshot().dns?.geo_services ?? {})).toEqual(PROTOTYPE_KEYS);
  });

  it('API: a `__proto__` geo service and node are served over HTTP like any other name', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const body = {
      groups: [{ name: '__proto__', countries: ['DE'], rdata: { a_rdata: [{ address: '192.0.2.5' }] } }],
    };
    expect((await h.call('POST', '/Geo/__proto__/', { token, body })).status).toBe(200);
    const record = { rdata: { address: '192.0.2.6' }, ttl: 60 };
    await h.call('POST', '/ARecord/example.com/__proto__.example.com/', { token, body: record });
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    const geo = await h.call('GET', '/Geo/?detail=Y', { token });
    expect((geo.body.data as { name: string }[]).map((s) => s.name)).toEqual(['__proto__']);
    const node = await h.call('GET', '/ARecord/example.com/__proto__.example.com/?detail=Y', { token });
    expect(node.body.data).toEqual([expect.objectContaining({ rdata: { address: '192.0.2.6' } })]);
  });

  it('API: a body whose keys are __proto__ or constructor neither sets nor hides a field', async () => {
    h = await startHarness({ seed: { dns: { zones: { 'example.com': {} } } } });
    const token = await h.login();
    const call = (method: string, path: string, raw: string) => h?.call(method, path, { token, raw });
    const hidden = await call(
      'POST',
      '/ARecord/example.com/a.example.com/',
      '{"__proto__":{"rdata":{"address":"192.0.2.1"}}}',
    );
    expect(hidden?.body.msgs[0]?.INFO).toBe('address: required field missing');
    const nested = await call(
      'POST',
      '/ARecord/example.com/a.example.com/',
      '{"rdata":{"__proto__":{"address":"192.0.2.1"}}}',
    );
    expect(nested?.body.msgs[0]?.INFO).toBe('address: required field missing');
    const publish = await call(
      'PUT',
      '/Zone/example.com/',
      '{"__proto__":{"publish":true},"constructor":{"publish":1}}',
    );
    expect(publish?.body.msgs[0]?.INFO).toBe('publish: required field missing');
  });

  it('a record type named like a prototype member has no rdata fields, like any unknown type', () => {
    for (const type of PROTOTYPE_KEYS) {
      expect(parseRdata(type, { address: '192.0.2.1' })).toEqual({ rdata: {} });
      expect(rdataKey(type, {})).toBe('');
    }
  });

  it('WAF: webapps named so are served, and a __proto__ field of a bot update is refused', async () => {
    w = await startWaf({
      waf: { bots: [{ name: 'Googlebot' }], webapps: PROTOTYPE_KEYS.map((name) => ({ name })) },
    });
    const token = await w.token();
    const list = await w.call('GET', '/api/v3/company/webapps', { token });
    const webapps = list.body as { id: string; name: string }[];
    expect(webapps.map((app) => app.name).sort()).toEqual(PROTOTYPE_KEYS);
    const proto = webapps.find((app) => app.name === '__proto__');
    const bots = await w.call('GET', `/api/v3/webapps/${proto?.id}/good_bots`, { token });
    const [bot] = bots.body as { id: string }[];
    const put = await w.call('PUT', `/api/v3/webapps/${proto?.id}/good_bots/${bot?.id}`, {
      token,
      raw: '{"enabled":true,"__proto__":{"enabled":false}}',
    });
    expect([put.status, put.body]).toMatchObject([422, { errors: { __proto__: ['is not a known field'] } }]);
    expect(Object.keys((put.body as { errors: object }).errors)).toEqual(['__proto__']);
  });

  it('WAF: the default seed refuses a `__proto__` field in a good-bot write like any unknown field', async () => {
    w = await startWaf();
    const token = await w.token();
    const path = `/api/v3/webapps/${SHOP_ID}/good_bots/${'2'.repeat(32)}`;
    const reply = await w.call('PUT', path, { token, raw: '{"enabled": true, "__proto__": {"x": 1}}' });
    expect(reply).toMatchObject({
      status: 422,
      body: { errors: { ['__proto__']: ['is not a known field'] } },
    });
    expect(Object.keys((reply.body as { errors: object }).errors)).toEqual(['__proto__']);
  });

  it('WAF: the token endpoint keeps every multipart field, `__proto__` too', () => {
    const raw = ['--b', 'Content-Disposition: form-data; name="__proto__"', '', 'x', '--b--', ''].join(
      '\r\n',
    );
    const fields = formFields('multipart/form-data; boundary=b', Buffer.from(raw), new URLSearchParams());
    expect(Object.entries(fields)).toEqual([['__proto__', 'x']]);
  });
});
