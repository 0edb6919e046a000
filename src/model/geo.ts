import { compareStrings } from './compare.js';
import type { SourcePosition } from './diagnostic.js';
import { sortValues } from './record-types/registry.js';

/**
 * Geo services (Dyn's Geo Traffic Manager): a named service that answers queries per group of countries, linked to
 * nodes. Identity is the service name exactly as written (names may contain spaces and capitals). Groups are keyed
 * by name; countries and each type's values are sets kept sorted, so equal services serialise identically.
 */

/**
 * The record data a group serves for one type; values canonical (record-types), in the type's order. The options
 * are the service's per-type settings of a group (vendor SDK dyninc/dyn-python `dyn/tm/services/geo.py`): absent
 * when not managed (desired) or not shown (live). `weights` and `labels` have one item per value, in values order.
 */
export interface GeoRecords {
  type: string;
  values: string[];
  /** How often each value is picked, relative to the others (A, AAAA, CNAME). */
  weights?: number[];
  /** A name for each value (`""`: none). */
  labels?: string[];
  /** How many of the values one answer carries (A, AAAA); absent live: all of them. */
  serveCount?: number;
  /** The type's TTL in this group; absent live: the service's TTL. */
  ttl?: number;
}

export interface GeoGroup {
  name: string;
  /** Country, region and special codes, sorted by UTF-16 code unit, unique. */
  countries: string[];
  /** By type, sorted by type; only types with values. */
  records: GeoRecords[];
}

/** A node the service answers for. Both names normalised; `fqdn` is inside `zone`. */
export interface GeoNode {
  zone: string;
  fqdn: string;
}

export interface GeoService {
  name: string;
  /** Sorted by name. */
  groups: GeoGroup[];
  /** Sorted by zone, then fqdn. */
  nodes: GeoNode[];
  /** The service's TTL, for every type of group that has none of its own; absent desired: not managed. */
  ttl?: number;
  /** Whether the service answers; absent desired: not managed. */
  active?: boolean;
  /** Desired only: the live name this service had, renamed to `name` when the plan finds it under that name. */
  renamedFrom?: string;
  /** Desired only: where the service is named, for problems found against live state. */
  at?: SourcePosition;
}

/** Weight and label of a value the service was given none for (inferred defaults: see emulator geo-options.ts). */
export const DEFAULT_GEO_WEIGHT = 1;
export const DEFAULT_GEO_LABEL = '';
/** The service's limits on group options (inferred, no public source states them: see emulator geo-options.ts). */
export const MAX_GEO_WEIGHT = 15;
export const MAX_GEO_LABEL = 64;
/** Types with `weights` (A, AAAA, CNAME) and with `serveCount` (A, AAAA), as the SDK's Geo record classes have them. */
export const GEO_SERVE_COUNT_TYPES: readonly string[] = ['A', 'AAAA'];

/** Record types a geo group may serve (the service's group rdata also has others; these are the ones managed). */
export const GEO_RECORD_TYPES: readonly string[] = ['A', 'AAAA', 'CNAME'];

/** `zone fqdn`: the identity of a node across services. */
export function geoNodeKey(node: GeoNode): string {
  return `${node.zone} ${node.fqdn}`;
}

export function compareGeoNodes(a: GeoNode, b: GeoNode): number {
  return compareStrings(a.zone, b.zone) || compareStrings(a.fqdn, b.fqdn);
}

/** The canonical form every layer compares: groups by name, nodes by zone then fqdn, sets sorted and unique. */
export function sortGeoService(service: GeoService): GeoService {
  const groups = service.groups
    .map((g) => ({
      name: g.name,
      countries: [...new Set(g.countries)].sort(compareStrings),
      records: g.records
        .filter((r) => r.values.length > 0)
        .map(sortGeoRecords)
        .sort((a, b) => compareStrings(a.type, b.type)),
    }))
    .sort((a, b) => compareStrings(a.name, b.name));
  const seen = new Set<string>();
  const nodes = [...service.nodes].sort(compareGeoNodes).filter((n) => {
    const key = geoNodeKey(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    name: service.name,
    groups,
    nodes,
    ...(service.ttl === undefined ? {} : { ttl: service.ttl }),
    ...(service.active === undefined ? {} : { active: service.active }),
    ...(service.renamedFrom === undefined ? {} : { renamedFrom: service.renamedFrom }),
    ...(service.at === undefined ? {} : { at: service.at }),
  };
}

/** Values sorted and unique, each value's weight and label moved with it; options in one key order. */
export function sortGeoRecords(records: GeoRecords): GeoRecords {
  const values = sortValues(records.type, records.values);
  const order = values.map((value) => records.values.indexOf(value));
  const byValue = <T>(list: readonly T[] | undefined) =>
    list?.length === records.values.length
      ? order.flatMap((i) => {
          const item = list[i];
          return item === undefined ? [] : [item];
        })
      : undefined;
  const weights = byValue(records.weights);
  const labels = byValue(records.labels);
  return {
    type: records.type,
    values,
    ...(weights === undefined ? {} : { weights }),
    ...(labels === undefined ? {} : { labels }),
    ...(records.serveCount === undefined ? {} : { serveCount: records.serveCount }),
    ...(records.ttl === undefined ? {} : { ttl: records.ttl }),
  };
}
