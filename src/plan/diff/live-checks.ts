import type { GeoChange } from '../../model/change.js';
import { type Diagnostic, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredZone, LiveDnsState, LiveZone } from '../../model/dns.js';
import { GEO_RECORD_TYPES, geoNodeKey } from '../../model/geo.js';
import type { RecordSet } from '../../model/record-set.js';
import { geoNodeChanges } from './geo-diff.js';
import { keptDataProblems } from './kept-checks.js';
import { keyMatchProblems } from './key-match-checks.js';
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
 * - live data the plan keeps beside the set that a server refuses or drops (a CNAME beside kept data, data beside a
 *   kept CNAME, records of the set's own type the reader could not read): kept-checks.ts;
 * - a CDS or CDNSKEY the plan writes whose algorithm no DNSKEY live after the apply has: key-match-checks.ts.
 * Managed live records beside a desired set are not a problem: the plan deletes what the desired state lacks.
 */
export function liveProblems(
  zones: readonly { desired: DesiredZone; live: LiveZone | null }[],
  live: LiveDnsState,
  geo: readonly GeoChange[],
): Diagnostic[] {
  return [
    ...zones.flatMap((zone) => [
      ...keptDataProblems(zone.desired, zone.live),
      ...keyMatchProblems(zone.desired, zone.live),
    ]),
    ...geoLinkProblems(
      zones.map((zone) => zone.desired),
      live,
      geo,
    ),
  ];
}

/**
 * The first check of `liveProblems` alone: desired sets of a type a geo-linked node cannot hold at a node a live
 * geo service links and the plan leaves linked. The only part of a plan the geo services decide when the desired
 * state names none (engine/plan-live.ts reads them only then, after planning).
 */
export function geoLinkProblems(
  zones: readonly DesiredZone[],
  live: LiveDnsState,
  geo: readonly GeoChange[],
): Diagnostic[] {
  const held = geoHeldNodes(live, geo);
  const problems: Diagnostic[] = [];
  for (const zone of zones) {
    const linked = held.get(zone.zone);
    // Most zones have no linked node: then their sets need no look (a hot path at 100,000 records).
    if (linked === undefined) continue;
    const managed = managedIn(zone);
    for (const set of zone.records) {
      const service = GEO_EXCLUDED_TYPES.has(set.type) ? linked.get(set.fqdn) : undefined;
      if (service === undefined || !managed(set)) continue;
      problems.push(
        problem(
          set,
          `the node is linked to the live geo service "${service}", which this plan does not unlink; the ` +
            'service refuses records at a node a geo service answers for',
        ),
      );
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

function problem(set: RecordSet, message: string): Diagnostic {
  return { ...(set.at ?? UNPLACED), code: 'EP1603', message: `${set.fqdn} ${set.type}: ${message}` };
}
