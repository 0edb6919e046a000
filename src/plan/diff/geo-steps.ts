import type { GeoChange, RecordSetChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import { geoNodeKey } from '../../model/geo.js';
import type { GeoPart } from '../../model/provider.js';
import { shownTargetText } from '../../model/shown-provider.js';
import { targetText } from '../../model/target.js';
import { geoNodeChanges } from './geo-diff.js';

/** One geo step before compiling: which part of which change, and the step ids it waits for. */
export interface GeoStepSpec {
  id: string;
  change: GeoChange;
  part: GeoPart;
  after: string[];
}

/**
 * What geo steps need to know of the zones: which the plan creates, and its record-set changes, on the DNS
 * provider that holds the geo services (`provider`; `implicit`: the implicit provider, for step ids).
 */
export interface ZoneFacts {
  created: ReadonlySet<string>;
  recordSets: readonly RecordSetChange[];
  provider: string;
  implicit: string | undefined;
}

/**
 * The steps of the geo services and their dependencies on zone steps (provider-neutral: what a service that answers
 * for a node allows beside it):
 *
 * - a geo step that unlinks a node (or deletes its service) runs BEFORE the zone step that gives that node records
 *   (creates or updates a set there): the service refuses records at a node a geo service answers for;
 * - a geo step that links a node runs AFTER the zone step that creates the node's zone or deletes a record set at
 *   the node, and after the geo step that unlinks the node from another service;
 * - everything else has no dependency and runs in parallel.
 *
 * A service whose unlink something waits for AND whose link waits for something gets two steps:
 * `geo:<name>#unlink` (part `unlink`: only the dropped links) and `geo:<name>` (part `rest`), both for target
 * `geo:<name>`. Otherwise a service has the one step `geo:<name>` (part `all`). Unlink steps never wait for
 * anything, zone steps wait only for unlink steps, and link steps wait for zone and unlink steps: no cycle.
 *
 * Returns the geo steps and, by zone step id, the geo step ids that zone step must wait for.
 */
export function geoSteps(
  changes: readonly GeoChange[],
  zones: ZoneFacts,
): { steps: GeoStepSpec[]; zoneAfter: Map<string, string[]> } {
  const writes = new Set<string>();
  const deletes = new Set<string>();
  for (const { address, action, after } of zones.recordSets) {
    const node = geoNodeKey(address);
    if (after !== null) writes.add(node);
    if (action === 'delete') deletes.add(node);
  }
  // Per service: the nodes it links and unlinks, and what its link waits for (zone step ids, service names).
  const services = changes.map((change) => ({
    change,
    name: change.address.name,
    ...geoNodeChanges(change),
    afterZones: new Set<string>(),
    afterServices: new Set<string>(),
  }));
  const unlinkedBy = new Map<string, string>();
  for (const { name, unlinked } of services)
    for (const node of unlinked) unlinkedBy.set(geoNodeKey(node), name);

  const zoneAfter = new Map<string, string[]>();
  const waitedOn = new Set<string>();
  for (const service of services) {
    for (const node of service.unlinked) {
      if (!writes.has(geoNodeKey(node))) continue;
      waitedOn.add(service.name);
      const zone = zoneStepId(node.zone, zones);
      zoneAfter.set(zone, [...(zoneAfter.get(zone) ?? []), service.name]);
    }
    for (const node of service.linked) {
      if (zones.created.has(node.zone) || deletes.has(geoNodeKey(node)))
        service.afterZones.add(zoneStepId(node.zone, zones));
      // Never the service itself: what it links it does not unlink.
      const other = unlinkedBy.get(geoNodeKey(node));
      if (other !== undefined) {
        service.afterServices.add(other);
        waitedOn.add(other);
      }
    }
  }
  const linking = new Set(
    services.filter((s) => s.afterZones.size + s.afterServices.size > 0).map((s) => s.name),
  );

  const split = (name: string) => waitedOn.has(name) && linking.has(name);
  const unlinkStepOf = (name: string) => (split(name) ? `${geoStepId(name)}#unlink` : geoStepId(name));

  const steps: GeoStepSpec[] = [];
  for (const { change, name, afterZones, afterServices } of services) {
    const id = geoStepId(name);
    const after = [...afterZones, ...[...afterServices].map(unlinkStepOf)];
    if (split(name)) {
      steps.push({ id: `${id}#unlink`, change, part: 'unlink', after: [] });
      after.push(`${id}#unlink`);
    }
    steps.push({ id, change, part: split(name) ? 'rest' : 'all', after: sorted(after) });
  }
  for (const [id, names] of zoneAfter) zoneAfter.set(id, sorted(names.map(unlinkStepOf)));
  return { steps, zoneAfter };
}

function zoneStepId(zone: string, { provider, implicit }: ZoneFacts): string {
  return shownTargetText({ kind: 'zone', name: zone, provider }, implicit);
}

function geoStepId(name: string): string {
  return targetText({ kind: 'geo', name });
}

function sorted(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort(compareStrings);
}
