import type { DesiredState, LiveDnsState } from '../model/dns.js';
import { type GeoGroup, type GeoNode, type GeoService, geoNodeKey } from '../model/geo.js';
import { compareStrings } from './order.js';
import type { GeoGroupChange, GeoServicePlan } from './service-types.js';

/** One changed service with both sides, for the step builder (geo-steps.ts). */
export interface GeoDiff {
  plan: GeoServicePlan;
  desired: GeoService | null;
  live: GeoService | null;
  /** The groups differ: an update sends `groups` (the service replaces them as a whole). */
  groupsChanged: boolean;
  /** The set of linked nodes differs: an update sends `nodes`. */
  nodesChanged: boolean;
}

/**
 * The field-level diff of geo services, by exact service name. Only desired services are planned, unless
 * `settings.geo_services.manage` is `all`: then a live service the desired state does not list is deleted (marked
 * destructive).
 *
 * Within a service, groups are matched by name, and a group changes when its countries or its addresses differ
 * as sets (both sides are in `sortGeoService` form, so comparing the sorted lists compares the sets). Nodes are
 * compared as a set of (zone, fqdn): the plan lists those linked and those unlinked. A hand-written comparison
 * rather than a generic deep diff: a generic diff reports list positions (`groups[1].countries[0]`), while these
 * are sets keyed by name, which is what the plan shows.
 */
export function diffGeoServices(desired: DesiredState, live: LiveDnsState): GeoDiff[] {
  const wanted = desired.geoServices ?? [];
  const manageAll = desired.manage?.geoServices === 'all';
  if (wanted.length === 0 && !manageAll) return [];
  if (live.geoServices === undefined)
    throw new Error('computePlan: live state has no geo services (were they read?)');

  const found = new Map(live.geoServices.map((service) => [service.name, service]));
  const names = new Set(wanted.map((service) => service.name));
  const diffs: GeoDiff[] = [];
  for (const service of wanted) {
    const diff = diffService(service, found.get(service.name) ?? null);
    if (diff) diffs.push(diff);
  }
  if (manageAll) {
    for (const service of live.geoServices) {
      const diff = names.has(service.name) ? null : diffService(null, service);
      if (diff) diffs.push(diff);
    }
  }
  return diffs.sort((a, b) => compareStrings(a.plan.name, b.plan.name));
}

function diffService(desired: GeoService | null, live: GeoService | null): GeoDiff | null {
  const service = desired ?? live;
  if (!service) return null;
  const groups = groupChanges(desired?.groups ?? [], live?.groups ?? []);
  const linked = missingFrom(desired?.nodes ?? [], live?.nodes ?? []);
  const unlinked = missingFrom(live?.nodes ?? [], desired?.nodes ?? []);
  const action = desired === null ? 'delete' : live === null ? 'create' : 'update';
  if (action === 'update' && groups.length + linked.length + unlinked.length === 0) return null;
  return {
    plan: { action, name: service.name, destructive: action === 'delete', groups, linked, unlinked },
    desired,
    live,
    groupsChanged: groups.length > 0,
    nodesChanged: linked.length + unlinked.length > 0,
  };
}

/** Created, updated and deleted groups, by name. */
function groupChanges(desired: readonly GeoGroup[], live: readonly GeoGroup[]): GeoGroupChange[] {
  const before = new Map(live.map((group) => [group.name, group]));
  const after = new Map(desired.map((group) => [group.name, group]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort(compareStrings);
  return names.flatMap((name): GeoGroupChange[] => {
    const was = before.get(name) ?? null;
    const will = after.get(name) ?? null;
    if (was && will && sameSet(was.countries, will.countries) && sameSet(was.addresses, will.addresses))
      return [];
    const action = will === null ? 'delete' : was === null ? 'create' : 'update';
    return [{ action, name, before: was, after: will }];
  });
}

/** Both lists sorted and unique (`sortGeoService`): equal lists are equal sets. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Nodes of `nodes` that `other` lacks, in `nodes` order. */
function missingFrom(nodes: readonly GeoNode[], other: readonly GeoNode[]): GeoNode[] {
  const keys = new Set(other.map(geoNodeKey));
  return nodes.filter((node) => !keys.has(geoNodeKey(node)));
}
