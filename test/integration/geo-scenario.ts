/**
 * Generated mixes of zones, secondary zones and geo services for the property tests, from small pools so that
 * nodes move between plain records and geo services, and between services, often. Groups serve A and AAAA, or a
 * CNAME alone; zone names hold A, AAAA and TXT. Every generated pair is valid: live as the emulator could hold it
 * (a geo-linked node has no record of a type the service answers for, A and AAAA here, and lies in an existing
 * zone), desired as the config rules accept it (the same, one service per node); TXT may stand at a linked node.
 * Services may carry their TTL and active state, groups their A values' weights and labels and the A serve count
 * and TTL (live in the seed's wire maps, desired in YAML), and a desired service may be a live one renamed.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { canonical } from './scenario.js';

const ZONES = ['a.test', 'b.test'] as const;
const NODES = ['geo.a.test', 'api.a.test', 'geo.b.test'] as const;
const SERVICES = ['Web A', 'Web B'] as const;
/** The new name of a renamed service: never live. */
const RENAMED = 'Web C';
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
/** Options of a group's A values: weights and labels in `a` order. */
interface AOptions {
  weights?: number[];
  labels?: string[];
  serveCount?: number;
  ttl?: number;
}
type Group = { name: string; countries: string[]; opts?: AOptions } & GroupData;
interface Service {
  groups: Group[];
  nodes: Node[];
  ttl?: number;
  active?: boolean;
  /** Desired only: the live service this one is renamed from. */
  renamedFrom?: string;
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

/** Options for `count` A values, each given or not. */
const aOptions = (count: number): fc.Arbitrary<AOptions> =>
  fc.record(
    {
      weights: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: count, maxLength: count }),
      labels: fc.array(fc.constantFrom('one', 'two'), { minLength: count, maxLength: count }),
      serveCount: fc.integer({ min: 1, max: count }),
      ttl: fc.constantFrom(60, 120),
    },
    { requiredKeys: [] },
  );

const withOptions = (data: GroupData): fc.Arbitrary<GroupData & { opts?: AOptions }> =>
  'a' in data && data.a ? aOptions(data.a.length).map((opts) => ({ ...data, opts })) : fc.constant(data);

const services = fc.dictionary(
  fc.constantFrom(...SERVICES),
  fc.record(
    {
      groups: fc
        .subarray([...GROUPS], { minLength: 1 })
        .chain((groups) =>
          fc
            .tuple(...groups.map(() => groupData.chain(withOptions)))
            .map((data) => groups.map((g, i) => ({ name: g.name, countries: [...g.countries], ...data[i] }))),
        ),
      nodes: fc.subarray([...NODES]),
      ttl: fc.constantFrom(30, 90),
      active: fc.boolean(),
    },
    { requiredKeys: ['groups', 'nodes'] },
  ),
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
    rename: fc.boolean(),
  })
  .map(({ rename, ...s }) => (rename ? renamed(s) : s))
  .map((s) => {
    if (s.manageGeo) return s;
    const sources = renameSources(s.desired.services);
    const kept = Object.entries(s.live.services).filter(
      ([name]) => !(name in s.desired.services) && !sources.has(name),
    );
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

/**
 * The first desired service that is also live moves to a name no live service has (`Web C`), renamed from its live
 * name: the plan must rename that service rather than create a second one.
 */
function renamed(s: GeoScenario): GeoScenario {
  const source = Object.keys(s.desired.services).find((name) => name in s.live.services);
  const service = source === undefined ? undefined : s.desired.services[source];
  if (source === undefined || service === undefined) return s;
  const { [source]: _moved, ...others } = s.desired.services;
  const services = { ...others, [RENAMED]: { ...service, renamedFrom: source } };
  return { ...s, desired: { ...s.desired, services } };
}

const renameSources = (services: Record<string, Service>) =>
  new Set(Object.values(services).flatMap((g) => g.renamedFrom ?? []));

/** The seed's wire maps of a group's A options (geo-options.ts of the emulator). */
function seedOptions(opts: AOptions | undefined) {
  if (!opts) return {};
  return {
    ...(opts.weights ? { weight: { a_weight: opts.weights } } : {}),
    ...(opts.labels ? { label: { a_label: opts.labels } } : {}),
    ...(opts.serveCount === undefined ? {} : { serve_count: { a_serve_count: String(opts.serveCount) } }),
    ...(opts.ttl === undefined ? {} : { ttl: { a_ttl: opts.ttl } }),
  };
}

const geoSeed = (services: Record<string, Service>) =>
  Object.fromEntries(
    Object.entries(services).map(([name, g]) => [
      name,
      {
        ...(g.ttl === undefined ? {} : { ttl: g.ttl }),
        ...(g.active === undefined ? {} : { active: g.active ? ('Y' as const) : ('N' as const) }),
        groups: g.groups.map(({ opts, ...group }) => ({ ...group, ...seedOptions(opts) })),
        nodes: g.nodes.map((fqdn) => ({ zone: zoneOf(fqdn), fqdn })),
      },
    ]),
  );

/** A group in YAML: A values with their weight and label as maps, the A serve count and TTL by type. */
function yamlGroup({ opts, ...group }: Group) {
  if (!opts || !('a' in group) || !group.a) return group;
  const a = group.a.map((value, i) => {
    const weight = opts.weights?.[i];
    const label = opts.labels?.[i];
    if (weight === undefined && label === undefined) return value;
    return { value, ...(weight === undefined ? {} : { weight }), ...(label === undefined ? {} : { label }) };
  });
  return {
    ...group,
    a,
    ...(opts.serveCount === undefined ? {} : { serve_count: { a: opts.serveCount } }),
    ...(opts.ttl === undefined ? {} : { ttl: { a: opts.ttl } }),
  };
}

const geoYaml = (services: Record<string, Service>) =>
  Object.fromEntries(
    Object.entries(services).map(([name, g]) => [
      name,
      {
        ...(g.renamedFrom === undefined ? {} : { renamed_from: g.renamedFrom }),
        ...(g.ttl === undefined ? {} : { ttl: g.ttl }),
        ...(g.active === undefined ? {} : { active: g.active }),
        groups: g.groups.map(yamlGroup),
        nodes: g.nodes.map((fqdn) => ({ zone: zoneOf(fqdn), fqdn })),
      },
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
    geo_services: geoYaml(s.desired.services),
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
 * ones, and the live ones the desired state does not own. A desired service's options are what it gives, else what
 * its live self (under its name, or the one it is renamed from) had: the TTL and active state, a group's A serve
 * count (when it fits the desired values) and TTL, each A value's weight and label (a new value: 1 and "").
 * Computed from the scenario, not from edgeplan's code.
 */
export function expectedServices(s: GeoScenario) {
  const secondaries = { ...(s.manageSecondaries ? {} : s.live.secondaries), ...s.desired.secondaries };
  const sources = renameSources(s.desired.services);
  const unowned = Object.fromEntries(
    Object.entries(s.live.services).filter(([name]) => !sources.has(name) && !(name in s.desired.services)),
  );
  const desired = Object.fromEntries(
    Object.entries(s.desired.services).map(([name, g]) => {
      const live = s.live.services[name] ?? (g.renamedFrom ? s.live.services[g.renamedFrom] : undefined);
      return [name, withLive(g, live)];
    }),
  );
  const geo = { ...(s.manageGeo ? {} : unowned), ...desired };
  return {
    secondaries: sortedEntries(secondaries, (masters) => [...masters].sort()),
    geo: sortedEntries(geo, (g) => ({
      ttl: g.ttl ?? 30,
      active: g.active ?? true,
      groups: sortedGroups(g.groups),
      nodes: [...g.nodes].sort(),
    })),
  };
}

function withLive(desired: Service, live: Service | undefined): Service {
  if (!live) return desired;
  return {
    ...desired,
    ttl: desired.ttl ?? live.ttl,
    active: desired.active ?? live.active,
    groups: desired.groups.map((group) => {
      const was = live.groups.find((g) => g.name === group.name);
      if (!('a' in group) || !group.a || !was || !('a' in was) || !was.a) return group;
      const values = group.a;
      const old = was.a;
      const perValue = <T>(mine: T[] | undefined, theirs: T[] | undefined, fallback: T) =>
        mine ??
        (theirs
          ? values.map((v) => (old.includes(v) ? theirs[old.indexOf(v)] : undefined) ?? fallback)
          : undefined);
      const serve = was.opts?.serveCount;
      const opts: AOptions = {
        weights: perValue(group.opts?.weights, was.opts?.weights, 1),
        labels: perValue(group.opts?.labels, was.opts?.labels, ''),
        serveCount:
          group.opts?.serveCount ?? (serve !== undefined && serve <= values.length ? serve : undefined),
        ttl: group.opts?.ttl ?? was.opts?.ttl,
      };
      return { ...group, opts };
    }),
  };
}

/** The secondary zones' masters and the geo services the emulator holds, comparable with `expectedServices`. */
export function serviceState(snapshot: EmulatorSeed) {
  const dns = snapshot.dns ?? {};
  return {
    secondaries: sortedEntries(dns.secondary_zones ?? {}, (z) => [...z.masters].sort()),
    geo: sortedEntries(dns.geo_services ?? {}, (g) => ({
      ttl: g.ttl,
      active: g.active === 'Y',
      groups: sortedGroups(g.groups.map(fromSeedGroup)),
      nodes: (g.nodes ?? []).map((n) => n.fqdn).sort(),
    })),
  };
}

/** A seed group (wire option maps) as a scenario group. */
function fromSeedGroup(
  g: NonNullable<NonNullable<EmulatorSeed['dns']>['geo_services']>[string]['groups'][number],
): Group {
  const list = <T>(map: Record<string, unknown> | undefined, key: string) =>
    Array.isArray(map?.[key]) ? (map[key] as T[]) : undefined;
  const serve = g.serve_count?.a_serve_count;
  const ttl = g.ttl?.a_ttl;
  const opts: AOptions = {
    weights: list<number>(g.weight, 'a_weight'),
    labels: list<string>(g.label, 'a_label'),
    serveCount: typeof serve === 'string' && serve !== '' ? Number(serve) : undefined,
    ttl: typeof ttl === 'number' && ttl > 0 ? ttl : undefined,
  };
  const data: GroupData =
    g.cname === undefined
      ? { ...(g.a ? { a: g.a } : {}), ...(g.aaaa ? { aaaa: g.aaaa } : {}) }
      : { cname: g.cname };
  return { name: g.name, countries: g.countries, ...data, opts };
}

function sortedGroups(groups: readonly Group[]) {
  return groups
    .map(({ name, countries, opts, ...data }) => ({
      name,
      countries: [...countries].sort(),
      ...sortedData(data, opts),
    }))
    .sort((x, y) => (x.name < y.name ? -1 : 1));
}

/** The group's values sorted, each A value with its weight and label; the A serve count and TTL when set. */
function sortedData(g: GroupData, opts: AOptions | undefined) {
  if ('cname' in g) return { cname: g.cname };
  const a = (g.a ?? [])
    .map((value, i) => ({ value, weight: opts?.weights?.[i], label: opts?.labels?.[i] }))
    .sort((x, y) => (x.value < y.value ? -1 : 1));
  return {
    ...(g.a ? { a } : {}),
    ...(g.aaaa ? { aaaa: [...g.aaaa].sort() } : {}),
    serveCount: g.a ? opts?.serveCount : undefined,
    ttl: g.a ? opts?.ttl : undefined,
  };
}

function sortedEntries<T, U>(record: Record<string, T>, map: (value: T) => U): [string, U][] {
  return Object.entries(record)
    .map(([key, value]): [string, U] => [key, map(value)])
    .sort(([x], [y]) => (x < y ? -1 : 1));
}
