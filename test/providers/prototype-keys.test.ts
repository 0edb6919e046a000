/**
 * Names that are also members of every JavaScript object (`__proto__`, `constructor`, `toString`, … see
 * test/fixtures/prototype-keys.ts) are ordinary names to the services: zones, records, geo services and webapps may
 * be called so. Every map the providers key by server data must keep them as data.
 */
import { describe, expect, it } from 'vitest';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { authed, mockLogin, ok, testProvider } from './helpers/dyn-fixtures.js';
import { wireRecord } from './helpers/dyn-records.js';
import { useNockGuard } from './helpers/nock-guard.js';
import { api, BOT, bots, mockToken, rate, WEBAPP, testProvider as wafProvider } from './waf/waf-fixtures.js';

useNockGuard();

const zoneObject = (zone: string, serial: number) => ({
  zone,
  zone_type: 'Primary',
  serial_style: 'increment',
  serial,
});
const raw = (value: unknown) => JSON.stringify(value);

describe('names that are members of every JavaScript object, read from the wire', () => {
  it('readZones keeps a record set of each type at every such name', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(200, ok([zoneObject('a.test', 7)]));
    const a = PROTOTYPE_KEYS.map((name, i) =>
      wireRecord('A', `${name}.a.test`, { address: '192.0.2.1' }, i + 1),
    );
    const txt = PROTOTYPE_KEYS.map((name, i) =>
      wireRecord('TXT', `${name}.a.test`, { txtdata: name }, PROTOTYPE_KEYS.length + i + 1),
    );
    authed('get', '/AllRecord/a.test/')
      .query({ detail: 'Y' })
      .reply(200, ok({ a_records: a, txt_records: txt }));
    const { provider } = testProvider();
    const live = await provider.readZones(['a.test']);
    const fqdns = PROTOTYPE_KEYS.map((name) => `${name.toLowerCase()}.a.test`).sort();
    expect(live.zones['a.test']?.records.map((set) => `${set.fqdn} ${set.type}`)).toEqual(
      fqdns.flatMap((fqdn) => [`${fqdn} A`, `${fqdn} TXT`]),
    );
  });

  it('reads zones, records and their sets named __proto__ and constructor as data, serials included', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(200, ok([zoneObject('__proto__', 7), zoneObject('constructor', 8)]));
    // Written as text so that the body really has a `__proto__` key (a JS object literal would set the prototype).
    authed('get', '/AllRecord/__proto__/')
      .query({ detail: 'Y' })
      .reply(
        200,
        `{"status":"success","data":{"__proto__":[{"fqdn":"x"}],"a_records":${raw([
          wireRecord('A', '__proto__.__proto__', { address: '192.0.2.1' }, 1),
          wireRecord('A', 'toString.__proto__', { address: '192.0.2.2' }, 2),
        ])}},"msgs":[]}`,
      );
    authed('get', '/AllRecord/constructor/')
      .query({ detail: 'Y' })
      .reply(200, ok({ txt_records: [wireRecord('TXT', 'constructor', { txtdata: 'hasOwnProperty' }, 3)] }));
    const { provider } = testProvider();

    const live = await provider.readZones(['__proto__', 'constructor', 'missing.test']);

    expect(Object.getPrototypeOf(live.zones)).toBe(Object.prototype);
    expect(Object.keys(live.zones)).toEqual(['__proto__', 'constructor', 'missing.test']);
    expect(Object.entries(live.zones).map(([zone, value]) => [zone, value?.serial ?? null])).toEqual([
      ['__proto__', 7],
      ['constructor', 8],
      ['missing.test', null],
    ]);
    const proto = Object.getOwnPropertyDescriptor(live.zones, '__proto__')?.value;
    expect(proto?.records.map((s: { fqdn: string }) => s.fqdn)).toEqual([
      '__proto__.__proto__',
      'tostring.__proto__',
    ]);
    expect(Object.getOwnPropertyDescriptor(live.zones, 'constructor')?.value?.records).toEqual([
      { fqdn: 'constructor', type: 'TXT', records: [{ value: '"hasOwnProperty"', ttl: 300, ref: '3' }] },
    ]);
  });

  it('refuses an rdata whose only field is a __proto__ key instead of reading the value through it', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(200, ok([zoneObject('a.test', 1)]));
    authed('get', '/AllRecord/a.test/')
      .query({ detail: 'Y' })
      .reply(
        200,
        `{"status":"success","data":{"a_records":[{"fqdn":"a.test","ttl":60,"record_id":1,"rdata":{"__proto__":{"address":"192.0.2.1"}}}]},"msgs":[]}`,
      );
    const { provider } = testProvider();
    await expect(provider.readZones(['a.test'])).rejects.toThrow(/a_records\[0\]/);
  });

  it('reads a geo service, group and node named __proto__ and constructor', async () => {
    mockLogin();
    authed('get', '/Geo/')
      .query({ detail: 'Y' })
      .reply(
        200,
        ok([
          {
            name: '__proto__',
            nodes: [{ zone: 'constructor', fqdn: '__proto__.constructor' }],
            groups: [
              { name: 'constructor', countries: ['@@'], rdata: { a_rdata: [{ address: '192.0.2.1' }] } },
            ],
          },
        ]),
      );
    const { provider } = testProvider();
    expect(await provider.readGeoServices()).toEqual([
      {
        name: '__proto__',
        groups: [{ name: 'constructor', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.1'] }] }],
        nodes: [{ zone: 'constructor', fqdn: '__proto__.constructor' }],
      },
    ]);
  });

  it('readWaf answers every ref asked for as an own entry', async () => {
    mockToken();
    const webapps = PROTOTYPE_KEYS.map((name, i) => ({ id: String(i + 1).padStart(32, 'c'), name }));
    api('get', '/company/webapps?page=1&per_page=100').reply(200, webapps, { 'X-Total-Count': '13' });
    for (const webapp of webapps)
      api('get', `/webapps/${webapp.id}/good_bots?page=1&per_page=100`).reply(200, bots({ google: true }));
    const { provider } = wafProvider();
    const live = await provider.readWaf(PROTOTYPE_KEYS);
    expect(Object.keys(live.webapps)).toEqual(PROTOTYPE_KEYS);
    expect(
      Object.entries(live.webapps).map(([ref, webapp]) => [
        ref,
        webapp?.name,
        webapp?.bots.find((b) => b.id === BOT.google)?.enabled,
      ]),
    ).toEqual(PROTOTYPE_KEYS.map((ref) => [ref, ref, true]));
  });

  it('reads webapps named __proto__ as own entries, and one that is missing as null', async () => {
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(
      200,
      [{ id: WEBAPP, name: '__proto__' }],
      rate(498),
    );
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(200, [], rate(497));
    const { provider } = wafProvider();
    const live = await provider.readWaf(['__proto__', 'constructor']);
    expect(Object.keys(live.webapps)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(live.webapps, '__proto__')?.value).toEqual({
      id: WEBAPP,
      name: '__proto__',
      bots: [],
    });
    expect(Object.hasOwn(live.webapps, 'constructor') && live.webapps.constructor).toBeNull();
  });

  it('a WAF error names every field the service lists, `__proto__` too', async () => {
    mockToken();
    const body =
      '{"error_description": "Validation failed", "errors": {"__proto__": ["is not a known field"]}}';
    api('put', '/webapps/w/good_bots').reply(422, body, { 'Content-Type': 'application/json' });
    const { provider } = wafProvider();
    const call = provider.client.call({
      method: 'PUT',
      path: '/webapps/w/good_bots',
      body: [],
      retryable: 'idempotent',
    });
    await expect(call).rejects.toThrow('422 Validation failed (__proto__ is not a known field)');
  });
});
