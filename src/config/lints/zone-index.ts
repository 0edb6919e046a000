import { normaliseName, relativeName } from '../../model/names.js';
import { globProblem, isUnmanaged } from '../../model/unmanaged.js';
import type { ReadRecord } from '../desired/read-records.js';
import type { MergedDocument, MergedZone } from '../read/merge.js';
import { nodesOf } from '../rules/geo-rules.js';

/**
 * The record names of every zone of a desired state by full name, so that the zone lints look a name up instead of
 * scanning (a 100,000-record zone stays linear). Built once per load.
 */
export interface ZoneIndex {
  /** Every record name with at least one type, by normalised full name, across all zones. */
  names: ReadonlyMap<string, ReadRecord>;
  /** `zones:` by normalised name, each with its valid `unmanaged` globs. */
  zones: ReadonlyMap<string, { zone: MergedZone; globs: readonly string[] }>;
  /** `secondary_zones:` by normalised name: their records are copied from masters, never known here. */
  secondaryZones: ReadonlySet<string>;
  /** Names below their zone's apex that a `delegates` type (NS) delegates: the data at and below them is the child's. */
  delegated: ReadonlySet<string>;
  /** The nodes of every geo service: a geo service answers there, without records under `zones`. */
  geoNodes: ReadonlySet<string>;
}

export function zoneIndex(merged: MergedDocument, records: readonly ReadRecord[]): ZoneIndex {
  const names = new Map<string, ReadRecord>();
  const delegated = new Set<string>();
  for (const read of records) {
    if (read.sets.length === 0) continue;
    names.set(read.record.fqdn, read);
    if (read.record.fqdn !== read.zone.zone && read.sets.some((set) => set.type.rules?.delegates))
      delegated.add(read.record.fqdn);
  }
  const zones = new Map(merged.zones.map((zone) => [zone.zone, { zone, globs: validGlobs(zone) }]));
  const secondaryZones = new Set(merged.services.secondaryZones.map((entry) => normaliseName(entry.key)));
  const geoNodes = new Set(merged.services.geoServices.flatMap(nodesOf).map((node) => node.fqdn));
  return { names, zones, secondaryZones, delegated, geoNodes };
}

/** Where a name lies: the innermost managed zone that holds it, and whether the zone has authority there. */
export type Placement =
  | { kind: 'outside' }
  | { kind: 'secondary'; zone: string }
  | { kind: 'delegated'; zone: string; cut: string }
  | { kind: 'in-zone'; zone: MergedZone; globs: readonly string[] };

/** `fqdn` (normalised) against the zones of `index`; the walk up is one step per label. */
export function placement(index: ZoneIndex, fqdn: string): Placement {
  let cut: string | undefined;
  for (let name = fqdn; ; name = name.slice(name.indexOf('.') + 1)) {
    if (index.secondaryZones.has(name)) return { kind: 'secondary', zone: name };
    const found = index.zones.get(name);
    if (found) return cut ? { kind: 'delegated', zone: name, cut } : { kind: 'in-zone', ...found };
    if (!cut && index.delegated.has(name)) cut = name;
    if (!name.includes('.')) return { kind: 'outside' };
  }
}

/**
 * Whether a name of `zone` is taken care of without a record of its own in the desired state: the apex (its SOA
 * and NS are the service's), a geo service's node, a name `unmanaged` leaves to another tool, or one a wildcard (`*.<ancestor>` inside
 * the zone) answers for. The wildcard test is generous (any ancestor's wildcard counts, RFC 4592's closest
 * encloser is not computed): this only spares a warning.
 */
export function answeredElsewhere(index: ZoneIndex, fqdn: string, zone: string, globs: readonly string[]) {
  if (fqdn === zone || index.geoNodes.has(fqdn)) return true;
  if (isUnmanaged(relativeName(fqdn, zone), globs)) return true;
  for (let name = fqdn; name !== zone; ) {
    name = name.slice(name.indexOf('.') + 1);
    if (index.names.has(`*.${name}`)) return true;
  }
  return false;
}

/** The `unmanaged` entries of a zone that are valid globs (rules.ts reports the others). */
function validGlobs(zone: MergedZone): string[] {
  return zone.unmanaged.flatMap((item) =>
    item.kind === 'scalar' && typeof item.value === 'string' && item.value !== '' && !globProblem(item.value)
      ? [item.value]
      : [],
  );
}
