/**
 * The plan-time rule of kept-checks.ts on every provider kind: the live zone as each provider's own reader makes it
 * (Dyn's `AllRecord`, PowerDNS's rrsets, an RFC 2136 zone transfer, a zone file on disk), then the plan. A CNAME
 * beside live data the plan keeps, or data beside a kept CNAME, is refused before anything is sent (RFC 1034 §3.6.2,
 * RFC 2181 §10.1; RFC 2136 §3.4.2.2: a server drops such an update and answers NOERROR); the same zone with the data
 * managed plans the delete and no problem. Against real BIND 9 and Knot: test/providers/rfc2136/dropped-writes.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesiredZone, LiveZone } from '../../../src/model/dns.js';
import type { UnmanagedEntry } from '../../../src/model/unmanaged.js';
import { computePlan, PlanProblemsError } from '../../../src/plan/index.js';
import { DYN_CAPABILITIES } from '../../../src/providers/dyn/capabilities.js';
import { zoneRecords as dynZoneRecords } from '../../../src/providers/dyn/read/read-records.js';
import { pdnsCapabilities } from '../../../src/providers/pdns/capabilities.js';
import { zoneRecords as pdnsZoneRecords } from '../../../src/providers/pdns/read.js';
import { rfc2136Capabilities } from '../../../src/providers/rfc2136/capabilities.js';
import { liveZone as rfc2136LiveZone } from '../../../src/providers/rfc2136/read.js';
import { createZonefileProvider } from '../../../src/providers/zonefile/index.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'a.test';

/** One live record in presentation form; `dyn` is its rdata as Dyn's API gives it. */
interface Held {
  fqdn: string;
  type: string;
  value: string;
  dyn: Record<string, unknown>;
}

const TXT: Held = { fqdn: 'www.a.test', type: 'TXT', value: '"verify=1"', dyn: { txtdata: '"verify=1"' } };
const KX: Held = {
  fqdn: 'www.a.test',
  type: 'KX',
  value: '10 kx.a.test.',
  dyn: { preference: 10, exchange: 'kx.a.test.' },
};
const CNAME: Held = {
  fqdn: 'alias.a.test',
  type: 'CNAME',
  value: 'web.example.net.',
  dyn: { cname: 'web.example.net.' },
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-kept-checks-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Each provider kind's reader, from the same records. */
const READERS: Record<string, (held: readonly Held[]) => Promise<LiveZone>> = {
  async dyn(held) {
    const detail: Record<string, unknown[]> = {};
    held.forEach(({ fqdn, type, dyn }, i) => {
      detail[`${type.toLowerCase()}_records`] = [{ fqdn, ttl: 300, record_id: i + 1, rdata: dyn }];
    });
    const read = dynZoneRecords(ZONE, detail, `zone ${ZONE}`, new Set(DYN_CAPABILITIES.recordTypes));
    return { zone: ZONE, serial: 1, serialStyle: 'increment', ...read };
  },
  async pdns(held) {
    const rrsets = held.map(({ fqdn, type, value }) => ({
      name: `${fqdn}.`,
      type,
      ttl: 300,
      records: [{ content: value, disabled: false }],
    }));
    const read = pdnsZoneRecords(ZONE, rrsets, new Set(pdnsCapabilities().recordTypes));
    return { zone: ZONE, serial: 1, serialStyle: 'increment', ...read };
  },
  async rfc2136(held) {
    const soa = {
      name: ZONE,
      type: 'SOA',
      ttl: 300,
      value: 'ns1.example.net. hostmaster.a.test. 1 3600 600 86400 300',
    };
    const records = [soa, ...held.map(({ fqdn, type, value }) => ({ name: fqdn, type, ttl: 300, value }))];
    return rfc2136LiveZone(ZONE, records, new Set(rfc2136Capabilities().recordTypes), '127.0.0.1:53');
  },
  async zonefile(held) {
    const sub = await mkdtemp(join(dir, 'zones-'));
    const lines = [
      `${ZONE}. 300 IN SOA ns1.example.net. hostmaster.a.test. 1 3600 600 86400 300`,
      `${ZONE}. 300 IN NS ns1.example.net.`,
      ...held.map(({ fqdn, type, value }) => `${fqdn}. 300 IN ${type} ${value}`),
    ];
    await writeFile(join(sub, `${ZONE}.zone`), `${lines.join('\n')}\n`);
    const provider = createZonefileProvider({
      name: 'files',
      location: { directory: sub, root: dir, rootDescription: 'the test directory', filename: '{zone}.zone' },
    });
    const live = (await provider.readZones([ZONE])).zones[ZONE];
    if (!live) throw new Error('the zone file was not read');
    return live;
  },
};

function problems(desired: DesiredZone, live: LiveZone): string[] {
  try {
    computePlan(
      oneProviderDesired({ zones: [desired] }),
      oneProviderLive({ zones: { [ZONE]: live } }),
      fakeProviders(),
    );
  } catch (error) {
    if (error instanceof PlanProblemsError) return error.message.split('\n');
    throw error;
  }
  return [];
}

function zone(
  records: Record<string, [string[]]>,
  extra: { unmanaged?: UnmanagedEntry[]; manage?: 'declared' } = {},
): DesiredZone {
  return {
    ...desiredZone(ZONE, records, extra.unmanaged ? { unmanaged: extra.unmanaged } : {}),
    ...(extra.manage ? { providers: [DYN], manage: extra.manage } : { providers: [DYN] }),
  };
}

const WWW_CNAME = { 'www.a.test CNAME': [['web.example.net.']] } satisfies Record<string, [string[]]>;

describe.each(Object.keys(READERS))('the kept-data rule on %s', (kind) => {
  const read = (held: readonly Held[]) => (READERS[kind] as (h: readonly Held[]) => Promise<LiveZone>)(held);

  it('a CNAME beside a TXT an unmanaged entry keeps: refused; with the TXT managed, the plan deletes it', async () => {
    const live = await read([TXT]);
    expect(problems(zone(WWW_CNAME, { unmanaged: [{ name: 'www', types: ['TXT'] }] }), live)).toEqual([
      expect.stringContaining(
        'www.a.test CNAME: the name keeps live TXT (an unmanaged entry covers it), which this plan leaves alone; ' +
          'a CNAME must stand alone at its name (RFC 1034 §3.6.2, RFC 2181 §10.1)',
      ),
    ]);
    expect(problems(zone(WWW_CNAME), live)).toEqual([]);
  });

  it('a CNAME beside a TXT a manage: declared zone does not declare: refused', async () => {
    expect(problems(zone(WWW_CNAME, { manage: 'declared' }), await read([TXT]))).toEqual([
      expect.stringContaining(
        'www.a.test CNAME: the name keeps live TXT (not declared in this manage: declared zone)',
      ),
    ]);
  });

  it('a CNAME beside a record of a type edgeplan does not read (KX): refused', async () => {
    expect(problems(zone(WWW_CNAME), await read([KX]))).toEqual([
      expect.stringContaining('www.a.test CNAME: the name keeps live KX (records edgeplan does not read)'),
    ]);
  });

  it('a TXT beside a CNAME the plan keeps: refused at the TXT', async () => {
    const desired = zone(
      { 'alias.a.test TXT': [['"x"']] },
      { unmanaged: [{ name: 'alias', types: ['CNAME'] }] },
    );
    expect(problems(desired, await read([CNAME]))).toEqual([
      expect.stringContaining(
        'alias.a.test TXT: the name keeps a live CNAME (an unmanaged entry covers it), which this plan leaves alone',
      ),
    ]);
  });
});
