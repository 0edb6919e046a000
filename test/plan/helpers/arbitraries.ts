import fc from 'fast-check';
import type { DesiredState, DesiredZone, LiveDnsState, LiveZone } from '../../../src/model/dns.js';
import type { GeoService } from '../../../src/model/geo.js';
import { recordNameToFqdn } from '../../../src/model/names.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import { DYN, oneProviderDesired } from '../../support/one-provider.js';

/**
 * Small random desired/live pairs over shared pools, so that names, types, values and TTLs collide often: sets that
 * match, differ by one value, by TTL only, mixed live TTLs, duplicate live values, one name holding several types,
 * a name whose type changes, names such as `__proto__` and `constructor`, unmanaged names, sets outside the zone,
 * live sets of a type edgeplan does not manage, absent zones, a live zone that is not desired; secondary zones and
 * geo services (groups serving several types) listed or owned whole.
 */
const ZONES = ['example.com', 'example.org'] as const;
const NAMES = ['@', 'www', 'api', '_acme-challenge', 'mail', 'a.b', '__proto__', 'constructor'];
const OUTSIDE = ['www.example.net', 'notexample.com', 'x.example.org.example.net'];
const TTLS = [60, 300, 3600];
const VALUES: Record<string, string[]> = {
  A: Array.from({ length: 6 }, (_, i) => `192.0.2.${i * 30 + 1}`),
  MX: ['10 mail.example.com.', '20 mx.example.net.', '0 .'],
  TXT: ['"v=spf1 -all"', '"hello world"', '"x=1"'],
  CNAME: ['web.example.net.', 'cdn.example.org.'],
};
const TYPES = Object.keys(VALUES);
/** Never registered: live sets of it are never touched. */
const FOREIGN = { type: 'LOC', value: '52 22 23.000 N 4 53 32.000 E -2.00m' };
const UNMANAGED = ['_acme*', 'mail', 'WWW'];
export const UNDESIRED_ZONE = 'other.net';

const ttl = fc.constantFrom(...TTLS);
const type = fc.constantFrom(...TYPES);

function values(of: string, max: number): fc.Arbitrary<string[]> {
  const pool = VALUES[of] ?? [];
  return of === 'CNAME'
    ? fc.constantFrom(...pool).map((v) => [v])
    : fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: max });
}

function desiredZoneArb(zone: string): fc.Arbitrary<DesiredZone> {
  const set = fc
    .tuple(fc.constantFrom(...NAMES), type)
    .chain(([name, of]) =>
      fc.record({ name: fc.constant(name), type: fc.constant(of), values: values(of, 3), ttl }),
    );
  return fc
    .record({
      defaultTtl: ttl,
      unmanaged: fc.subarray(UNMANAGED).map((names) => names.map((name) => ({ name }))),
      records: fc.uniqueArray(set, { selector: (s) => `${s.name} ${s.type}` }),
    })
    .map(({ defaultTtl, unmanaged, records }) => ({
      zone,
      defaultTtl,
      unmanaged,
      providers: [DYN],
      records: records.map(({ name, ...rest }) => ({ fqdn: recordNameToFqdn(name, zone), ...rest })),
    }));
}

function liveZoneArb(zone: string): fc.Arbitrary<LiveZone> {
  const fqdn = fc.oneof(
    fc.constantFrom(...NAMES).map((name) => recordNameToFqdn(name, zone)),
    fc.constantFrom(...OUTSIDE),
  );
  const set = fc.tuple(fqdn, type).chain(([name, of]) =>
    fc.record({
      fqdn: fc.constant(name),
      type: fc.constant(of),
      records: fc.array(fc.record({ value: fc.constantFrom(...(VALUES[of] ?? [])), ttl }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  );
  return fc
    .record({
      serial: fc.nat(1000),
      records: fc.uniqueArray(set, { selector: (s) => `${s.fqdn} ${s.type}` }),
      foreign: fc.boolean(),
    })
    .map(({ serial, records, foreign }) => ({
      zone,
      serial,
      serialStyle: 'increment' as const,
      records: [
        ...records,
        ...(foreign
          ? [{ fqdn: `legacy.${zone}`, type: FOREIGN.type, records: [{ value: FOREIGN.value, ttl: 60 }] }]
          : []),
      ],
      unsupported: foreign ? [`legacy.${zone} HINFO`] : [],
    }));
}

const SECONDARIES = ['s1.test', 's2.test', '__proto__.test'];
const MASTERS = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
const secondaryArb = fc.record({
  zone: fc.constantFrom(...SECONDARIES),
  masters: fc.subarray(MASTERS, { minLength: 1 }),
});

const GEO_NAMES = ['Global Web', 'constructor'];
const geoArb: fc.Arbitrary<GeoService> = fc.record({
  name: fc.constantFrom(...GEO_NAMES),
  groups: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom('Europe', 'Rest', 'toString'),
      countries: fc.subarray(['DE', 'FR', '@@'], { minLength: 1 }),
      records: fc.uniqueArray(
        fc
          .constantFrom('A', 'CNAME')
          .chain((of) => fc.record({ type: fc.constant(of), values: values(of, 2) })),
        { selector: (r) => r.type, maxLength: 2 },
      ),
    }),
    { selector: (g) => g.name, maxLength: 2 },
  ),
  nodes: fc
    .subarray(['geo1.example.com', 'geo2.example.com'])
    .map((fqdns) => fqdns.map((f) => ({ zone: 'example.com', fqdn: f }))),
});

/** Record refs (empty until here) unique across the whole state, as the service assigns them. */
function numberRecords(live: LiveDnsState): LiveDnsState {
  let ref = 1;
  for (const zone of Object.values(live.zones)) {
    for (const set of zone?.records ?? [])
      set.records = set.records.map((r) => ({ ...r, ref: String(ref++) }));
  }
  return live;
}

export const statePair: fc.Arbitrary<{ desired: DesiredState; live: LiveDnsState }> = fc
  .record({
    zones: fc.subarray([...ZONES], { minLength: 1 }),
    secondaries: fc.tuple(
      fc.uniqueArray(secondaryArb, { selector: (s) => s.zone }),
      fc.uniqueArray(secondaryArb, { selector: (s) => s.zone }),
    ),
    geo: fc.tuple(
      fc.uniqueArray(geoArb, { selector: (s) => s.name }),
      fc.uniqueArray(geoArb, { selector: (s) => s.name }),
    ),
    manage: fc.record({
      secondaryZones: fc.constantFrom('listed' as const, 'all' as const),
      geoServices: fc.constantFrom('listed' as const, 'all' as const),
    }),
  })
  .chain(({ zones, secondaries: [wantedSecondaries, liveSecondaries], geo: [wantedGeo, liveGeo], manage }) =>
    fc.record({
      desired: fc.tuple(...zones.map(desiredZoneArb)).map(
        (list): DesiredState =>
          oneProviderDesired({
            zones: list,
            secondaryZones: wantedSecondaries.map((s) => ({
              ...s,
              contactNickname: null,
              tsigKeyName: null,
            })),
            geoServices: wantedGeo,
            manage,
          }),
      ),
      live: fc
        .tuple(
          ...zones.map((zone) => fc.option(liveZoneArb(zone), { nil: null })),
          liveZoneArb(UNDESIRED_ZONE),
        )
        .map(
          (list): LiveDnsState => ({
            zones: Object.fromEntries(list.map((live, i) => [zones[i] ?? UNDESIRED_ZONE, live])),
            secondaryZones: liveSecondaries.map(
              (s): LiveSecondaryZone => ({ ...s, contactNickname: '', tsigKeyName: '', active: 'Y' }),
            ),
            geoServices: liveGeo,
          }),
        ),
    }),
  )
  .map(({ desired, live }) => ({ desired, live: numberRecords(live) }));

/** A seeded Fisher–Yates shuffle (mulberry32), so a failing case replays. */
export function shuffler(seed: number): <T>(items: readonly T[]) => T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
}
