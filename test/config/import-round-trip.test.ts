/**
 * What `edgeplan import` writes loads back as exactly the record sets it was written from, values and TTLs, also
 * where the types of one name have different TTLs (a list of maps, one per TTL): so an imported zone plans empty.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { importDocuments } from '../../src/import/documents.js';
import { zoneDocument } from '../../src/import/zone-document.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { DesiredZone } from '../../src/model/dns.js';
import type { ZoneInventory } from '../../src/model/inventory.js';
import { compareRecordSets, type LiveRecordSet } from '../../src/model/record-set.js';
import { sortValues } from '../../src/model/record-types/index.js';
import { DYN_LIKE, tempTree } from './helpers.js';

// Time budget: ten times its slowest test (2.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** A live set whose records all have `ttl`, in the type's order, as providers read them. */
function liveSet(fqdn: string, type: string, ttl: number, ...values: string[]): LiveRecordSet {
  return { fqdn, type, records: sortValues(type, values).map((value) => ({ value, ttl })) };
}

/** The sets of a zone, TTLs per type: the apex and `sub` hold types at three and two TTLs. */
function inventory(ttl: (index: number) => number): ZoneInventory {
  const sets: [string, string, string[]][] = [
    ['example.com', 'A', ['192.0.2.2', '192.0.2.1']],
    ['example.com', 'AAAA', ['2001:db8::1']],
    ['example.com', 'MX', ['20 mail.example.net.', '10 mail.example.com.']],
    ['example.com', 'TXT', ['"v=spf1 -all"']],
    ['example.com', 'CAA', ['0 issue "letsencrypt.org"']],
    ['www.example.com', 'CNAME', ['web.example.net.']],
    ['sub.example.com', 'NS', ['ns1.example.net.', 'ns2.example.net.']],
    ['sub.example.com', 'DS', ['60485 5 1 2bb183af5f22588179a53b0a98631fad1a292118']],
    ['_sip._tcp.example.com', 'SRV', ['10 5 5060 sip.example.com.']],
  ];
  return {
    zone: 'example.com',
    records: sets.map(([fqdn, type, values], index) => liveSet(fqdn, type, ttl(index), ...values)),
    unsupported: [],
  };
}

/** The zone `edgeplan import` writes for `live`, loaded back as the CLI loads it for Dyn. */
async function roundTrip(live: ZoneInventory): Promise<DesiredZone | undefined> {
  const dns = { zones: [live], secondaryZones: [], geoServices: [] };
  const { files } = importDocuments(dns, undefined, false);
  const dir = await tempTree(Object.fromEntries(files.map((file) => [file.name, file.text])));
  const result = await loadDesiredState([dir], DYN_LIKE);
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  return result.desired.zones[0];
}

/** The sets a zone must hold to equal `live`: each live set with its records' TTL. */
function setsOf(live: ZoneInventory) {
  return live.records
    .map((set) => ({
      fqdn: set.fqdn,
      type: set.type,
      ttl: set.records[0]?.ttl,
      values: set.records.map((r) => r.value),
    }))
    .sort(compareRecordSets);
}

const withoutPlaces = (zone: DesiredZone | undefined) => zone?.records.map(({ at: _, ...set }) => set);

describe('import writes what config loads back', () => {
  it('a name served with the zone name twice (a missing trailing dot in its source) loads back as served', async () => {
    const live: ZoneInventory = {
      zone: 'example.com',
      records: [
        liveSet('mx.example.com.example.com', 'A', 300, '192.0.2.1'),
        liveSet('example.com.example.com', 'TXT', 300, '"x"'),
      ].sort(compareRecordSets),
      unsupported: [],
    };
    expect(withoutPlaces(await roundTrip(live))).toEqual(setsOf(live));
  });

  it('a zone with different TTLs per type at one name: the same sets, values and TTLs', async () => {
    const ttls = [300, 300, 3600, 3600, 86400, 60, 86400, 3600, 300];
    const live = inventory((index) => ttls[index] ?? 0);
    const { document } = zoneDocument(live);
    expect(document.records['@']).toHaveLength(3);
    expect(document.records.sub).toHaveLength(2);
    const zone = await roundTrip(live);
    expect(zone?.defaultTtl).toBe(document.default_ttl);
    expect(withoutPlaces(zone)).toEqual(setsOf(live));
  });

  it('any TTL for any set', async () => {
    const ttl = fc.constantFrom(1, 60, 300, 3600, 86400, 2_147_483_647);
    await fc.assert(
      fc.asyncProperty(fc.array(ttl, { minLength: 9, maxLength: 9 }), async (ttls) => {
        const live = inventory((index) => ttls[index] ?? 1);
        expect(withoutPlaces(await roundTrip(live))).toEqual(setsOf(live));
      }),
      { numRuns: 40 },
    );
  });
});

describe('import around delegations', () => {
  /** A zone delegating `lab` to a name server inside it and one outside, with live `extra` sets. */
  function delegated(...extra: LiveRecordSet[]): ZoneInventory {
    return {
      zone: 'example.com',
      records: [
        liveSet('lab.example.com', 'NS', 3600, 'ns1.lab.example.com.', 'ns.example.net.'),
        liveSet('ns1.lab.example.com', 'A', 3600, '192.0.2.53'),
        liveSet('ns1.lab.example.com', 'AAAA', 3600, '2001:db8::53'),
        ...extra,
      ],
      unsupported: [],
    };
  }

  it('writes glue like any record, and it loads back', async () => {
    const live = delegated();
    const { document, notes } = zoneDocument(live);
    expect(document.records['ns1.lab']).toEqual({ a: ['192.0.2.53'], aaaa: ['2001:db8::53'] });
    expect(document.unmanaged).toBeUndefined();
    expect(notes).toEqual([]);
    expect(withoutPlaces(await roundTrip(live))).toEqual(setsOf(live));
  });

  it('writes a set below a delegation that is not glue, and a name server without glue, under unmanaged', async () => {
    const live = delegated(
      liveSet('www.lab.example.com', 'A', 3600, '192.0.2.80'),
      liveSet('ns1.lab.example.com', 'TXT', 3600, '"stale"'),
      liveSet('dev.example.com', 'NS', 3600, 'ns1.dev.example.com.'),
      liveSet('www.example.com', 'A', 3600, '192.0.2.1'),
    );
    const { document, notes } = zoneDocument(live);
    expect(document.unmanaged).toEqual(['ns1.dev', 'ns1.lab', 'www.lab']);
    expect(notes).toEqual([
      'zone:example.com: www.lab.example.com A lies below the delegation lab.example.com and is not its glue ' +
        '(resolvers never see it); the name is written under unmanaged, left as it is',
      'zone:example.com: ns1.lab.example.com TXT lies below the delegation lab.example.com and is not its glue ' +
        '(resolvers never see it); the name is written under unmanaged, left as it is',
      'zone:example.com: ns1.dev.example.com, a name server of the delegation dev.example.com inside it, has no ' +
        'address in the zone (no glue); the name is written under unmanaged, left as it is',
    ]);
    const zone = await roundTrip(live);
    expect(zone?.unmanaged).toEqual([{ name: 'ns1.dev' }, { name: 'ns1.lab' }, { name: 'www.lab' }]);
    expect(zone?.records.map((set) => `${set.fqdn} ${set.type}`)).toEqual([
      'dev.example.com NS',
      'lab.example.com NS',
      'www.example.com A',
    ]);
  });
});
