/** Generated live/desired pairs for the property tests: a few zones, names and addresses drawn from small pools. */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { EmulatorSeed } from '../../src/emulator/index.js';

const ZONES = ['a.test', 'b.test', 'c.test'] as const;
const LABELS = ['@', 'www', 'api', 'mail', 'mail.eu', 'x.y.z'] as const;
const ADDRESSES = [
  '192.0.2.1',
  '192.0.2.2',
  '192.0.2.3',
  '192.0.2.4',
  '198.51.100.7',
  '203.0.113.9',
] as const;
const TTLS = [60, 300, 3600] as const;
/** When a desired zone has `unmanaged`, this glob; its names are then never in the desired records. */
const UNMANAGED = 'mail*';

export interface LiveRecord {
  label: string;
  address: string;
  ttl: number;
}
export interface LiveZoneSpec {
  records: LiveRecord[];
  /** Labels that also carry a TXT record: other types must survive any A change at the same node. */
  txt: string[];
}
export interface DesiredZoneSpec {
  defaultTtl?: number;
  unmanaged: boolean;
  sets: Record<string, { a: string[]; ttl?: number }>;
}
export interface Scenario {
  zoneNames: readonly string[];
  live: Record<string, LiveZoneSpec | null>;
  desired: Record<string, DesiredZoneSpec>;
}

const liveZone: fc.Arbitrary<LiveZoneSpec> = fc.record({
  records: fc.uniqueArray(
    fc.record({
      label: fc.constantFrom(...LABELS),
      address: fc.constantFrom(...ADDRESSES),
      ttl: fc.constantFrom(...TTLS),
    }),
    { maxLength: 10, selector: (r) => `${r.label} ${r.address}` },
  ),
  txt: fc.subarray([...LABELS], { maxLength: 2 }),
});

const desiredZone: fc.Arbitrary<DesiredZoneSpec> = fc
  .record({
    defaultTtl: fc.option(fc.constantFrom(...TTLS), { nil: undefined }),
    unmanaged: fc.boolean(),
    sets: fc.dictionary(
      fc.constantFrom(...LABELS),
      fc.record({
        a: fc.subarray([...ADDRESSES], { minLength: 1, maxLength: 4 }),
        ttl: fc.option(fc.constantFrom(...TTLS), { nil: undefined }),
      }),
      { maxKeys: 5 },
    ),
  })
  .map((zone) => ({
    ...zone,
    sets: Object.fromEntries(
      Object.entries(zone.sets).filter(([label]) => !(zone.unmanaged && isMail(label))),
    ),
  }));

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  zoneNames: fc.constant(ZONES),
  live: fc.record(Object.fromEntries(ZONES.map((z) => [z, fc.option(liveZone, { nil: null })]))),
  desired: fc
    .record(Object.fromEntries(ZONES.map((z) => [z, desiredZone])), { requiredKeys: [] })
    .map((zones) => Object.fromEntries(Object.entries(zones).filter(([, spec]) => spec !== undefined))),
}) as fc.Arbitrary<Scenario>;

function isMail(label: string): boolean {
  return label.startsWith('mail');
}

const fqdnOf = (label: string, zone: string) => (label === '@' ? zone : `${label}.${zone}`);

export function yamlOf(scenario: Scenario): string {
  const zones = Object.fromEntries(
    Object.entries(scenario.desired).map(([zone, spec]) => [
      zone,
      {
        ...(spec.defaultTtl ? { default_ttl: spec.defaultTtl } : {}),
        records: spec.sets,
        ...(spec.unmanaged ? { unmanaged: [UNMANAGED] } : {}),
      },
    ]),
  );
  return stringify({ zones });
}

export function seedZones(scenario: Scenario): NonNullable<EmulatorSeed['dns']>['zones'] {
  const zones: NonNullable<EmulatorSeed['dns']>['zones'] = {};
  for (const [zone, spec] of Object.entries(scenario.live)) {
    if (!spec) continue;
    zones[zone] = {
      serial: 7,
      records: [
        ...spec.records.map((r) => ({
          fqdn: fqdnOf(r.label, zone),
          type: 'A',
          ttl: r.ttl,
          rdata: { address: r.address },
        })),
        ...spec.txt.map((label) => ({
          fqdn: fqdnOf(label, zone),
          type: 'TXT',
          ttl: 300,
          rdata: { txtdata: `keep ${label}` },
        })),
      ],
    };
  }
  return zones;
}

/**
 * Every published record of the zones that existed before that no apply of this scenario may change, as sorted strings (ids included, so a record
 * deleted and re-added shows up too): all records of zones the desired state does not list, and in listed zones
 * the non-A records (SOA aside: its serial moves on publish) and the A records at unmanaged names.
 */
export function untouchedRecords(snapshot: EmulatorSeed, scenario: Scenario): string[] {
  const out: string[] = [];
  for (const [zone, z] of Object.entries(snapshot.dns?.zones ?? {})) {
    if (!scenario.live[zone]) continue; // a zone the apply creates has nothing to preserve
    const desired = scenario.desired[zone];
    for (const r of z?.records ?? []) {
      const label = r.fqdn === zone ? '@' : r.fqdn.slice(0, -(zone.length + 1));
      const keep =
        !desired ||
        (r.type !== 'A' && r.type !== 'SOA') ||
        (r.type === 'A' && desired.unmanaged && isMail(label));
      if (keep) out.push(`${zone} ${r.fqdn} ${r.type} ${r.ttl} ${JSON.stringify(r.rdata)} #${r.id}`);
    }
  }
  return out.sort();
}
