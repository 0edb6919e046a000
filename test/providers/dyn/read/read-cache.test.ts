import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveZone } from '../../../../src/model/dns.js';
import {
  createFileZoneCache,
  DYN_CAPABILITIES,
  type ZoneCache,
} from '../../../../src/providers/dyn/index.js';
import { accountDirName, zoneFileName } from '../../../../src/providers/dyn/read/zone-cache.js';
import {
  authed,
  CREDENTIALS,
  mockLogin,
  ORIGIN,
  ok,
  PREFIX,
  testProvider,
} from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

// Time budget: ten times its slowest test (0.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

useNockGuard();

const ACCOUNT = { url: `${ORIGIN}${PREFIX}`, customerName: CREDENTIALS.customerName };

const zoneList = (serial: number) =>
  authed('get', '/Zone/')
    .query({ detail: 'Y' })
    .reply(200, ok([{ zone: 'a.test', zone_type: 'Primary', serial_style: 'increment', serial }]));
const allRecords = (address: string) =>
  authed('get', '/AllRecord/a.test/')
    .query({ detail: 'Y' })
    .reply(
      200,
      ok({
        a_records: [
          {
            zone: 'a.test',
            fqdn: 'www.a.test',
            record_type: 'A',
            ttl: 300,
            rdata: { address },
            record_id: 9,
          },
        ],
      }),
    );
const liveWith = (serial: number, address: string): LiveZone => ({
  zone: 'a.test',
  serial,
  serialStyle: 'increment',
  records: [{ fqdn: 'www.a.test', type: 'A', records: [{ value: address, ttl: 300, ref: '9' }] }],
  unsupported: [],
});

let dir: string;
let cache: ZoneCache;
/** Where ACCOUNT's entry of `zone` is (a directory per account, created by the first write). */
const entryPath = (zone: string) => {
  mkdirSync(join(dir, accountDirName(ACCOUNT)), { recursive: true });
  return join(dir, accountDirName(ACCOUNT), zoneFileName(zone));
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'edgeplan-zone-cache-'));
  cache = createFileZoneCache(dir, ACCOUNT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readZones with a zone cache', () => {
  it('serves an unchanged serial from the cache: no AllRecord request, the same LiveZone', async () => {
    mockLogin();
    zoneList(7);
    allRecords('10.0.0.1');
    mockLogin();
    zoneList(7);

    // Two runs, each a session whose first read lists the zones (a later read of a session reads each zone).
    const first = await testProvider({ cache }).provider.readZones(['a.test']);
    const second = await testProvider({ cache }).provider.readZones(['a.test']);

    expect(first.zones['a.test']).toEqual(liveWith(7, '10.0.0.1'));
    expect(second).toEqual(first);
  });

  it('never serves a changed serial from the cache: reads again and replaces the entry', async () => {
    mockLogin();
    zoneList(7);
    allRecords('10.0.0.1');
    mockLogin();
    zoneList(8);
    allRecords('10.0.0.2');

    await testProvider({ cache }).provider.readZones(['a.test']);
    const second = await testProvider({ cache }).provider.readZones(['a.test']);

    expect(second.zones['a.test']).toEqual(liveWith(8, '10.0.0.2'));
    expect(cache.get('a.test')).toEqual(liveWith(8, '10.0.0.2'));
  });

  it('reads again over a corrupt entry, and rewrites it', async () => {
    writeFileSync(entryPath('a.test'), '{"version":1,"account":');
    mockLogin();
    zoneList(7);
    allRecords('10.0.0.1');
    const { provider } = testProvider({ cache });

    expect((await provider.readZones(['a.test'])).zones['a.test']).toEqual(liveWith(7, '10.0.0.1'));
    expect(cache.get('a.test')).toEqual(liveWith(7, '10.0.0.1'));
  });

  it("never uses another account's entry, even at the same serial, even one copied into this account's directory", async () => {
    createFileZoneCache(dir, { ...ACCOUNT, customerName: 'other' }).set('a.test', liveWith(7, '10.9.9.9'));
    const elsewhere = { ...ACCOUNT, url: 'https://elsewhere.test/REST' };
    createFileZoneCache(dir, elsewhere).set('a.test', liveWith(7, '10.9.9.9'));
    const copied = readFileSync(join(dir, accountDirName(elsewhere), zoneFileName('a.test')), 'utf8');
    writeFileSync(entryPath('a.test'), copied);
    mockLogin();
    zoneList(7);
    allRecords('10.0.0.1');
    const { provider } = testProvider({ cache });

    expect((await provider.readZones(['a.test'])).zones['a.test']).toEqual(liveWith(7, '10.0.0.1'));
  });

  it('keeps an entry per account: two accounts with a zone of the same name do not replace each other', () => {
    const other = createFileZoneCache(dir, { ...ACCOUNT, customerName: 'other' });
    cache.set('a.test', liveWith(7, '10.0.0.1'));
    other.set('a.test', liveWith(3, '10.9.9.9'));
    expect(cache.get('a.test')).toEqual(liveWith(7, '10.0.0.1'));
    expect(other.get('a.test')).toEqual(liveWith(3, '10.9.9.9'));
    expect(accountDirName({ ...ACCOUNT, customerName: 'other' })).not.toBe(accountDirName(ACCOUNT));
    expect(accountDirName(ACCOUNT)).toMatch(/^account-[0-9a-f]{16}$/);
  });

  it('uses the serial of the per-zone GET when the zone list holds resource paths', async () => {
    cache.set('a.test', liveWith(7, '10.0.0.1'));
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(200, ok(['/REST/Zone/a.test/']));
    authed('get', '/Zone/a.test/').reply(
      200,
      ok({ zone: 'a.test', zone_type: 'Primary', serial_style: 'increment', serial: 7 }),
    );
    const { provider } = testProvider({ cache });

    expect((await provider.readZones(['a.test'])).zones['a.test']).toEqual(liveWith(7, '10.0.0.1'));
  });
});

describe('createFileZoneCache', () => {
  it('writes one file per zone with a safe name and no temp files left over', () => {
    cache.set('a.test', liveWith(7, '10.0.0.1'));
    cache.set('../x/Y', { ...liveWith(1, '10.0.0.1'), zone: '../x/Y' });

    expect(readdirSync(dir)).toEqual([accountDirName(ACCOUNT)]);
    expect(readdirSync(join(dir, accountDirName(ACCOUNT))).sort()).toEqual([
      'zone-..%2Fx%2F%59.json',
      'zone-a.test.json',
    ]);
    expect(JSON.parse(readFileSync(entryPath('a.test'), 'utf8'))).toMatchObject({
      version: 3,
      account: ACCOUNT,
      recordTypes: DYN_CAPABILITIES.recordTypes,
    });
    expect(cache.get('../x/Y')?.zone).toBe('../x/Y');
  });

  it('ignores an entry of another format version or one that is missing', () => {
    const entry = {
      version: 3,
      account: ACCOUNT,
      recordTypes: DYN_CAPABILITIES.recordTypes,
      live: liveWith(7, '10.0.0.1'),
    };
    const write = (value: unknown) => writeFileSync(entryPath('a.test'), JSON.stringify(value));
    write(entry);
    expect(cache.get('a.test')).toEqual(liveWith(7, '10.0.0.1'));
    write({ ...entry, version: 2 });
    expect(cache.get('a.test')).toBeUndefined();
    expect(cache.get('b.test')).toBeUndefined();
  });

  it('keeps the records of types edgeplan does not manage, so that a cached read lists them too', () => {
    const foreign = [
      { fqdn: 'a.test', type: 'LOC', ttl: 300, rdata: '51 30 12.748 N 0 7 39.611 W 0.00m 1m 10000m 10m' },
    ];
    const live = { ...liveWith(7, '10.0.0.1'), unsupported: ['a.test LOC'], foreign };
    cache.set('a.test', live);
    expect(cache.get('a.test')).toEqual(live);
  });

  it('ignores a version 1 entry (A records by node): the zone is read again', () => {
    const v1Live = {
      zone: 'a.test',
      serial: 7,
      serialStyle: 'increment',
      nodes: [{ fqdn: 'www.a.test', records: [{ recordId: 9, address: '10.0.0.1', ttl: 300 }] }],
    };
    writeFileSync(entryPath('a.test'), JSON.stringify({ version: 1, account: ACCOUNT, live: v1Live }));
    expect(cache.get('a.test')).toBeUndefined();
  });

  it('ignores an entry written when other record types were supported: they would look absent live', () => {
    const entry = { version: 3, account: ACCOUNT, recordTypes: ['A'], live: liveWith(7, '10.0.0.1') };
    writeFileSync(entryPath('a.test'), JSON.stringify(entry));
    expect(cache.get('a.test')).toBeUndefined();
  });

  it('ignores an entry holding a value that is not canonical for its type (a type whose form changed)', () => {
    const live = liveWith(7, '10.0.0.1');
    const stale = {
      ...live,
      records: [{ fqdn: 'a.test', type: 'MX', records: [{ value: '10 MAIL.a.test', ttl: 300 }] }],
    };
    const entry = { version: 3, account: ACCOUNT, recordTypes: DYN_CAPABILITIES.recordTypes, live: stale };
    writeFileSync(entryPath('a.test'), JSON.stringify(entry));
    expect(cache.get('a.test')).toBeUndefined();
  });
});

describe("a session's later read: each zone alone, no zone list", () => {
  const soa = (serial: number) => ({
    zone: 'a.test',
    fqdn: 'a.test',
    record_type: 'SOA',
    ttl: 3600,
    serial_style: 'epoch',
    rdata: { mname: 'ns1.a.test.', rname: 'h.a.test.', serial, refresh: 1, retry: 1, expire: 1, minimum: 1 },
    record_id: 1,
  });
  const www = {
    zone: 'a.test',
    fqdn: 'www.a.test',
    record_type: 'A',
    ttl: 300,
    rdata: { address: '10.0.0.3' },
    record_id: 9,
  };

  it("takes the serial and its style from the zone's SOA, a 404 as no zone, and stores the read in the cache", async () => {
    mockLogin();
    zoneList(7);
    allRecords('10.0.0.1');
    authed('get', '/AllRecord/a.test/')
      .query({ detail: 'Y' })
      .reply(200, ok({ a_records: [www], soa_records: [soa(42)] }));
    authed('get', '/AllRecord/gone.test/')
      .query({ detail: 'Y' })
      .reply(404, {
        status: 'failure',
        data: {},
        msgs: [{ ERR_CD: 'NOT_FOUND', INFO: 'zone: No such zone' }],
      });
    const { provider } = testProvider({ cache });

    await provider.readZones(['a.test']);
    const later = await provider.readZones(['a.test', 'gone.test']);

    const expected = { ...liveWith(42, '10.0.0.3'), serialStyle: 'epoch' };
    expect(later).toEqual({ zones: { 'a.test': expected, 'gone.test': null } });
    expect(cache.get('a.test')).toEqual(expected);
  });

  it('reads the zone itself when the answer holds no SOA: a secondary zone is no zone, a primary one its serial', async () => {
    mockLogin();
    zoneList(7);
    allRecords('10.0.0.1');
    for (const zone_type of ['Secondary', 'Primary']) {
      authed('get', '/AllRecord/a.test/')
        .query({ detail: 'Y' })
        .reply(200, ok({ a_records: [www], soa_records: [] }));
      authed('get', '/Zone/a.test/').reply(
        200,
        ok({ zone: 'a.test', zone_type, serial_style: 'increment', serial: 8 }),
      );
    }
    const { provider } = testProvider({ cache });

    await provider.readZones(['a.test']);
    expect((await provider.readZones(['a.test'])).zones['a.test']).toBeNull();
    expect((await provider.readZones(['a.test'])).zones['a.test']).toEqual(liveWith(8, '10.0.0.3'));
  });
});
