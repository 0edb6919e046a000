/**
 * Reads across types and nodes (`ANYRecord`, `AllRecord`, `NodeList`), node removal (`Node`), the session's
 * changeset (`ZoneChanges`), `Job` and `Task` (help.dyn.com: Get all records, Get node list, Delete node, Get zone
 * changeset, Get job, Get one DNS task). A node exists while it holds a record in the session's view: adding a record
 * creates it, removing its last record removes it. Reads show the read view (views.ts: no unpublished adds).
 */
import { isInZone } from '../../model/names.js';
import type { ZoneState } from './account.js';
import type { ViewRecord } from './changeset.js';
import { isProtected } from './changeset.js';
import type { AuthedRequest, Handler } from './context.js';
import { wantsDetail } from './context.js';
import { error, info, notFound, ok } from './envelope.js';
import { geoNodesBelow } from './geo-body.js';
import { TREE_KEYS } from './rdata.js';
import { nodeNotFound } from './record-values.js';
import { changesetFor, readView, recordObject, recordUri, requireZone, sessionView } from './views.js';

/**
 * Records at `base` and below in `view` (the read view, or for a write the session's whole view); 404 when there
 * are none.
 */
function subtree(
  req: AuthedRequest,
  zone: ZoneState,
  verb: string,
  view: typeof sessionView = readView,
): { base: string; records: ViewRecord[] } {
  const base = req.segments[1] ?? zone.zone;
  const records = isInZone(base, zone.zone)
    ? view(req.session, zone).filter((r) => isInZone(r.fqdn, base))
    : [];
  if (records.length === 0) {
    throw notFound(
      error('NOT_FOUND', 'node: Node is not in the zone'),
      info(`${verb}: Node name not found within the zone`),
    );
  }
  return { base, records };
}

function subtreeOrNone(req: AuthedRequest, zone: ZoneState): ViewRecord[] {
  const base = req.segments[1] ?? zone.zone;
  return readView(req.session, zone).filter((r) => isInZone(r.fqdn, base));
}

/** `detail=Y` shape: every `<type>_records` key present, `[]` when empty (every served type has a key). */
function byType(zone: ZoneState, records: readonly ViewRecord[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = Object.fromEntries(TREE_KEYS.map((k) => [k, []]));
  for (const r of records) out[`${r.type.toLowerCase()}_records`]?.push(recordObject(zone, r));
  return out;
}

function recordsData(req: AuthedRequest, zone: ZoneState, records: readonly ViewRecord[]): unknown {
  return wantsDetail(req.args) ? byType(zone, records) : records.map((r) => recordUri(zone.zone, r));
}

export const anyRecords: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'read');
  const fqdn = req.segments[1] ?? zone.zone;
  const records = readView(req.session, zone, fqdn);
  if (records.length === 0) throw nodeNotFound('detail: Host is not in this zone');
  return ok(recordsData(req, zone, records), info(`detail: Found ${records.length} records`));
};

export const allRecords: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'read');
  const { records } = subtree(req, zone, 'get_tree');
  return ok(recordsData(req, zone, records), info('get_tree: Here is your zone tree'));
};

/** Node names at and below the base, the base first, then sorted; nodes a geo service answers for count too. */
export const nodeList: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'read');
  const geoBase = req.segments[1] ?? zone.zone;
  const geoNodes = isInZone(geoBase, zone.zone) ? geoNodesBelow(ctx.account, zone.zone, geoBase) : [];
  const { base, records } =
    geoNodes.length > 0
      ? { base: geoBase, records: subtreeOrNone(req, zone) }
      : subtree(req, zone, 'get_node_list');
  const names = [...records.map((r) => r.fqdn), ...geoNodes];
  const below = [...new Set(names)].filter((f) => f !== base).sort();
  return ok([base, ...below], info('get_node_list: Here is your node list'));
};

/**
 * Pending removal of the node, its records and every node below; the zone's own SOA/NS stay. A node a geo service
 * answers for is a node too, records or not: its links go when the removal is published (publish.ts).
 */
export const deleteNode: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'write');
  const base = req.segments[1] ?? zone.zone;
  const linked = isInZone(base, zone.zone) ? geoNodesBelow(ctx.account, zone.zone, base) : [];
  const records =
    linked.length > 0
      ? sessionView(req.session, zone).filter((r) => isInZone(r.fqdn, base))
      : subtree(req, zone, 'remove_node', sessionView).records;
  const changeset = changesetFor(req.session, zone);
  const doomed = records.filter((r) => !isProtected(r));
  for (const r of doomed) changeset.remove(r);
  if (linked.length > 0) changeset.removedNodes.add(base);
  return ok(
    doomed.map((r) => recordUri(zone.zone, r)),
    info(`remove_node: ${base} removed from tree. All records also removed.`),
  );
};

/** Items in the service's changeset shape; `action` and `record_id` are extras saying what the item does. */
export const getZoneChanges: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'read');
  const changes = req.session.changesets.get(zone.zone)?.changes() ?? [];
  const data = changes.map((c) => ({
    id: c.seq,
    user_id: 1,
    zone: zone.zone,
    fqdn: c.fqdn,
    serial: zone.serial,
    ttl: c.ttl,
    rdata_type: c.type,
    rdata: { [`rdata_${c.type.toLowerCase()}`]: { ...c.rdata } },
    action: c.action,
    record_id: c.id,
  }));
  return ok(data, info(`get: Found ${data.length} changes`));
};

export const discardZoneChanges: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'read');
  req.session.changesets.delete(zone.zone);
  return ok({}, info('delete: Pending changes discarded'));
};

/** A job of this session (jobs.ts): `incomplete` while it runs, then the original result with its job id. */
export const getJob: Handler<AuthedRequest> = (req, ctx) =>
  ctx.jobs.answer(req.session.token, req.segments[0] ?? '');

/** `GET /Task/<task_id>/`: a task the account started (tasks.ts); 404 for any other id. */
export const getTask: Handler<AuthedRequest> = (req, ctx) => {
  const id = req.rawSegments[0] ?? '';
  const task = ctx.tasks.get(id);
  if (!task) throw notFound(error('NOT_FOUND', `task: No such task ${id}`.trim(), 'API-B'));
  return ok({ ...task }, info(`get: Task ${id}`));
};
