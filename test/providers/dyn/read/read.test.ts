import { describe, expect, it, vi } from 'vitest';
import { compareRecordSets, type LiveRecordSet } from '../../../../src/model/record-set.js';
import { RECORD_TYPES, requireRecordType } from '../../../../src/model/record-types/registry.js';
import { DYN_CAPABILITIES, DynWireError } from '../../../../src/providers/dyn/index.js';
import { NOT_AT_DYN, requireDynFixture } from '../../../fixtures/record-types/fixtures.js';
import { authed, failure, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { canonicalOf, everyTypeZone, WIRE_RECORDS, wireRecord } from '../../helpers/dyn-records.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

useNockGuard();

const EMPTY_TYPES = {
  aaaa_records: [],
  cname_records: [],
  ns_records: [{ fqdn: 'a.test', record_type: 'NS' }],
  soa_records: [],
};

const aRecord = (fqdn: string, address: string, recordId: number | string, ttl: number | string = 300) =>
  wireRecord('A', fqdn, { address }, recordId, ttl);

const zoneList = () => authed('get', '/Zone/').query({ detail: 'Y' });
const allRecords = (zone: string) => authed('get', `/AllRecord/${zone}/`).query({ detail: 'Y' });

async function readOne(body: unknown) {
  mockLogin();
  zoneList().reply(200, ok([{ zone: 'a.test', serial_style: 'increment', serial: 1 }]));
  allRecords('a.test').reply(200, ok(body));
  const { provider } = testProvider();
  return provider.readZones(['a.test']);
}

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
      records: [],
      unsupported: [],
    });
    expect(live.zones['a.test']).toEqual({
      zone: 'a.test',
      serial: 7,
      serialStyle: 'increment',
      records: [
        { fqdn: 'a.test', type: 'A', records: [{ value: '192.0.2.1', ttl: 3600, ref: '4' }] },
        {
          fqdn: 'www.a.test',
          type: 'A',
          records: [
            { value: '10.0.0.9', ttl: 300, ref: '3' },
            { value: '10.0.0.9', ttl: 300, ref: '6' },
            { value: '10.0.0.10', ttl: 300, ref: '5' },
          ],
        },
      ],
      unsupported: [],
    });
  });

  it('does not read the records of a name the account holds as a secondary zone, and lists every zone', async () => {
    mockLogin();
    zoneList().reply(
      200,
      ok([
        { zone: 'copied.test', zone_type: 'Secondary', serial: 3 },
        { zone: 'a.test', zone_type: 'primary', serial_style: 'increment', serial: 1 },
        { zone: 'odd.test', zone_type: 'Stealth' },
      ]),
    );
    allRecords('a.test').reply(200, ok({ a_records: [] }));
    const { provider } = testProvider();

    const live = await provider.readZones(['copied.test', 'a.test']);

    expect(live.zones['copied.test']).toBeNull();
    expect(live.accountZones).toEqual([
      { zone: 'a.test', type: 'primary' },
      { zone: 'copied.test', type: 'secondary' },
      { zone: 'odd.test' },
    ]);
  });

  it('lists the account zones alone in one request', async () => {
    mockLogin();
    zoneList().reply(200, ok([{ zone: 'b.test', zone_type: 'Primary' }, '/REST/Zone/a.test/']));
    const { provider } = testProvider();
    expect(await provider.readAccountZones?.()).toEqual([
      { zone: 'a.test' },
      { zone: 'b.test', type: 'primary' },
    ]);
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
        records: [{ fqdn: 'x.a.test', type: 'A', records: [{ value: '10.1.1.1', ttl: 300, ref: '1' }] }],
        unsupported: [],
      },
      'gone.test': null,
      'never.test': null,
    });
  });

  it('reports a malformed live record with zone, endpoint, item and field instead of dropping it', async () => {
    const error = await readOne({
      a_records: [aRecord('ok.a.test', '10.0.0.1', 1), aRecord('bad.a.test', '10.0.0.999', 2)],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynWireError);
    expect((error as DynWireError).context).toBe(
      'zone a.test: GET /AllRecord/a.test/?detail=Y a_records[1] (bad.a.test)',
    );
    expect((error as DynWireError).issues).toEqual([expect.stringMatching(/^rdata.*10\.0\.0\.999/)]);
  });

  it('reports a record of any supported type whose rdata or shape does not parse', async () => {
    const badMx = await readOne({
      mx_records: [wireRecord('MX', 'a.test', { preference: 70000, exchange: 'mail.a.test.' }, 1)],
    }).catch((e: unknown) => e);
    expect(badMx).toMatchObject({
      context: 'zone a.test: GET /AllRecord/a.test/?detail=Y mx_records[0] (a.test)',
      issues: [expect.stringMatching(/^rdata\.preference: /)],
    });
    const { ttl: _ttl, ...noTtl } = wireRecord('CNAME', 'web.a.test', { cname: 'www.a.test.' }, 2);
    const missingTtl = await readOne({ cname_records: [noTtl] }).catch((e: unknown) => e);
    expect(missingTtl).toBeInstanceOf(DynWireError);
    expect((missingTtl as DynWireError).issues).toEqual([expect.stringMatching(/^ttl: /)]);
    const notAList = await readOne({ txt_records: { fqdn: 'a.test' } }).catch((e: unknown) => e);
    expect(notAList).toMatchObject({ context: 'zone a.test: GET /AllRecord/a.test/?detail=Y txt_records' });
  });

  it('reads every supported type from a realistic zone, names the others, and leaves the SOA and apex NS out', async () => {
    const live = (await readOne(everyTypeZone())).zones['a.test'];

    const expected: LiveRecordSet[] = [];
    const unsupported = ['a.test PX', 'office.a.test KX'];
    WIRE_RECORDS.forEach((entry, i) => {
      const value = canonicalOf(entry);
      if (value === undefined) unsupported.push(`${entry.fqdn} ${entry.type}`);
      else
        expected.push({
          fqdn: entry.fqdn,
          type: entry.type,
          records: [{ value, ttl: 300, ref: String(100 + i) }],
        });
    });
    expect(live?.records).toEqual(expected.sort(compareRecordSets));
    expect(live?.unsupported).toEqual(unsupported.sort());
    // The others kept with their data, in the order of their RFC's presentation form.
    expect(live?.foreign).toEqual([
      { fqdn: 'a.test', type: 'PX', ttl: 300, rdata: '10 a.test. x400.a.test.' },
      { fqdn: 'office.a.test', type: 'KX', ttl: 300, rdata: '10 kx.a.test.' },
    ]);
    // Every type, value by value: what the reader made of the fixture's rdata is the value its fixture wrote by hand.
    for (const { type, fqdn } of WIRE_RECORDS) {
      const written = requireDynFixture(requireRecordType(type)).both[0]?.value;
      const read = live?.records.find((s) => s.fqdn === fqdn && s.type === type)?.records.map((r) => r.value);
      expect(read, `${type} at ${fqdn}`).toEqual([written]);
    }
    expect(JSON.stringify(live)).not.toMatch(/dynect|SOA/);
  });

  it('has a wire fixture for every registered type, and supports them all', () => {
    const fixtures = new Set(WIRE_RECORDS.map((entry) => entry.type));
    const served = RECORD_TYPES.map((t) => t.type).filter((type) => !NOT_AT_DYN.has(type));
    expect(served.filter((type) => !fixtures.has(type))).toEqual([]);
    expect(DYN_CAPABILITIES.recordTypes).toEqual(served);
    expect(DYN_CAPABILITIES).toMatchObject({
      geoServices: true,
      secondaryZones: true,
      maxRecordsPerName: { A: 13 },
    });
  });

  it('sorts a set by its type order, then by record id as a number', async () => {
    const mx = (preference: number, exchange: string, id: number) =>
      wireRecord('MX', 'a.test', { preference, exchange }, id);
    const live = await readOne({
      mx_records: [mx(20, 'b.a.test.', 10), mx(10, 'z.a.test.', 11), mx(20, 'b.a.test.', 9)],
    });
    expect(live.zones['a.test']?.records).toEqual([
      {
        fqdn: 'a.test',
        type: 'MX',
        records: [
          { value: '10 z.a.test.', ttl: 300, ref: '11' },
          { value: '20 b.a.test.', ttl: 300, ref: '9' },
          { value: '20 b.a.test.', ttl: 300, ref: '10' },
        ],
      },
    ]);
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
