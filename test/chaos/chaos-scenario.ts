/**
 * Generated live/desired pairs for the chaos suite: three zones whose names hold A, AAAA, MX, TXT and CNAME records
 * (a CNAME alone at its name, never at the apex), written live in the spellings other tools leave (upper case,
 * names without the trailing dot, IPv6 not in RFC 5952 form, TXT bare or quoted, long TXT unsplit) and desired in
 * YAML (relative names, long TXT). Live zones also hold KX records, a type edgeplan does not manage, and a
 * desired zone may leave `mail*` names unmanaged: neither is ever touched.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { EmulatorSeed } from '../../src/emulator/index.js';

export const ZONES = ['a.test', 'b.test', 'c.test'] as const;
const LABELS = ['@', 'www', 'api', 'mail', 'mail.eu', 'x.y.z'] as const;
/** Where a desired CNAME may go: not the apex, not where live holds KX (the service refuses a CNAME beside it). */
const CNAME_LABELS = ['www', 'api', 'mail', 'mail.eu'] as const;
/** Where live may hold a KX record. */
const KX_LABELS = ['@', 'x.y.z'] as const;
const TTLS = [60, 300, 3600] as const;
const DEFAULT_TTL = 3600;
/** When a desired zone has `unmanaged`, this glob; its names are then never in the desired records. */
const UNMANAGED = 'mail*';
/** Longer than one 255-octet character-string: written split, compared as one text. */
const LONG_TEXT = `v=DKIM1; k=rsa; p=${'A'.repeat(280)}`;

export type Rdata = Record<string, string | number>;

export interface LiveRecord {
  label: string;
  type: string;
  ttl: number;
  rdata: Rdata;
}

/** One name of a desired zone, as its YAML map: a CNAME alone, or other types. */
export interface DesiredName {
  ttl?: number;
  a?: string[];
  aaaa?: string[];
  mx?: { preference: number; exchange: string }[];
  txt?: string[];
  cname?: string;
}

export interface DesiredZoneSpec {
  defaultTtl?: number;
  unmanaged: boolean;
  names: Record<string, DesiredName>;
}

export interface Scenario {
  zoneNames: readonly string[];
  /** Live records per zone; null: the zone does not exist. */
  live: Record<string, LiveRecord[] | null>;
  desired: Record<string, DesiredZoneSpec>;
}

/** The live spellings of each managed type's values in `zone`. */
function livePool(zone: string): Record<string, Rdata[]> {
  return {
    A: ['192.0.2.1', '192.0.2.2', '198.51.100.7', '203.0.113.9'].map((address) => ({ address })),
    AAAA: ['2001:db8::1', '2001:DB8:0:0::1', '2001:db8::a:1', '2001:0db8::2'].map((address) => ({ address })),
    MX: [
      { preference: 10, exchange: 'mx1.example.net' },
      { preference: 10, exchange: 'MX1.Example.NET.' },
      { preference: 20, exchange: `mx.${zone}` },
      { preference: 30, exchange: 'mx3.example.net.' },
    ],
    TXT: ['v=spf1 -all', '"hello world"', 'keep me', LONG_TEXT].map((txtdata) => ({ txtdata })),
  };
}

const CNAME_LIVE = (zone: string): Rdata[] =>
  ['web.example.net', 'EDGE.example.net.', `edge.${zone}.`].map((cname) => ({ cname }));

const DESIRED_A = ['192.0.2.1', '192.0.2.2', '198.51.100.7', '203.0.113.9'];
const DESIRED_AAAA = ['2001:db8::1', '2001:db8::2', '2001:db8::a:1'];
const DESIRED_MX = [
  { preference: 10, exchange: 'mx1.example.net.' },
  { preference: 20, exchange: 'mx' },
  { preference: 30, exchange: 'mx3.example.net.' },
];
const DESIRED_TXT = ['v=spf1 -all', 'hello world', LONG_TEXT];
/** `edge` is relative: `edge.<zone>.`. */
const DESIRED_CNAME = ['web.example.net.', 'edge.example.net.', 'edge'];

const ttl = fc.constantFrom(...TTLS);
/** Present half of the time: zones of a few names with a few types each, so most runs stay short. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

function liveNode(zone: string, label: string): fc.Arbitrary<LiveRecord[]> {
  const pool = livePool(zone);
  const data = fc
    .tuple(
      fc.uniqueArray(
        fc
          .tuple(fc.constantFrom('A', 'AAAA', 'MX', 'TXT'), fc.nat(3), ttl)
          .map(([type, i, t]): LiveRecord => ({ label, type, ttl: t, rdata: pool[type]?.[i] ?? {} })),
        { minLength: 1, maxLength: 3, selector: (r) => `${r.type} ${valueKey(r.type, r.rdata, zone)}` },
      ),
      (KX_LABELS as readonly string[]).includes(label) ? fc.boolean() : fc.constant(false),
    )
    .map(([records, kx]) =>
      kx ? [...records, { label, type: 'KX', ttl: 300, rdata: kxOf(zone) }] : records,
    );
  if (label === '@') return data;
  const cname = fc
    .tuple(fc.constantFrom(...CNAME_LIVE(zone)), ttl)
    .map(([rdata, t]): LiveRecord[] => [{ label, type: 'CNAME', ttl: t, rdata }]);
  return fc.oneof(data, cname);
}

const kxOf = (zone: string): Rdata => ({ preference: 10, exchange: `kx.${zone}.` });

function liveZone(zone: string): fc.Arbitrary<LiveRecord[]> {
  return fc
    .record(Object.fromEntries(LABELS.map((label) => [label, maybe(liveNode(zone, label))])))
    .map((nodes) => Object.values(nodes).flatMap((records) => records ?? []));
}

const someOf = <T>(values: readonly T[], maxLength = 2) =>
  fc.subarray([...values], { minLength: 1, maxLength });

const dataName: fc.Arbitrary<DesiredName> = fc
  .record({
    ttl: maybe(ttl),
    a: maybe(someOf(DESIRED_A)),
    aaaa: maybe(someOf(DESIRED_AAAA)),
    mx: maybe(someOf(DESIRED_MX)),
    txt: maybe(someOf(DESIRED_TXT)),
  })
  .map((name) =>
    defined(name.a || name.aaaa || name.mx || name.txt ? name : { ...name, a: [DESIRED_A[0] ?? ''] }),
  );

const cnameName: fc.Arbitrary<DesiredName> = fc
  .record({ ttl: maybe(ttl), cname: fc.constantFrom(...DESIRED_CNAME) })
  .map(defined);

const desiredZone: fc.Arbitrary<DesiredZoneSpec> = fc
  .record({
    defaultTtl: maybe(ttl),
    unmanaged: fc.boolean(),
    names: fc.record(
      Object.fromEntries(
        LABELS.map((label) => [
          label,
          maybe(
            (CNAME_LABELS as readonly string[]).includes(label) ? fc.oneof(dataName, cnameName) : dataName,
          ),
        ]),
      ),
    ),
  })
  .map(({ defaultTtl, unmanaged, names }) =>
    defined({
      defaultTtl,
      unmanaged,
      names: Object.fromEntries(
        Object.entries(names).filter(
          (entry): entry is [string, DesiredName] =>
            entry[1] !== undefined && !(unmanaged && isMail(entry[0])),
        ),
      ),
    }),
  );

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  zoneNames: fc.constant(ZONES),
  live: fc.record(Object.fromEntries(ZONES.map((z) => [z, fc.option(liveZone(z), { nil: null })]))),
  desired: fc
    .record(Object.fromEntries(ZONES.map((z) => [z, desiredZone])), { requiredKeys: [] })
    .map((zones) => Object.fromEntries(Object.entries(zones).filter(([, spec]) => spec !== undefined))),
}) as fc.Arbitrary<Scenario>;

/** Drops keys whose value is undefined, so the YAML has none. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function isMail(label: string): boolean {
  return label.startsWith('mail');
}

export const fqdnOf = (label: string, zone: string) => (label === '@' ? zone : `${label}.${zone}`);

export function yamlOf(scenario: Scenario): string {
  const zones = Object.fromEntries(
    Object.entries(scenario.desired).map(([zone, spec]) => [
      zone,
      {
        ...(spec.defaultTtl ? { default_ttl: spec.defaultTtl } : {}),
        records: spec.names,
        ...(spec.unmanaged ? { unmanaged: [UNMANAGED] } : {}),
        // A zone the apply creates is declared, so the zone-create safety rule lets it through.
        ...(scenario.live[zone] === null ? { create: {} } : {}),
      },
    ]),
  );
  return stringify({ zones });
}

export function seedZones(scenario: Scenario): NonNullable<EmulatorSeed['dns']>['zones'] {
  return Object.fromEntries(
    Object.entries(scenario.live).flatMap(([zone, records]) =>
      records
        ? [
            [
              zone,
              {
                serial: 7,
                records: records.map((r) => ({
                  fqdn: fqdnOf(r.label, zone),
                  type: r.type,
                  ttl: r.ttl,
                  rdata: r.rdata,
                })),
              },
            ],
          ]
        : [],
    ),
  );
}

/** Types edgeplan manages in this scenario; KX, SOA and the apex NS are not among them. */
export const MANAGED_TYPES: ReadonlySet<string> = new Set(['A', 'AAAA', 'MX', 'TXT', 'CNAME']);

/**
 * The comparison form of a wire value, written independently of edgeplan's record types: names lower case without
 * the trailing dot, IPv6 as the URL parser spells it, TXT the text of its quoted strings joined (or the bare text).
 * Other types: their rdata as JSON.
 */
export function valueKey(type: string, rdata: Rdata, zone: string): string {
  const name = (value: unknown) => absolute(String(value), zone);
  switch (type) {
    case 'A':
      return String(rdata.address);
    case 'AAAA':
      return new URL(`http://[${rdata.address}]/`).hostname;
    case 'MX':
      return `${rdata.preference} ${name(rdata.exchange)}`;
    case 'CNAME':
      return name(rdata.cname);
    case 'TXT':
      return text(String(rdata.txtdata));
    default:
      return JSON.stringify(rdata);
  }
}

/** A name as the wire or the YAML writes it → lower case, no trailing dot; a single label is relative to `zone`. */
function absolute(value: string, zone: string): string {
  const lower = value.toLowerCase();
  if (lower.endsWith('.')) return lower.slice(0, -1);
  return lower.includes('.') ? lower : `${lower}.${zone}`;
}

/** `"a" "b"` → `ab`; bare text as it is. The pools hold no quote or backslash inside a text. */
function text(txtdata: string): string {
  return /^"[^"\\]*"( "[^"\\]*")*$/.test(txtdata) ? txtdata.split('" "').join('').slice(1, -1) : txtdata;
}

/** `fqdn TYPE ttl value` of each record a complete apply leaves at the zone's managed names, sorted. */
export function targetLines(scenario: Scenario, zone: string): string[] {
  const desired = scenario.desired[zone];
  if (!desired) throw new Error(`zone ${zone} is not in the desired state`);
  return Object.entries(desired.names)
    .flatMap(([label, name]) => {
      const fqdn = fqdnOf(label, zone);
      const t = name.ttl ?? desired.defaultTtl ?? DEFAULT_TTL;
      const line = (type: string, value: string) => `${fqdn} ${type} ${t} ${value}`;
      return [
        ...(name.a ?? []).map((address) => line('A', valueKey('A', { address }, zone))),
        ...(name.aaaa ?? []).map((address) => line('AAAA', valueKey('AAAA', { address }, zone))),
        ...(name.mx ?? []).map((mx) => line('MX', valueKey('MX', mx, zone))),
        ...(name.txt ?? []).map((txt) => line('TXT', txt)),
        ...(name.cname ? [line('CNAME', valueKey('CNAME', { cname: name.cname }, zone))] : []),
      ];
    })
    .sort();
}
