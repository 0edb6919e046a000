import { isDeepStrictEqual } from 'node:util';
import type { ChangeAction, GeoChange, GeoServiceValue } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import { type Diagnostic, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredState, LiveDnsState } from '../../model/dns.js';
import { type GeoGroup, type GeoNode, type GeoService, geoNodeKey, sortGeoService } from '../../model/geo.js';
import { withLiveOptions } from './geo-options.js';

/**
 * The diff of geo services, by exact service name. Only desired services are planned, unless
 * `settings.geo_services.manage` is `all`: then a live service the desired state does not list is deleted.
 *
 * A desired service with `renamedFrom` that is not live under its name but is under the old one is that live
 * service renamed: one update whose `before.name` is the old name. Both names live is a problem (the rename's
 * target exists). What the desired state does not manage (the service's TTL and active state, a group type's
 * weights, labels, serve count and TTL) is taken from live first (geo-options.ts), so it never shows as a change
 * and a write carries the live value instead of resetting it.
 *
 * A service changes when a group differs, the set of linked nodes does, its TTL or active state does, or it is
 * renamed. Groups are matched by name; a group differs when its countries, the values of any record type it
 * serves (as sets), or their options differ. Nodes are a set of (zone, fqdn). Both sides are brought to `sortGeoService` form first, so comparing sorted lists compares sets and
 * the change's `before`/`after` are canonical. A hand-written comparison rather than a generic deep diff: a
 * generic diff reports list positions (`groups[1].countries[0]`), while these are sets keyed by name.
 *
 * Returns the changes, and the renames that cannot be made (their target exists live) as problems.
 */
export function diffGeoServices(
  desired: DesiredState,
  live: LiveDnsState,
): { changes: GeoChange[]; problems: Diagnostic[] } {
  const wanted = desired.geoServices ?? [];
  const manageAll = desired.manage?.geoServices === 'all';
  if (wanted.length === 0 && !manageAll) return { changes: [], problems: [] };
  if (live.geoServices === undefined)
    throw new Error('computePlan: live state has no geo services (were they read?)');

  const found = new Map(live.geoServices.map((service) => [service.name, service]));
  const kept = new Set(wanted.map((service) => service.name));
  const changes: GeoChange[] = [];
  const problems: Diagnostic[] = [];
  for (const service of wanted) {
    const current = found.get(service.name);
    const old = service.renamedFrom ?? service.name;
    const renamed = old === service.name ? undefined : found.get(old);
    if (renamed !== undefined) {
      if (current !== undefined) {
        const message = `geo service "${old}" cannot be renamed to "${service.name}": a live service has that name`;
        problems.push({ ...(service.at ?? UNPLACED), code: 'EP1601', message });
        continue;
      }
      kept.add(old);
    }
    const change = diffService(service.name, service, current ?? renamed ?? null);
    if (change) changes.push(change);
  }
  if (manageAll) {
    for (const service of live.geoServices) {
      const change = kept.has(service.name) ? null : diffService(service.name, null, service);
      if (change) changes.push(change);
    }
  }
  return { changes: changes.sort((a, b) => compareStrings(a.address.name, b.address.name)), problems };
}

function diffService(name: string, desired: GeoService | null, live: GeoService | null): GeoChange | null {
  const address = { kind: 'geo', name } satisfies GeoChange['address'];
  const after = desired && serviceValue(live ? withLiveOptions(desired, live) : desired);
  const before = live && { ...serviceValue(live), ...(live.name === name ? {} : { name: live.name }) };
  if (after === null || before === null)
    return { address, action: after === null ? 'delete' : 'create', before, after };
  const change: GeoChange = { address, action: 'update', before, after };
  const { linked, unlinked } = geoNodeChanges(change);
  const same =
    before.name === undefined &&
    before.ttl === after.ttl &&
    before.active === after.active &&
    geoGroupChanges(change).length + linked.length + unlinked.length === 0;
  return same ? null : change;
}

function serviceValue(service: GeoService): GeoServiceValue {
  const { groups, nodes, ttl, active } = sortGeoService(service);
  return {
    groups,
    nodes,
    ...(ttl === undefined ? {} : { ttl }),
    ...(active === undefined ? {} : { active }),
  };
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
    if (sameGroup(was, will)) return [];
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

/** Both sorted (`sortGeoService`, options in one key order): equal values are equal groups, and a
 * group on one side only (null on the other) differs. */
function sameGroup(a: GeoGroup | null, b: GeoGroup | null): boolean {
  return isDeepStrictEqual(a, b);
}

/** Nodes of `nodes` that `other` lacks, in `nodes` order. */
function missingFrom(nodes: readonly GeoNode[], other: readonly GeoNode[]): GeoNode[] {
  const keys = new Set(other.map(geoNodeKey));
  return nodes.filter((node) => !keys.has(geoNodeKey(node)));
}
