import { describe, expect, it } from 'vitest';
import { DynWireError } from '../../src/providers/dyn/index.js';
import { authed, failure, mockLogin, ok, testProvider } from './helpers/dyn-fixtures.js';
import { useNockGuard } from './helpers/nock-guard.js';

useNockGuard();

const EMPTY_TYPES = {
  aaaa_records: [],
  cname_records: [],
  ns_records: [{ fqdn: 'a.test', record_type: 'NS' }],
  soa_records: [],
};

function aRecord(fqdn: string, address: string, recordId: number | string, ttl: number | string = 300) {
  return { zone: 'a.test', fqdn, record_type: 'A', ttl, rdata: { address }, record_id: recordId };
}

const zoneList = () => authed('get', '/Zone/').query({ detail: 'Y' });
const allRecords = (zone: string) => authed('get', `/AllRecord/${zone}/`).query({ detail: 'Y' });

describe('readZones', () => {
  it('reads with 1 login + 1 zone list + 1 AllRecord per existing managed zone; missing zones are null', async () => {
    mockLogin();
    zoneList().reply(
      200,
      ok([
        { zone: 'a.test', zone_type: 'Primary', serial_style: 'increment', serial: 7 },
        { zone: 'b.test', zone_type: 'Primary', serial_style: 'day', serial: '2024010100' },
        { zone: 'unmanaged.test', zone_type: 'Secondary' },
      ]),
    );
    allRecords('a.test').reply(
      200,
      ok({
        ...EMPTY_TYPES,
        a_records: [
          aRecord('www.a.test', '10.0.0.10', 5),
          aRecord('WWW.a.test.', '10.0.0.9', 6, '300'),
          aRecord('a.test', '192.0.2.1', '4', 3600),
          aRecord('www.a.test', '10.0.0.9', 3),
        ],
      }),
    );
    allRecords('b.test').reply(200, ok({ a_records: [] }));
    const { provider } = testProvider();

    const live = await provider.readZones(['b.test', 'A.test.', 'missing.test']);

    expect(Object.keys(live.zones)).toEqual(['a.test', 'b.test', 'missing.test']);
    expect(live.zones['missing.test']).toBeNull();
    expect(live.zones['b.test']).toEqual({
      zone: 'b.test',
      serial: 2024010100,
      serialStyle: 'day',
      nodes: [],
    });
    expect(live.zones['a.test']).toEqual({
      zone: 'a.test',
      serial: 7,
      serialStyle: 'increment',
      nodes: [
        { fqdn: 'a.test', records: [{ recordId: 4, address: '192.0.2.1', ttl: 3600 }] },
        {
          fqdn: 'www.a.test',
          records: [
            { recordId: 3, address: '10.0.0.9', ttl: 300 },
            { recordId: 6, address: '10.0.0.9', ttl: 300 },
            { recordId: 5, address: '10.0.0.10', ttl: 300 },
          ],
        },
      ],
    });
  });

  it('makes no request when no zone is asked for', async () => {
    const { provider } = testProvider();
    expect(await provider.readZones([])).toEqual({ zones: {} });
  });

  it('falls back to GET /Zone/<zone>/ per managed zone when the list holds resource paths', async () => {
    mockLogin();
    zoneList().reply(200, ok(['/REST/Zone/a.test/', '/REST/Zone/other.test', '/REST/Zone/gone.test/']));
    authed('get', '/Zone/a.test/').reply(
      200,
      ok({ zone: 'a.test', zone_type: 'Primary', serial_style: 'epoch', serial: 1700000000 }),
    );
    authed('get', '/Zone/gone.test/').reply(404, failure('NOT_FOUND', 'zone: No such zone', 'API-B'));
    allRecords('a.test').reply(200, ok({ a_records: [aRecord('x.a.test', '10.1.1.1', 1)] }));
    const { provider } = testProvider();

    const live = await provider.readZones(['a.test', 'gone.test', 'never.test']);

    expect(live.zones).toEqual({
      'a.test': {
        zone: 'a.test',
        serial: 1700000000,
        serialStyle: 'epoch',
        nodes: [{ fqdn: 'x.a.test', records: [{ recordId: 1, address: '10.1.1.1', ttl: 300 }] }],
      },
      'gone.test': null,
      'never.test': null,
    });
  });

  it('reports a malformed live record with zone, endpoint, item and field instead of dropping it', async () => {
    mockLogin();
    zoneList().reply(200, ok([{ zone: 'a.test', serial_style: 'increment', serial: 1 }]));
    allRecords('a.test').reply(
      200,
      ok({ a_records: [aRecord('ok.a.test', '10.0.0.1', 1), aRecord('bad.a.test', '10.0.0.999', 2)] }),
    );
    const { provider } = testProvider();

    const error = await provider.readZones(['a.test']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynWireError);
    expect((error as DynWireError).context).toBe(
      'zone a.test: GET /AllRecord/a.test/?detail=Y a_records[1] (bad.a.test)',
    );
    expect((error as Error).message).toContain('rdata.address: not an IPv4 address');
  });

  it('reports a managed zone object that does not parse', async () => {
    mockLogin();
    zoneList().reply(200, ok([{ zone: 'a.test', serial_style: 'hourly', serial: 1 }]));
    const { provider } = testProvider();
    await expect(provider.readZones(['a.test'])).rejects.toThrow(
      /zone a\.test: GET \/Zone\/\?detail=Y: .*serial_style/,
    );
  });

  it('reports a zone list entry that is neither a zone path nor a zone object', async () => {
    mockLogin();
    zoneList().reply(200, ok(['/REST/Node/a.test/']));
    const { provider } = testProvider();
    await expect(provider.readZones(['a.test'])).rejects.toBeInstanceOf(DynWireError);
  });
});
