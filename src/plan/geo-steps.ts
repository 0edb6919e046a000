import type { GeoOp } from '../model/dns.js';
import { type GeoNode, geoNodeKey } from '../model/geo.js';
import type { GeoDiff } from './geo-diff.js';
import { compareStrings } from './order.js';
import type { PlanStep, ZonePlan } from './types.js';

/**
 * The steps of the geo services and their dependencies on zone steps (ARCHITECTURE, "Deterministic order"):
 *
 * - a geo step that unlinks a node (or deletes its service) runs BEFORE the zone step that adds plain A records
 *   at that node: the service refuses records at a node a geo service answers for;
 * - a geo step that links a node runs AFTER the zone step that creates the node's zone or deletes the node's
 *   plain A records, and after the geo step that unlinks the node from another service;
 * - everything else has no dependency and runs in parallel.
 *
 * A service whose unlink something waits for AND whose link waits for something gets two steps:
 * `geo:<name>#unlink` (PUT nodes = the live nodes it keeps) and `geo:<name>` (the rest of the update), both with
 * target `geo:<name>`. Otherwise a service has the one step `geo:<name>`. Unlink steps never wait for anything,
 * zone steps wait only for unlink steps, and link steps wait for zone and unlink steps, so there is no cycle.
 *
 * Returns the geo steps and, by zone step id, the geo step ids that zone step must wait for.
 */
export function geoSteps(
  diffs: readonly GeoDiff[],
  zones: readonly ZonePlan[],
): { steps: PlanStep[]; zoneAfter: Map<string, string[]> } {
  const zoneByName = new Map(zones.map((zone) => [zone.zone, zone]));
  const unlinkedBy = new Map<string, string>();
  for (const diff of diffs)
    for (const node of diff.plan.unlinked) unlinkedBy.set(geoNodeKey(node), diff.plan.name);

  const zoneAfter = new Map<string, string[]>();
  const waitedOn = new Set<string>();
  const linkDeps = new Map<string, { zones: Set<string>; services: Set<string> }>();
  for (const { plan } of diffs) {
    for (const node of plan.unlinked) {
      const zone = zoneByName.get(node.zone);
      const addsRecords = zone?.changes.some((c) => c.fqdn === node.fqdn && c.after !== null) ?? false;
      if (!addsRecords) continue;
      waitedOn.add(plan.name);
      push(zoneAfter, `zone:${node.zone}`, plan.name);
    }
    const deps = { zones: new Set<string>(), services: new Set<string>() };
    for (const node of plan.linked) {
      const zone = zoneByName.get(node.zone);
      if (
        zone &&
        (zone.createZone || zone.changes.some((c) => c.fqdn === node.fqdn && c.action === 'delete'))
      )
        deps.zones.add(`zone:${node.zone}`);
      const other = unlinkedBy.get(geoNodeKey(node));
      if (other !== undefined && other !== plan.name) {
        deps.services.add(other);
        waitedOn.add(other);
      }
    }
    linkDeps.set(plan.name, deps);
  }

  const split = (name: string) => {
    const deps = linkDeps.get(name);
    return waitedOn.has(name) && deps !== undefined && deps.zones.size + deps.services.size > 0;
  };
  const unlinkStepOf = (name: string) => (split(name) ? `geo:${name}#unlink` : `geo:${name}`);

  const steps: PlanStep[] = [];
  for (const diff of diffs) {
    const target = `geo:${diff.plan.name}`;
    const deps = linkDeps.get(diff.plan.name);
    const after = [...(deps?.zones ?? []), ...[...(deps?.services ?? [])].map(unlinkStepOf)];
    if (split(diff.plan.name)) {
      const kept = keptNodes(diff);
      steps.push(
        step(`${target}#unlink`, target, [], { kind: 'update-geo', name: diff.plan.name, nodes: kept }),
      );
      after.push(`${target}#unlink`);
    }
    steps.push(step(target, target, after, opOf(diff)));
  }
  for (const [id, names] of zoneAfter) zoneAfter.set(id, sorted(names.map(unlinkStepOf)));
  return { steps, zoneAfter };
}

function step(id: string, target: string, after: string[], op: GeoOp): PlanStep {
  return { id, kind: 'geo', target, after: sorted(after), ops: [op] };
}

/** The one op of a service's main step: create, delete, or an update sending only the fields that change. */
function opOf(diff: GeoDiff): GeoOp {
  const { name } = diff.plan;
  if (diff.desired === null) return { kind: 'delete-geo', name };
  if (diff.live === null)
    return { kind: 'create-geo', name, groups: diff.desired.groups, nodes: diff.desired.nodes };
  return {
    kind: 'update-geo',
    name,
    ...(diff.groupsChanged ? { groups: diff.desired.groups } : {}),
    ...(diff.nodesChanged ? { nodes: diff.desired.nodes } : {}),
  };
}

/** The live nodes the service keeps: what the unlink phase leaves linked. */
function keptNodes(diff: GeoDiff): GeoNode[] {
  const gone = new Set(diff.plan.unlinked.map(geoNodeKey));
  return (diff.live?.nodes ?? []).filter((node) => !gone.has(geoNodeKey(node)));
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

function sorted(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort(compareStrings);
}
