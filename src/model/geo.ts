import { sortAddresses } from './ipv4.js';

/**
 * Geo services (api/dyn.md §9): a named service that answers A queries per group of countries, linked to nodes.
 * Identity is the service name exactly as written (names may contain spaces and capitals). Groups are keyed by
 * name; `countries` and `addresses` are sets kept sorted, so equal services serialise identically.
 */

export interface GeoGroup {
  name: string;
  /** Country, region and special codes, sorted by UTF-16 code unit, unique. */
  countries: string[];
  /** IPv4 addresses in `sortAddresses` order, unique. */
  addresses: string[];
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

/**
 * One write to a geo service; each is one request and takes effect at once. `update-geo` carries only the fields
 * that change: the service's PUT updates only the fields sent (seed, Endpoints rule 2).
 */
export type GeoOp =
  | { kind: 'create-geo'; name: string; groups: GeoGroup[]; nodes: GeoNode[] }
  | { kind: 'update-geo'; name: string; groups?: GeoGroup[]; nodes?: GeoNode[] }
  | { kind: 'delete-geo'; name: string };

/** `zone fqdn`: the identity of a node across services. */
export function geoNodeKey(node: GeoNode): string {
  return `${node.zone} ${node.fqdn}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareGeoNodes(a: GeoNode, b: GeoNode): number {
  return compare(a.zone, b.zone) || compare(a.fqdn, b.fqdn);
}

/** The canonical form every layer compares: groups by name, nodes by zone then fqdn, sets sorted and unique. */
export function sortGeoService(service: GeoService): GeoService {
  const groups = service.groups
    .map((g) => ({
      name: g.name,
      countries: [...new Set(g.countries)].sort(compare),
      addresses: sortAddresses(g.addresses),
    }))
    .sort((a, b) => compare(a.name, b.name));
  const seen = new Set<string>();
  const nodes = [...service.nodes].sort(compareGeoNodes).filter((n) => {
    const key = geoNodeKey(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { name: service.name, groups, nodes };
}
