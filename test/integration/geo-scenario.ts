/**
 * Generated mixes of zones, secondary zones and geo services for the property tests, from small pools so that
 * nodes move between plain A records and geo services, and between services, often. Every generated pair is
 * valid: live as the emulator could hold it (a geo-linked node has no A records and lies in an existing zone),
 * desired as the config rules accept it (a linked node has no A records, one service per node).
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { EmulatorSeed } from '../../src/emulator/index.js';

const ZONES = ['a.test', 'b.test'] as const;
const NODES = ['geo.a.test', 'api.a.test', 'geo.b.test'] as const;
const SERVICES = ['Web A', 'Web B'] as const;
const SECONDARIES = ['s1.example', 's2.example'] as const;
const MASTERS = ['198.51.100.1', '198.51.100.2', '198.51.100.3'] as const;
const ADDRESSES = ['192.0.2.1', '192.0.2.2', '192.0.2.3'] as const;
const GROUPS = [
  { name: 'Europe', countries: ['DE', 'FR'] },
  { name: 'Asia', countries: ['JP'] },
  { name: 'Rest', countries: ['@@'] },
] as const;

type Node = (typeof NODES)[number];
interface Service {
  groups: { name: string; countries: string[]; a: string[] }[];
  nodes: Node[];
}
interface Side {
  /** Zones that exist (live) and their A records, by node. */
  records: Record<string, Record<string, string[]>>;
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

const services = fc.dictionary(
  fc.constantFrom(...SERVICES),
  fc.record({
    groups: fc
      .subarray([...GROUPS], { minLength: 1 })
      .chain((groups) =>
        fc
          .tuple(...groups.map(() => fc.subarray([...ADDRESSES], { minLength: 1 })))
          .map((as) => groups.map((g, i) => ({ name: g.name, countries: [...g.countries], a: as[i] ?? [] }))),
      ),
    nodes: fc.subarray([...NODES]),
  }),
);

/** One side: each node in at most one service, linked nodes without A records, services only in `zones`. */
const side = (zones: fc.Arbitrary<string[]>): fc.Arbitrary<Side> =>
  fc
    .record({
      zones,
      services,
      records: fc.dictionary(
        fc.constantFrom(...NODES, 'www.a.test', 'www.b.test'),
        fc.subarray([...ADDRESSES], { minLength: 1 }),
      ),
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
      const byZone: Side['records'] = Object.fromEntries(existing.map((z) => [z, {}]));
      for (const [node, addresses] of Object.entries(records)) {
        const zone = byZone[zoneOf(node)];
        if (zone && !taken.has(node)) zone[node] = addresses;
      }
      return { records: byZone, services: out, secondaries };
    });

/**
 * A service the desired state does not own stays as it is, so the desired state neither puts A records at its
 * nodes nor links them to another service (the emulator would refuse both, as the service does).
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
    const nodes = new Set(kept.flatMap(([, service]) => service.nodes));
    const records = Object.fromEntries(
      Object.entries(s.desired.records).map(([zone, byNode]) => [
        zone,
        Object.fromEntries(Object.entries(byNode).filter(([node]) => !nodes.has(node as Node))),
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

export function seedOf(s: GeoScenario): NonNullable<EmulatorSeed['dns']> {
  return {
    zones: Object.fromEntries(
      Object.entries(s.live.records).map(([zone, nodes]) => [
        zone,
        {
          records: Object.entries(nodes).flatMap(([fqdn, addresses]) =>
            addresses.map((address) => ({ fqdn, type: 'A', ttl: 300, rdata: { address } })),
          ),
        },
      ]),
    ),
    secondary_zones: Object.fromEntries(
      Object.entries(s.live.secondaries).map(([z, masters]) => [z, { masters }]),
    ),
    geo_services: Object.fromEntries(
      Object.entries(s.live.services).map(([name, g]) => [
        name,
        { groups: g.groups, nodes: g.nodes.map((fqdn) => ({ zone: zoneOf(fqdn), fqdn })) },
      ]),
    ),
  };
}

export function yamlOf(s: GeoScenario): string {
  const zones = Object.fromEntries(
    Object.entries(s.desired.records).map(([zone, nodes]) => [
      zone,
      {
        default_ttl: 300,
        records: Object.fromEntries(Object.entries(nodes).map(([fqdn, a]) => [`${fqdn}.`, { a }])),
      },
    ]),
  );
  return stringify({
    zones,
    secondary_zones: Object.fromEntries(
      Object.entries(s.desired.secondaries).map(([z, masters]) => [z, { masters }]),
    ),
    geo_services: Object.fromEntries(
      Object.entries(s.desired.services).map(([name, g]) => [
        name,
        { groups: g.groups, nodes: g.nodes.map((fqdn) => ({ zone: zoneOf(fqdn), fqdn })) },
      ]),
    ),
    settings: {
      geo_services: { manage: s.manageGeo ? 'all' : 'listed' },
      secondary_zones: { manage: s.manageSecondaries ? 'all' : 'listed' },
    },
  });
}
