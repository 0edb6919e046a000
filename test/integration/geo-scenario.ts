/**
 * Generated mixes of zones, secondary zones and geo services for the property tests, from small pools so that
 * nodes move between plain records and geo services, and between services, often. Groups serve A and AAAA, or a
 * CNAME alone; zone names hold A, AAAA and TXT. Every generated pair is valid: live as the emulator could hold it
 * (a geo-linked node has no record of a type the service answers for, A and AAAA here, and lies in an existing
 * zone), desired as the config rules accept it (the same, one service per node); TXT may stand at a linked node.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { canonical } from './scenario.js';

const ZONES = ['a.test', 'b.test'] as const;
const NODES = ['geo.a.test', 'api.a.test', 'geo.b.test'] as const;
const SERVICES = ['Web A', 'Web B'] as const;
const SECONDARIES = ['s1.example', 's2.example'] as const;
const MASTERS = ['198.51.100.1', '198.51.100.2', '198.51.100.3'] as const;
const ADDRESSES = ['192.0.2.1', '192.0.2.2', '192.0.2.3'] as const;
const ADDRESSES6 = ['2001:db8::1', '2001:db8::2'] as const;
const TARGETS = ['web.example.net.', 'cdn.example.org.'] as const;
const TEXTS = ['v=spf1 -all', 'geo "node"'] as const;
const GROUPS = [
  { name: 'Europe', countries: ['DE', 'FR'] },
  { name: 'Asia', countries: ['JP'] },
  { name: 'Rest', countries: ['@@'] },
] as const;
/** The zone TTL of every desired zone (`default_ttl`), and the TTL of every live record. */
const TTL = 300;

type Node = (typeof NODES)[number];
/** What a group serves, as YAML and the emulator's seed both write it. */
type GroupData = { a?: string[]; aaaa?: string[] } | { cname: string };
type Group = { name: string; countries: string[] } & GroupData;
interface Service {
  groups: Group[];
  nodes: Node[];
}
/** The plain records of a name, by type. */
type NodeRecords = { A?: string[]; AAAA?: string[]; TXT?: string[] };
interface Side {
  /** Zones that exist (live) and their records, by node. */
  records: Record<string, Record<string, NodeRecords>>;
  services: Record<string, Service>;
  secondaries: Record<string, string[]>;
}
export interface GeoScenario {
  live: Side;
  desired: Side;
  manageGeo: boolean;
  manageSecondaries: boolean;
}

const zoneOf = (node: string) => node.slice(node.indexOf('.') + 1);

const groupData: fc.Arbitrary<GroupData> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ a: fc.subarray([...ADDRESSES], { minLength: 1 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      a: fc.subarray([...ADDRESSES], { minLength: 1 }),
      aaaa: fc.subarray([...ADDRESSES6], { minLength: 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ aaaa: fc.subarray([...ADDRESSES6], { minLength: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ cname: fc.constantFrom(...TARGETS) }) },
);

const services = fc.dictionary(
  fc.constantFrom(...SERVICES),
  fc.record({
    groups: fc
      .subarray([...GROUPS], { minLength: 1 })
      .chain((groups) =>
        fc
          .tuple(...groups.map(() => groupData))
          .map((data) => groups.map((g, i) => ({ name: g.name, countries: [...g.countries], ...data[i] }))),
      ),
    nodes: fc.subarray([...NODES]),
  }),
);

const nodeRecords: fc.Arbitrary<NodeRecords> = fc
  .record(
    {
      A: fc.subarray([...ADDRESSES], { minLength: 1 }),
      AAAA: fc.subarray([...ADDRESSES6], { minLength: 1 }),
      TXT: fc.subarray([...TEXTS], { minLength: 1 }),
    },
    { requiredKeys: [] },
  )
  .filter((types) => Object.keys(types).length > 0);

/** A linked node keeps only the types a geo service does not answer for. */
const unlinkedTypes = ({ TXT }: NodeRecords): NodeRecords => (TXT ? { TXT } : {});

/** One side: each node in at most one service, linked nodes without A or AAAA, services only in `zones`. */
const side = (zones: fc.Arbitrary<string[]>): fc.Arbitrary<Side> =>
  fc
    .record({
      zones,
      services,
      records: fc.dictionary(fc.constantFrom(...NODES, 'www.a.test', 'www.b.test'), nodeRecords),
      secondaries: fc.dictionary(
        fc.constantFrom(...SECONDARIES),
        fc.subarray([...MASTERS], { minLength: 1 }),
      ),
    })
    .map(({ zones: existing, services: raw, records, secondaries }) => {
      const taken = new Set<string>();
      const out: Record<string, Service> = {};
      for (const [name, service] of Object.entries(raw)) {
        const nodes = service.nodes.filter((n) => existing.includes(zoneOf(n)) && !taken.has(n));
        for (const n of nodes) taken.add(n);
        out[name] = { ...service, nodes };
      }
      return { records: placed(existing, records, taken), services: out, secondaries };
    });

/** Records by zone, for the zones that exist; at `linked` nodes only what a service leaves them. */
function placed(
  zones: readonly string[],
  records: Record<string, NodeRecords>,
  linked: ReadonlySet<string>,
): Side['records'] {
  const byZone: Side['records'] = Object.fromEntries(zones.map((z) => [z, {}]));
  for (const [node, types] of Object.entries(records)) {
    const zone = byZone[zoneOf(node)];
    const kept = linked.has(node) ? unlinkedTypes(types) : types;
    if (zone && Object.keys(kept).length > 0) zone[node] = kept;
  }
  return byZone;
}

/**
 * A service the desired state does not own stays as it is, so the desired state neither puts A or AAAA records at
 * its nodes nor links them to another service (the emulator would refuse both, as the service does).
 */
export const geoScenario: fc.Arbitrary<GeoScenario> = fc
  .record({
    live: side(fc.subarray([...ZONES])),
    desired: side(fc.constant([...ZONES])),
    manageGeo: fc.boolean(),
    manageSecondaries: fc.boolean(),
  })
  .map((s) => {
    if (s.manageGeo) return s;
    const kept = Object.entries(s.live.services).filter(([name]) => !(name in s.desired.services));
    const nodes = new Set<string>(kept.flatMap(([, service]) => service.nodes));
    const records = Object.fromEntries(
      Object.entries(s.desired.records).map(([zone, byNode]) => [
        zone,
        Object.fromEntries(
          Object.entries(byNode).flatMap(([node, types]) => {
            const left = nodes.has(node) ? unlinkedTypes(types) : types;
            return Object.keys(left).length > 0 ? [[node, left]] : [];
          }),
        ),
      ]),
    );
    const services = Object.fromEntries(
      Object.entries(s.desired.services).map(([name, g]) => [
        name,
        { ...g, nodes: g.nodes.filter((n) => !nodes.has(n)) },
      ]),
    );
    return { ...s, desired: { ...s.desired, records, services } };
  });

const geoSeed = (services: Record<string, Service>) =>
  Object.fromEntries(
    Object.entries(services).map(([name, g]) => [
      name,
      { groups: g.groups, nodes: g.nodes.map((fqdn) => ({ zone: zoneOf(fqdn), fqdn })) },
    ]),
  );

export function seedOf(s: GeoScenario): NonNullable<EmulatorSeed['dns']> {
  return {
    zones: Object.fromEntries(
      Object.entries(s.live.records).map(([zone, nodes]) => [
        zone,
        {
          records: Object.entries(nodes).flatMap(([fqdn, types]) =>
            Object.entries(types).flatMap(([type, values]) =>
              values.map((value) => ({ fqdn, type, ttl: TTL, rdata: rdataOf(type, value) })),
            ),
          ),
        },
      ]),
    ),
    secondary_zones: Object.fromEntries(
      Object.entries(s.live.secondaries).map(([z, masters]) => [z, { masters }]),
    ),
    geo_services: geoSeed(s.live.services),
  };
}

function rdataOf(type: string, value: string): Record<string, string> {
  return type === 'TXT' ? { txtdata: value } : { address: value };
}

const YAML_KEYS: Record<keyof NodeRecords, string> = { A: 'a', AAAA: 'aaaa', TXT: 'txt' };

export function yamlOf(s: GeoScenario): string {
  const zones = Object.fromEntries(
    Object.entries(s.desired.records).map(([zone, nodes]) => [
      zone,
      {
        default_ttl: TTL,
        records: Object.fromEntries(
          Object.entries(nodes).map(([fqdn, types]) => [
            `${fqdn}.`,
            Object.fromEntries(
              Object.entries(types).map(([type, values]) => [YAML_KEYS[type as keyof NodeRecords], values]),
            ),
          ]),
        ),
      },
    ]),
  );
  return stringify({
    zones,
    secondary_zones: Object.fromEntries(
      Object.entries(s.desired.secondaries).map(([z, masters]) => [z, { masters }]),
    ),
    geo_services: geoSeed(s.desired.services),
    settings: {
      geo_services: { manage: s.manageGeo ? 'all' : 'listed' },
      secondary_zones: { manage: s.manageSecondaries ? 'all' : 'listed' },
    },
  });
}

/** The published records of each zone after a complete apply: the desired ones (`publishedRecords` lines). */
export function expectedZones(s: GeoScenario): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(s.desired.records).map(([zone, nodes]) => [
      zone,
      Object.entries(nodes)
        .flatMap(([fqdn, types]) =>
          Object.entries(types).flatMap(([type, values]) =>
            values.map((value) => `${fqdn} ${TTL} ${type} ${canonical(type, value, zone)}`),
          ),
        )
        .sort(),
    ]),
  );
}

/**
 * The secondary zones' masters and the geo services after a complete apply, in `serviceState` form: the desired
 * ones, and the live ones the desired state does not own.
 */
export function expectedServices(s: GeoScenario) {
  const secondaries = { ...(s.manageSecondaries ? {} : s.live.secondaries), ...s.desired.secondaries };
  const geo = { ...(s.manageGeo ? {} : s.live.services), ...s.desired.services };
  return {
    secondaries: sortedEntries(secondaries, (masters) => [...masters].sort()),
    geo: sortedEntries(geo, (g) => ({ groups: sortedGroups(g.groups), nodes: [...g.nodes].sort() })),
  };
}

/** The secondary zones' masters and the geo services the emulator holds, comparable with `expectedServices`. */
export function serviceState(snapshot: EmulatorSeed) {
  const dns = snapshot.dns ?? {};
  return {
    secondaries: sortedEntries(dns.secondary_zones ?? {}, (z) => [...z.masters].sort()),
    geo: sortedEntries(dns.geo_services ?? {}, (g) => ({
      groups: sortedGroups(g.groups as Group[]),
      nodes: (g.nodes ?? []).map((n) => n.fqdn).sort(),
    })),
  };
}

function sortedGroups(groups: readonly Group[]) {
  return groups
    .map(({ name, countries, ...data }) => ({ name, countries: [...countries].sort(), ...sortedData(data) }))
    .sort((x, y) => (x.name < y.name ? -1 : 1));
}

function sortedData(g: GroupData): GroupData {
  if ('cname' in g) return { cname: g.cname };
  return { ...(g.a ? { a: [...g.a].sort() } : {}), ...(g.aaaa ? { aaaa: [...g.aaaa].sort() } : {}) };
}

function sortedEntries<T, U>(record: Record<string, T>, map: (value: T) => U): [string, U][] {
  return Object.entries(record)
    .map(([key, value]): [string, U] => [key, map(value)])
    .sort(([x], [y]) => (x < y ? -1 : 1));
}
