/**
 * Names that are also properties of every JavaScript object (`__proto__`, `constructor`, `toString`) are ordinary
 * names to the services: zones, records, geo services and webapps may be called so. Every map the providers key by
 * server data must keep them as data (issue 15).
 */
import { describe, expect, it } from 'vitest';
import { authed, mockLogin, ok, testProvider } from './helpers/dyn-fixtures.js';
import { wireRecord } from './helpers/dyn-records.js';
import { useNockGuard } from './helpers/nock-guard.js';
import { api, mockToken, rate, WEBAPP, testProvider as wafProvider } from './waf/waf-fixtures.js';

useNockGuard();

const zoneObject = (zone: string, serial: number) => ({
  zone,
  zone_type: 'Primary',
  serial_style: 'increment',
  serial,
});
const raw = (value: unknown) => JSON.stringify(value);

describe('names that are object properties', () => {
  it('reads zones, records and their sets named __proto__ and constructor as data', async () => {
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

  it('gives the serial of zones named __proto__ and constructor as own properties', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(200, ok([zoneObject('__proto__', 7), zoneObject('constructor', 8)]));
    const { provider } = testProvider();
    const serials = await provider.readZoneSerials?.(['__proto__', 'constructor', 'missing.test']);
    expect(serials && Object.entries(serials)).toEqual([
      ['__proto__', 7],
      ['constructor', 8],
      ['missing.test', null],
    ]);
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

  it('reads webapps named __proto__ and constructor as own entries', async () => {
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(
      200,
      [{ id: WEBAPP, name: '__proto__' }],
      rate(498),
    );
    api('get', `/webapps/${WEBAPP}/good_bots`).reply(200, [], rate(497));
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
});
