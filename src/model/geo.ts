import { compareStrings } from './compare.js';
import { sortValues } from './record-types/registry.js';

/**
 * Geo services (Dyn's Geo Traffic Manager): a named service that answers queries per group of countries, linked to
 * nodes. Identity is the service name exactly as written (names may contain spaces and capitals). Groups are keyed
 * by name; countries and each type's values are sets kept sorted, so equal services serialise identically.
 */

/** The record data a group serves for one type; values canonical (record-types), in the type's order. */
export interface GeoRecords {
  type: string;
  values: string[];
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
}

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
        .map((r) => ({ type: r.type, values: sortValues(r.type, r.values) }))
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
  return { name: service.name, groups, nodes };
}
