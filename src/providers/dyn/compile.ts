import { isDeepStrictEqual } from 'node:util';
import type { GeoChange, GeoServiceValue, SecondaryChange } from '../../model/change.js';
import { type GeoNode, geoNodeKey } from '../../model/geo.js';
import type { DnsCompiler, GeoPart, ZoneCompileInput } from '../../model/provider.js';
import { compareRecordSets } from '../../model/record-set.js';
import type { DynGeoOp, DynSecondaryOp, DynZoneOp } from './ops.js';
import { recordSetOps } from './record-set-ops.js';

/**
 * The Dyn compiler: a target's provider-neutral changes → the service's calls (ops.ts), in the order they must be
 * sent. Pure and stateless, so a plan can be made without a session (`dynCompiler` on its own) and holds exactly
 * what apply sends.
 */
export const dynCompiler = { compileZone, compileSecondary, compileGeo } satisfies DnsCompiler;

/**
 * A zone is one transaction of the session, made visible by one publish:
 *   1. `create-zone`, when the plan creates the zone;
 *   2. every delete of the zone, by fqdn, then type, then live record (value, then ref) — deletes run before any
 *      write so that no name exceeds the service's per-name limit midway and a type that must stand alone (a
 *      CNAME) finds its name free;
 *   3. by fqdn, then type, the writes of each created or updated set (record-set-ops.ts: per record, or one
 *      node-wide request, whichever takes fewer);
 *   4. exactly one `publish`, last.
 */
function compileZone(input: ZoneCompileInput): DynZoneOp[] {
  const { zone } = input;
  const deletes: DynZoneOp[] = [];
  const writes: DynZoneOp[] = [];
  const sets = [...input.sets].sort((a, b) => compareRecordSets(a.change.address, b.change.address));
  for (const { change, live } of sets) {
    const { fqdn, type } = change.address;
    const ops = recordSetOps({ zone, fqdn, type }, change.after, live);
    deletes.push(...ops.deletes);
    writes.push(...ops.writes);
  }
  const { create: value } = input;
  const create: DynZoneOp[] = value
    ? [{ kind: 'create-zone', zone, rname: value.rname, ttl: value.ttl, serialStyle: value.serialStyle }]
    : [];
  return [...create, ...deletes, ...writes, { kind: 'publish', zone }];
}

/** One request, which takes effect at once: the full masters list and the optional values the desired state sets. */
function compileSecondary(change: SecondaryChange): DynSecondaryOp[] {
  const { zone } = change.address;
  if (change.after === null) return [{ kind: 'delete-secondary', zone }];
  const { masters, contactNickname, tsigKeyName } = change.after;
  const fields = {
    zone,
    masters: [...masters],
    ...(contactNickname !== undefined ? { contactNickname } : {}),
    ...(tsigKeyName !== undefined ? { tsigKeyName } : {}),
  };
  return [{ kind: change.before === null ? 'create-secondary' : 'update-secondary', ...fields }];
}

/**
 * A geo service's calls; each takes effect at once. `unlink` is the first of two steps (the plan's geo steps): it
 * only drops the nodes the service no longer answers for (a PUT of the live nodes it keeps), or deletes a service
 * that goes away; `rest` then makes the remaining change against that state; `all` makes the whole change in one
 * call. An update sends only the fields that change: the service's PUT updates only the fields sent, and replaces
 * the groups (or nodes) it is sent as a whole.
 */
function compileGeo(change: GeoChange, part: GeoPart): DynGeoOp[] {
  const { name } = change.address;
  const { before, after } = change;
  if (after === null) return part === 'rest' || before === null ? [] : [{ kind: 'delete-geo', name }];
  if (before === null)
    return part === 'unlink' ? [] : [{ kind: 'create-geo', name, groups: after.groups, nodes: after.nodes }];
  const kept = keptNodes(before, after);
  if (part === 'unlink')
    return kept.length < before.nodes.length ? [{ kind: 'update-geo', name, nodes: kept }] : [];
  const from = part === 'rest' ? { ...before, nodes: kept } : before;
  const groupsChanged = !isDeepStrictEqual(from.groups, after.groups);
  const nodesChanged = !sameNodes(from.nodes, after.nodes);
  if (!groupsChanged && !nodesChanged) return [];
  return [
    {
      kind: 'update-geo',
      name,
      ...(groupsChanged ? { groups: after.groups } : {}),
      ...(nodesChanged ? { nodes: after.nodes } : {}),
    },
  ];
}

/** The live nodes the desired service still links, in live order. */
function keptNodes(before: GeoServiceValue, after: GeoServiceValue): GeoNode[] {
  const wanted = new Set(after.nodes.map(geoNodeKey));
  return before.nodes.filter((node) => wanted.has(geoNodeKey(node)));
}

function sameNodes(a: readonly GeoNode[], b: readonly GeoNode[]): boolean {
  const keys = new Set(a.map(geoNodeKey));
  return a.length === b.length && b.every((node) => keys.has(geoNodeKey(node)));
}
