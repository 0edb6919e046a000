import { describe, expect, it, vi } from 'vitest';
import { readDynInventory } from '../../../../src/providers/dyn/read/read-inventory.js';
import { authed, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { wireRecord } from '../../helpers/dyn-records.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

// Time budget: ten times its slowest test (0.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

useNockGuard();

describe('readDynInventory', () => {
  it('reads every selected primary zone in full, the secondary zones and the geo services with their problems', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(
        200,
        ok([
          { zone: 'a.test', zone_type: 'Primary', serial_style: 'increment', serial: 3 },
          { zone: 'skip.test', zone_type: 'Primary', serial_style: 'increment', serial: 1 },
          { zone: 'p.test', zone_type: 'Secondary' },
        ]),
      );
    authed('get', '/Secondary/')
      .query({ detail: 'Y' })
      .reply(200, ok([{ zone: 'p.test', masters: ['198.51.100.1'], active: 'Y' }]));
    authed('get', '/AllRecord/a.test/')
      .query({ detail: 'Y' })
      .reply(
        200,
        ok({
          soa_records: [wireRecord('SOA', 'a.test', { serial: 3 }, 1)],
          mx_records: [wireRecord('MX', 'a.test', { preference: 10, exchange: 'mail.a.test.' }, 5)],
          kx_records: [wireRecord('KX', 'office.a.test', { preference: 10, exchange: 'kx.a.test.' }, 6)],
        }),
      );
    authed('get', '/Geo/')
      .query({ detail: 'Y' })
      .reply(
        200,
        ok([
          {
            name: 'Web',
            nodes: [{ zone: 'a.test', fqdn: 'www.a.test' }],
            groups: [
              {
                name: 'Europe',
                countries: ['DE', 'XX'],
                rdata: {
                  a_rdata: [{ address: '192.0.2.1' }],
                  aaaa_rdata: [],
                  cname_rdata: [],
                  mx_rdata: [{ preference: 10, exchange: 'mx.example.net.' }],
                  txt_rdata: [{ txtdata: 'x' }],
                },
              },
              { name: 'Empty', countries: ['@@'], rdata: { a_rdata: [] } },
            ],
          },
          {
            name: 'Other',
            groups: [{ name: 'G', countries: ['US'], rdata: { cname_rdata: [{ cname: 'x.example.net.' }] } }],
          },
        ]),
      );
    const { provider } = testProvider();

    const inventory = await readDynInventory(
      provider.client,
      (zone) => zone !== 'skip.test',
      (name) => name === 'Web',
    );

    expect(inventory.zones).toEqual([
      {
        zone: 'a.test',
        records: [
          { fqdn: 'a.test', type: 'MX', records: [{ value: '10 mail.a.test.', ttl: 300, ref: '5' }] },
        ],
        unsupported: ['office.a.test KX'],
        foreign: [{ fqdn: 'office.a.test', type: 'KX', ttl: 300, rdata: '10 kx.a.test.' }],
      },
    ]);
    expect(inventory.secondaryZones.map((z) => z.zone)).toEqual(['p.test']);
    expect(inventory.geoServices).toEqual([
      {
        service: {
          name: 'Web',
          groups: [
            { name: 'Empty', countries: ['@@'], records: [] },
            { name: 'Europe', countries: ['DE', 'XX'], records: [{ type: 'A', values: ['192.0.2.1'] }] },
          ],
          nodes: [{ zone: 'a.test', fqdn: 'www.a.test' }],
        },
        problems: [
          'group Empty has no record data',
          'group Europe answers MX, TXT too (geo groups manage A, AAAA, CNAME)',
          'group Europe has codes edgeplan does not know: XX',
        ],
      },
    ]);
  });
});
