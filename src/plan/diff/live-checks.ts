import type { GeoChange } from '../../model/change.js';
import { type Diagnostic, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredZone, LiveDnsState, LiveZone } from '../../model/dns.js';
import { GEO_RECORD_TYPES, geoNodeKey } from '../../model/geo.js';
import type { RecordSet } from '../../model/record-set.js';
import { recordType, requireRecordType } from '../../model/record-types/registry.js';
import { geoNodeChanges } from './geo-diff.js';
import { managedIn } from './managed.js';

/**
 * Types a node linked to a geo service cannot hold: the ones its groups answer for, and ALIAS ("ALIAS records
 * CANNOT be used in conjunction with ... GeoTraffic Manager", help.dyn.com, Enabling ALIAS records in Managed DNS).
 * Other types (TXT, MX, …) stand beside the link.
 */
const GEO_EXCLUDED_TYPES: ReadonlySet<string> = new Set([...GEO_RECORD_TYPES, 'ALIAS']);

/**
 * Facts only live state has that make the service refuse a desired record set, checked at plan time so that a
 * green plan means the apply will not be refused (every problem at once, at the set's `file:line:col`):
 * - the set is of a type a geo-linked node cannot hold (GEO_EXCLUDED_TYPES), its node is linked to a live geo service
 *   (when the geo services were read) and the plan does not unlink it: the service answers those types itself;
 * - the set is a type that must stand alone (CNAME) and the node holds live records edgeplan does not manage
 *   (`LiveZone.unsupported`), or the node holds such a record of a type that must stand alone;
 * - the node holds live records of the set's own type that the provider's reader could not read (a CNAME to the
 *   root, kept as foreign records): writing the set would replace them unseen.
 * Managed live records beside a desired set are not a problem: the plan deletes what the desired state lacks.
 */
export function liveProblems(
  zones: readonly { desired: DesiredZone; live: LiveZone | null }[],
  live: LiveDnsState,
  geo: readonly GeoChange[],
): Diagnostic[] {
  const held = geoHeldNodes(live, geo);
  const problems: Diagnostic[] = [];
  for (const zone of zones) {
    const unsupported = unsupportedByName(zone.live);
    const linked = held.get(zone.desired.zone);
    // Most zones have neither: then their sets need no look (a hot path at 100,000 records; the condition made
    // false is an equivalent mutant).
    if (unsupported.size === 0 && linked === undefined) continue;
    const managed = managedIn(zone.desired);
    for (const set of zone.desired.records) {
      if (!managed(set)) continue;
      const service = GEO_EXCLUDED_TYPES.has(set.type) ? linked?.get(set.fqdn) : undefined;
      if (service !== undefined)
        problems.push(
          problem(
            set,
            `the node is linked to the live geo service "${service}", which this plan does not unlink; the ` +
              'service refuses records at a node a geo service answers for',
          ),
        );
      const others = unsupported.get(set.fqdn) ?? [];
      const message = exclusionProblem(set, others);
      if (message !== null) problems.push(problem(set, message));
    }
  }
  return problems;
}

/** Live-linked nodes the plan leaves linked, by zone then fqdn, with the name of the service linking each. */
function geoHeldNodes(live: LiveDnsState, geo: readonly GeoChange[]): Map<string, Map<string, string>> {
  const unlinked = new Map(
    geo.map((change) => [
      change.before?.name ?? change.address.name,
      new Set(geoNodeChanges(change).unlinked.map(geoNodeKey)),
    ]),
  );
  const held = new Map<string, Map<string, string>>();
  for (const service of live.geoServices ?? []) {
    const dropped = unlinked.get(service.name);
    for (const node of service.nodes) {
      if (dropped?.has(geoNodeKey(node))) continue;
      const byName = held.get(node.zone) ?? new Map<string, string>();
      held.set(node.zone, byName.set(node.fqdn, service.name));
    }
  }
  return held;
}

/** `LiveZone.unsupported` (`<fqdn> <TYPE>`) as types by name. */
function unsupportedByName(live: LiveZone | null): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  if (live === null) return byName;
  for (const entry of live.unsupported) {
    const space = entry.lastIndexOf(' ');
    const fqdn = entry.slice(0, space);
    byName.set(fqdn, [...(byName.get(fqdn) ?? []), entry.slice(space + 1)]);
  }
  return byName;
}

function exclusionProblem(set: RecordSet, unsupported: readonly string[]): string | null {
  if (unsupported.length === 0) return null;
  if (unsupported.includes(set.type))
    return (
      `the node holds live ${set.type} records edgeplan cannot read (listed by the plan, kept as they are); ` +
      'writing this set would replace them unseen: change them at the provider, or list the name under unmanaged'
    );
  const list = unsupported.join(', ');
  // A managed set (the only kind that gets here) is of a registered type.
  if (requireRecordType(set.type).rules?.alone)
    return (
      `the node holds live ${list} data that edgeplan does not manage; a ${set.type} must stand alone at its ` +
      'name, so the service would refuse it'
    );
  const alone = unsupported.find((type) => recordType(type)?.rules?.alone);
  if (alone === undefined) return null;
  return (
    `the node holds a live ${alone} record that edgeplan does not manage; a ${alone} must stand alone at its ` +
    'name, so the service would refuse records beside it'
  );
}

function problem(set: RecordSet, message: string): Diagnostic {
  return { ...(set.at ?? UNPLACED), message: `${set.fqdn} ${set.type}: ${message}` };
}
