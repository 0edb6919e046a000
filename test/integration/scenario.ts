/**
 * Generated live/desired pairs for the property tests: a few zones, names, record types and values drawn from small
 * pools, so that a name often keeps, changes or swaps its data between types (a CNAME replacing an A set, and back).
 * Every pair is valid: live as the emulator could hold it (a CNAME alone at its name, never at the apex), desired as
 * the config rules accept it (the same, and no desired name under `unmanaged`).
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { requireRecordType } from '../../src/model/record-types/index.js';
import { requireDynRdata } from '../../src/providers/dyn/wire/rdata.js';

const ZONES = ['a.test', 'b.test', 'c.test'] as const;
const LABELS = ['@', 'www', 'api', 'mail', 'mail.eu', 'x.y.z', '_sip._tcp'] as const;
const TTLS = [60, 300, 3600] as const;
/** The zone TTL when the desired zone gives no `default_ttl`. */
const DEFAULT_TTL = 3600;
/** When a desired zone has `unmanaged`, this glob; its names are then never in the desired records. */
const UNMANAGED = 'mail*';

/**
 * Values as YAML writes them, by type: addresses in more than one spelling, names absolute, relative and `@`, text
 * with quotes, backslashes, non-ASCII and more than 255 octets (stored as several strings), CAA tags in any case.
 * No two values of a type are equal once canonical, in any of the zones.
 */
export const VALUES = {
  A: ['192.0.2.1', '192.0.2.2', '192.0.2.3', '198.51.100.7'],
  AAAA: ['2001:db8::1', '2001:DB8:0:0::2', '2001:db8:0:1::5'],
  CNAME: ['web.example.net.', 'cdn', '@'],
  MX: [
    { preference: 10, exchange: 'mail' },
    { preference: 20, exchange: 'mx.example.net.' },
  ],
  TXT: ['v=spf1 -all', 'say "hi" \\ back', 'grüße, 😀', `long ${'0123456789'.repeat(30)} end`],
  SRV: [
    { priority: 10, weight: 5, port: 5060, target: 'sip.example.com.' },
    { priority: 20, weight: 0, port: 5061, target: 'sip2' },
  ],
  CAA: [
    { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
    { tag: 'iodef', value: 'mailto:ops@example.com' },
    { flags: 128, tag: 'ISSUEWILD', value: ';' },
  ],
} satisfies Record<string, unknown[]>;

export type RecordTypeName = keyof typeof VALUES;
/** The types that may share a name (every drawn type but CNAME). */
export const DATA_TYPES = ['A', 'AAAA', 'MX', 'TXT', 'SRV', 'CAA'] as const satisfies RecordTypeName[];

export interface LiveRecord {
  label: string;
  type: RecordTypeName;
  /** As YAML writes it (see `canonical`). */
  value: unknown;
  ttl: number;
  /** TXT only: stored as bare text, as records entered elsewhere are, not as quoted strings. */
  bare?: boolean;
}
export interface LiveZoneSpec {
  records: LiveRecord[];
}
/** The data of one desired name: values by type (YAML form), one TTL for all of them. */
export interface DesiredNode {
  ttl?: number;
  types: Partial<Record<RecordTypeName, unknown[]>>;
}
export interface DesiredZoneSpec {
  defaultTtl?: number;
  unmanaged: boolean;
  sets: Record<string, DesiredNode>;
}
export interface Scenario {
  zoneNames: readonly string[];
  live: Record<string, LiveZoneSpec | null>;
  desired: Record<string, DesiredZoneSpec>;
}

const ttl = fc.constantFrom(...TTLS);
const valuesOf = <T>(type: RecordTypeName, each: (value: unknown) => fc.Arbitrary<T>) =>
  fc
    .subarray<unknown>(VALUES[type], { minLength: 1, maxLength: 2 })
    .chain((values) => fc.tuple(...values.map(each)));

/** A name's data: a CNAME alone (never at the apex), or sets of one or two other types. */
function nodeOf<T>(apex: boolean, values: (type: RecordTypeName) => fc.Arbitrary<T[]>) {
  const data = fc
    .subarray([...DATA_TYPES], { minLength: 1, maxLength: 2 })
    .chain((types) => fc.tuple(...types.map((type) => values(type).map((v) => [type, v] as const))))
    .map((sets): Partial<Record<RecordTypeName, T[]>> => Object.fromEntries(sets));
  const cname = values('CNAME').map(
    (records): Partial<Record<RecordTypeName, T[]>> => ({
      CNAME: records.slice(0, 1),
    }),
  );
  return apex ? data : fc.oneof({ weight: 3, arbitrary: data }, { weight: 1, arbitrary: cname });
}

const liveZone: fc.Arbitrary<LiveZoneSpec> = fc
  .record(
    Object.fromEntries(
      LABELS.map((label) => [
        label,
        nodeOf(label === '@', (type) =>
          valuesOf(type, (value) => fc.record({ value: fc.constant(value), ttl, bare: fc.boolean() })),
        ),
      ]),
    ),
    { requiredKeys: [] },
  )
  .map((nodes) => ({
    records: Object.entries(nodes).flatMap(([label, types]) =>
      Object.entries(types ?? {}).flatMap(([type, records]) =>
        (records ?? []).map((r) => ({ label, type: type as RecordTypeName, ...r })),
      ),
    ),
  }));

const desiredZone: fc.Arbitrary<DesiredZoneSpec> = fc
  .record({
    defaultTtl: fc.option(ttl, { nil: undefined }),
    unmanaged: fc.boolean(),
    sets: fc.record(
      Object.fromEntries(
        LABELS.map((label) => [
          label,
          fc.record({
            ttl: fc.option(ttl, { nil: undefined }),
            types: nodeOf(label === '@', (type) => valuesOf(type, fc.constant)),
          }),
        ]),
      ),
      { requiredKeys: [] },
    ),
  })
  .map((zone) => ({
    ...zone,
    sets: Object.fromEntries(
      Object.entries(zone.sets).filter(([label]) => !(zone.unmanaged && isMail(label))),
    ) as Record<string, DesiredNode>,
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

/** A YAML value's canonical form in `zone`, through the type's own parser (names relative to the zone). */
export function canonical(type: string, value: unknown, zone: string): string {
  const parsed = requireRecordType(type).parse(value, zone);
  if (!parsed.ok) throw new Error(`generated ${type} value ${JSON.stringify(value)} is invalid`);
  return parsed.value;
}

export function yamlOf(scenario: Scenario): string {
  const zones = Object.fromEntries(
    Object.entries(scenario.desired).map(([zone, spec]) => [
      zone,
      {
        ...(spec.defaultTtl ? { default_ttl: spec.defaultTtl } : {}),
        records: Object.fromEntries(
          Object.entries(spec.sets).map(([label, node]) => [label, nodeYaml(node)]),
        ),
        ...(spec.unmanaged ? { unmanaged: [UNMANAGED] } : {}),
      },
    ]),
  );
  return stringify({ zones });
}

function nodeYaml(node: DesiredNode): Record<string, unknown> {
  const types = Object.entries(node.types).map(([type, values = []]) => {
    const { key, single } = requireRecordType(type);
    return [key, single ? values[0] : values] as const;
  });
  return Object.fromEntries([...types, ...(node.ttl ? [['ttl', node.ttl] as const] : [])]);
}

/** The Dyn rdata of a YAML value in `zone`, through the type's canonical form and the Dyn mapping. */
export function rdataOf(type: string, value: unknown, zone: string): Record<string, string | number> {
  return requireDynRdata(type).toRdata(canonical(type, value, zone));
}

export function seedZones(scenario: Scenario): NonNullable<EmulatorSeed['dns']>['zones'] {
  const zones: NonNullable<EmulatorSeed['dns']>['zones'] = {};
  for (const [zone, spec] of Object.entries(scenario.live)) {
    if (!spec) continue;
    zones[zone] = {
      serial: 7,
      records: spec.records.map((r) => {
        const rdata =
          r.type === 'TXT' && r.bare ? { txtdata: String(r.value) } : rdataOf(r.type, r.value, zone);
        return { fqdn: fqdnOf(r.label, zone), type: r.type, ttl: r.ttl, rdata };
      }),
    };
  }
  return zones;
}

/**
 * The records of a listed zone after a complete apply, as `fqdn ttl TYPE value` lines (values canonical, as
 * `publishedRecords` reads them), sorted: the desired sets, and the live records at unmanaged names as they were.
 */
export function expectedRecords(scenario: Scenario, zone: string): string[] {
  const desired = scenario.desired[zone];
  if (!desired) throw new Error(`zone ${zone} is not in the desired state`);
  const wanted = Object.entries(desired.sets).flatMap(([label, node]) => {
    const ttl = node.ttl ?? desired.defaultTtl ?? DEFAULT_TTL;
    return Object.entries(node.types).flatMap(([type, values = []]) =>
      values.map((value) => `${fqdnOf(label, zone)} ${ttl} ${type} ${canonical(type, value, zone)}`),
    );
  });
  const live = scenario.live[zone]?.records ?? [];
  const kept = desired.unmanaged
    ? live
        .filter((r) => isMail(r.label))
        .map((r) => `${fqdnOf(r.label, zone)} ${r.ttl} ${r.type} ${canonical(r.type, r.value, zone)}`)
    : [];
  return [...wanted, ...kept].sort();
}

/**
 * Every published record of the zones that existed before that no apply of this scenario may change, as sorted
 * strings (ids included, so a record deleted and re-added shows up too): all records of zones the desired state
 * does not list, and in listed zones the records at unmanaged names and the zone's own NS set (not its SOA: the
 * serial moves on publish).
 */
export function untouchedRecords(snapshot: EmulatorSeed, scenario: Scenario): string[] {
  const out: string[] = [];
  for (const [zone, z] of Object.entries(snapshot.dns?.zones ?? {})) {
    if (!scenario.live[zone]) continue; // a zone the apply creates has nothing to preserve
    const desired = scenario.desired[zone];
    for (const r of z?.records ?? []) {
      const label = r.fqdn === zone ? '@' : r.fqdn.slice(0, -(zone.length + 1));
      const keep = !desired || (r.type === 'NS' && r.fqdn === zone) || (desired.unmanaged && isMail(label));
      if (keep) out.push(`${zone} ${r.fqdn} ${r.type} ${r.ttl} ${JSON.stringify(r.rdata)} #${r.id}`);
    }
  }
  return out.sort();
}
