import fc from 'fast-check';
import type { DesiredState, DesiredZone, LiveDnsState, LiveZone } from '../../../src/model/dns.js';
import { recordNameToFqdn } from '../../../src/model/names.js';

/**
 * Small random desired/live pairs over shared pools, so that names, addresses and TTLs collide often: sets that
 * match, differ by one address, by TTL only, mixed live TTLs, duplicate live addresses, unmanaged names, nodes
 * outside the zone, absent zones, and a live zone that is not desired.
 */
const ZONES = ['example.com', 'example.org'] as const;
const NAMES = ['@', 'www', 'api', '_acme-challenge', 'mail', 'a.b'];
const OUTSIDE = ['www.example.net', 'notexample.com', 'x.example.org.example.net'];
const TTLS = [60, 300, 3600];
const ADDRESSES = Array.from({ length: 8 }, (_, i) => `192.0.2.${i * 30 + 1}`);
const UNMANAGED = ['_acme*', 'mail', 'WWW'];
export const UNDESIRED_ZONE = 'other.net';

const ttl = fc.constantFrom(...TTLS);

function desiredZoneArb(zone: string): fc.Arbitrary<DesiredZone> {
  const set = fc.record({
    addresses: fc.uniqueArray(fc.constantFrom(...ADDRESSES), { minLength: 1, maxLength: 5 }),
    ttl,
  });
  return fc
    .record({
      defaultTtl: ttl,
      unmanaged: fc.subarray(UNMANAGED),
      records: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), set), { selector: ([name]) => name }),
    })
    .map(({ defaultTtl, unmanaged, records }) => ({
      zone,
      defaultTtl,
      unmanaged,
      records: records.map(([name, value]) => ({ fqdn: recordNameToFqdn(name, zone), ...value })),
    }));
}

function liveZoneArb(zone: string): fc.Arbitrary<LiveZone> {
  const record = fc.record({ address: fc.constantFrom(...ADDRESSES), ttl });
  const fqdn = fc.oneof(
    fc.constantFrom(...NAMES).map((name) => recordNameToFqdn(name, zone)),
    fc.constantFrom(...OUTSIDE),
  );
  return fc
    .record({
      serial: fc.nat(1000),
      nodes: fc.uniqueArray(fc.tuple(fqdn, fc.array(record, { minLength: 1, maxLength: 13 })), {
        selector: ([name]) => name,
      }),
    })
    .map(({ serial, nodes }) => ({
      zone,
      serial,
      serialStyle: 'increment' as const,
      nodes: nodes.map(([name, records]) => ({
        fqdn: name,
        records: records.map((r) => ({ recordId: 0, ...r })),
      })),
    }));
}

/** Record ids (0 until here) unique across the whole state, as the service assigns them. */
function numberRecords(live: LiveDnsState): LiveDnsState {
  let id = 1;
  for (const zone of Object.values(live.zones)) {
    for (const node of zone?.nodes ?? []) node.records = node.records.map((r) => ({ ...r, recordId: id++ }));
  }
  return live;
}

export const statePair: fc.Arbitrary<{ desired: DesiredState; live: LiveDnsState }> = fc
  .subarray([...ZONES], { minLength: 1 })
  .chain((zones) =>
    fc.record({
      desired: fc.tuple(...zones.map(desiredZoneArb)).map((list) => ({ zones: list })),
      live: fc
        .tuple(
          ...zones.map((zone) => fc.option(liveZoneArb(zone), { nil: null })),
          liveZoneArb(UNDESIRED_ZONE),
        )
        .map((list) => ({
          zones: Object.fromEntries(list.map((live, i) => [zones[i] ?? UNDESIRED_ZONE, live])),
        })),
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
