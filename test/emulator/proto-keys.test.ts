/**
 * Names that are also properties of every plain object (issue 15): a zone, a record name, a geo service and a
 * webapp called `__proto__`, `constructor` or `toString` live through seeds, JSON bodies, the state file and every
 * read, as any other name would.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { type Harness, startEmulator } from './helpers.js';
import { startWaf, type WafHarness } from './waf/helpers.js';

const NAMES = ['__proto__', 'constructor', 'toString'] as const;
/** Zone and record names are case-insensitive: the service answers them in lower case. */
const LOWER = NAMES.map((n) => n.toLowerCase());

let h: Harness | undefined;
let w: WafHarness | undefined;
afterEach(async () => {
  await h?.close();
  await w?.close();
  h = undefined;
  w = undefined;
});

/**
 * A seed as JSON text would give it, every `proto_` written `__proto__`: own `__proto__` keys (an object literal
 * would set the prototype instead).
 */
function seedOf(json: object): EmulatorSeed {
  return JSON.parse(JSON.stringify(json).replaceAll('proto_', '__proto__')) as EmulatorSeed;
}

const zones = Object.fromEntries(
  ['proto_', 'constructor', 'toString'].map((zone) => [
    zone,
    { records: [{ fqdn: `proto_.${zone}`, type: 'A', rdata: { address: '192.0.2.1' } }] },
  ]),
);
const geo = Object.fromEntries(
  ['proto_', 'constructor', 'toString'].map((name) => [
    name,
    {
      groups: [{ name: 'proto_', countries: ['@@'], a: ['192.0.2.2'] }],
      nodes: [{ zone: 'toString', fqdn: `${name}.geo.toString` }],
    },
  ]),
);

describe('names that are Object.prototype properties', () => {
  it('seed: zones, record names and geo services keep them, through reads, snapshot and the state file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-proto-'));
    try {
      const statePath = join(dir, 'state.json');
      h = await startEmulator({ seed: seedOf({ dns: { zones, geo_services: geo } }), statePath });
      const token = await h.login();
      const list = await h.call('GET', '/Zone/', { token });
      expect(list.body.data).toEqual(LOWER.map((z) => `/REST/Zone/${z}/`));
      for (const zone of LOWER) {
        const tree = await h.call('GET', `/AllRecord/${zone}/__proto__.${zone}/?detail=Y`, { token });
        expect((tree.body.data as { a_records: unknown[] }).a_records).toMatchObject([
          { fqdn: `__proto__.${zone}`, rdata: { address: '192.0.2.1' } },
        ]);
      }
      for (const name of NAMES) {
        const service = await h.call('GET', `/Geo/${name}/`, { token });
        expect(service.body.data).toMatchObject({ name, groups: [{ name: '__proto__' }] });
      }
      const nodes = await h.call('GET', '/NodeList/tostring/geo.tostring/', { token });
      expect(nodes.body.data).toEqual(['geo.tostring', ...LOWER.map((n) => `${n}.geo.tostring`)]);
      await h.call('POST', '/ARecord/__proto__/www.__proto__/', {
        token,
        body: { rdata: { address: '192.0.2.3' } },
      });
      await h.call('PUT', '/Zone/__proto__/', { token, body: { publish: 1 } });
      await h.close();
      const saved = JSON.parse(await readFile(statePath, 'utf8')) as {
        dns: { zones: object; geo_services: object };
      };
      expect(Object.keys(saved.dns.zones)).toEqual(LOWER);
      expect(Object.keys(saved.dns.geo_services)).toEqual([...NAMES]);
      h = await startEmulator({ statePath });
      const again = await h.call('GET', '/ARecord/__proto__/www.__proto__/', { token: await h.login() });
      expect(again.body.data).toHaveLength(1);
      expect(Object.hasOwn(h.emulator.snapshot().dns?.zones ?? {}, '__proto__')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('API: a zone, records and geo services named so are created, listed and read like any other', async () => {
    h = await startEmulator({ seed: { dns: { zones: {} } } });
    const token = await h.login();
    expect(
      (await h.call('POST', '/Zone/constructor.example/', { token, body: { rname: 'a@x.example', ttl: 60 } }))
        .status,
    ).toBe(200);
    for (const name of NAMES) {
      const add = await h.call('POST', `/TXTRecord/constructor.example/${name}.constructor.example/`, {
        token,
        body: { rdata: { txtdata: name } },
      });
      expect(add.status).toBe(200);
      const created = await h.call('POST', `/Geo/${name}/`, {
        token,
        body: { groups: [{ name, countries: ['@@'], rdata: { a_rdata: [{ address: '192.0.2.4' }] } }] },
      });
      expect([name, created.status]).toEqual([name, 200]);
    }
    await h.call('PUT', '/Zone/constructor.example/', { token, body: { publish: true } });
    const nodes = await h.call('GET', '/NodeList/constructor.example/', { token });
    expect(nodes.body.data).toEqual(['constructor.example', ...LOWER.map((n) => `${n}.constructor.example`)]);
    expect((await h.call('GET', '/Geo/', { token })).body.data).toEqual(NAMES.map((n) => `/REST/Geo/${n}/`));
    expect(Object.keys(h.emulator.snapshot().dns?.geo_services ?? {})).toEqual([...NAMES]);
  });

  it('API: a body whose keys are __proto__ or constructor neither sets nor hides a field', async () => {
    h = await startEmulator({ seed: { dns: { zones: { 'example.com': {} } } } });
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

  it('WAF: a webapp named __proto__ is served, and a __proto__ field of a bot update is refused', async () => {
    w = await startWaf({ waf: { bots: [{ name: 'Googlebot' }], webapps: NAMES.map((name) => ({ name })) } });
    const token = await w.token();
    const list = await w.call('GET', '/api/v3/company/webapps', { token });
    const webapps = list.body as { id: string; name: string }[];
    expect(webapps.map((app) => app.name).sort()).toEqual([...NAMES].sort());
    const proto = webapps.find((app) => app.name === '__proto__');
    const bots = await w.call('GET', `/api/v3/webapps/${proto?.id}/good_bots`, { token });
    const [bot] = bots.body as { id: string }[];
    const put = await w.call('PUT', `/api/v3/webapps/${proto?.id}/good_bots/${bot?.id}`, {
      token,
      raw: '{"enabled":true,"__proto__":{"enabled":false}}',
    });
    expect([put.status, put.body]).toMatchObject([422, { errors: { __proto__: ['is not a known field'] } }]);
    expect(Object.hasOwn((put.body as { errors: object }).errors, '__proto__')).toBe(true);
  });
});
