import type { ChangeAction, GeoChange, GeoServiceValue } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { DesiredState, LiveDnsState } from '../../model/dns.js';
import { type GeoGroup, type GeoNode, type GeoService, geoNodeKey, sortGeoService } from '../../model/geo.js';

/**
 * The diff of geo services, by exact service name. Only desired services are planned, unless
 * `settings.geo_services.manage` is `all`: then a live service the desired state does not list is deleted.
 *
 * A service changes when a group differs or the set of linked nodes does. Groups are matched by name; a group
 * differs when its countries, or the values of any record type it serves, differ as sets. Nodes are a set of
 * (zone, fqdn). Both sides are brought to `sortGeoService` form first, so comparing sorted lists compares sets and
 * the change's `before`/`after` are canonical. A hand-written comparison rather than a generic deep diff: a
 * generic diff reports list positions (`groups[1].countries[0]`), while these are sets keyed by name.
 */
export function diffGeoServices(desired: DesiredState, live: LiveDnsState): GeoChange[] {
  const wanted = desired.geoServices ?? [];
  const manageAll = desired.manage?.geoServices === 'all';
  if (wanted.length === 0 && !manageAll) return [];
  if (live.geoServices === undefined)
    throw new Error('computePlan: live state has no geo services (were they read?)');

  const found = new Map(live.geoServices.map((service) => [service.name, service]));
  const names = new Set(wanted.map((service) => service.name));
  const changes: GeoChange[] = [];
  for (const service of wanted) {
    const change = diffService(service.name, service, found.get(service.name) ?? null);
    if (change) changes.push(change);
  }
  if (manageAll) {
    for (const service of live.geoServices) {
      const change = names.has(service.name) ? null : diffService(service.name, null, service);
      if (change) changes.push(change);
    }
  }
  return changes.sort((a, b) => compareStrings(a.address.name, b.address.name));
}

function diffService(name: string, desired: GeoService | null, live: GeoService | null): GeoChange | null {
  const after = desired && serviceValue(desired);
  const before = live && serviceValue(live);
  const action: ChangeAction = after === null ? 'delete' : before === null ? 'create' : 'update';
  const change: GeoChange = { address: { kind: 'geo', name }, action, before, after };
  if (action !== 'update') return change;
  const { linked, unlinked } = geoNodeChanges(change);
  return geoGroupChanges(change).length + linked.length + unlinked.length === 0 ? null : change;
}

function serviceValue(service: GeoService): GeoServiceValue {
  const { groups, nodes } = sortGeoService(service);
  return { groups, nodes };
}

/** One group of a geo service, matched by name: `before`/`after` null when it is created/deleted. */
export interface GeoGroupChange {
  action: ChangeAction;
  name: string;
  before: GeoGroup | null;
  after: GeoGroup | null;
}

/** The groups a geo change creates, updates and deletes, by name. */
export function geoGroupChanges(change: GeoChange): GeoGroupChange[] {
  const before = new Map((change.before?.groups ?? []).map((group) => [group.name, group]));
  const after = new Map((change.after?.groups ?? []).map((group) => [group.name, group]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort(compareStrings);
  return names.flatMap((name): GeoGroupChange[] => {
    const was = before.get(name) ?? null;
    const will = after.get(name) ?? null;
    if (was && will && sameGroup(was, will)) return [];
    const action = will === null ? 'delete' : was === null ? 'create' : 'update';
    return [{ action, name, before: was, after: will }];
  });
}

/** The nodes a geo change links and unlinks, each in (zone, fqdn) order. */
export function geoNodeChanges(change: GeoChange): { linked: GeoNode[]; unlinked: GeoNode[] } {
  const before = change.before?.nodes ?? [];
  const after = change.after?.nodes ?? [];
  return { linked: missingFrom(after, before), unlinked: missingFrom(before, after) };
}

function sameGroup(a: GeoGroup, b: GeoGroup): boolean {
  return (
    sameList(a.countries, b.countries) &&
    a.records.length === b.records.length &&
    a.records.every((r, i) => r.type === b.records[i]?.type && sameList(r.values, b.records[i]?.values ?? []))
  );
}

/** Both lists sorted and unique (`sortGeoService`): equal lists are equal sets. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Nodes of `nodes` that `other` lacks, in `nodes` order. */
function missingFrom(nodes: readonly GeoNode[], other: readonly GeoNode[]): GeoNode[] {
  const keys = new Set(other.map(geoNodeKey));
  return nodes.filter((node) => !keys.has(geoNodeKey(node)));
}
