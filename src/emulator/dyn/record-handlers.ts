/**
 * `/REST/<TYPE>Record/<zone>/<fqdn>/[<record_id>/]` for every type of rdata.ts (help.dyn.com create, get, update,
 * replace and delete record API pages). Writes are pending in the session's changeset; reads show the session's
 * view. Following the API contract (the live service differs), POST answers with the zone data object and DELETE
 * with the deleted records' resource paths.
 */
import { isInZone } from '../../model/names.js';
import type { ZoneState } from './account.js';
import type { ViewRecord } from './changeset.js';
import { isProtected } from './changeset.js';
import type { AuthedRequest, Ctx, Handler } from './context.js';
import { wantsDetail } from './context.js';
import { badRequest, error, info, ok } from './envelope.js';
import { geoServiceAt } from './geo-body.js';
import { checkNodeWrite } from './node-rules.js';
import type { Rdata } from './rdata.js';
import { rdataKey } from './rdata.js';
import type { WriteVerb } from './record-values.js';
import {
  couldNot,
  findRecord,
  HOST_NAME,
  nodeNotFound,
  nodeRuleFailure,
  outsideZoneFailure,
  requireRdata,
  requireTtl,
} from './record-values.js';
import {
  changesetFor,
  isReadable,
  recordObject,
  recordUri,
  requireZone,
  sessionView,
  zoneObject,
} from './views.js';

interface Target {
  zone: ZoneState;
  fqdn: string;
  type: string;
  /** The session's view of the node `fqdn` (every type). */
  view: ViewRecord[];
  /** The view's records of `type` at `fqdn`. */
  here: ViewRecord[];
}

/** `write`: the verb of a record write (its failures name it); `'delete'` for a removal; absent for a read. */
function target(req: AuthedRequest, ctx: Ctx, write?: WriteVerb | 'delete'): Target {
  const zone = requireZone(ctx, req.segments[0], write === undefined ? 'read' : 'write');
  const verb = write === 'delete' ? undefined : write;
  const fqdn = req.segments[1] ?? '';
  const type = req.resource.slice(0, -'Record'.length);
  if (!isInZone(fqdn, zone.zone)) {
    throw verb
      ? outsideZoneFailure(fqdn, zone.zone, type, verb)
      : nodeNotFound('detail: Host is not in this zone');
  }
  if (verb && !HOST_NAME.test(fqdn)) {
    throw badRequest(error('INVALID_DATA', 'fqdn: Not a valid host name', 'DYN'), couldNot(verb, type));
  }
  const view = sessionView(req.session, zone, fqdn);
  return { zone, fqdn, type, view, here: view.filter((r) => r.type === type) };
}

/**
 * Refuses a write that breaks a node rule (node-rules.ts): `written` is what the write puts at the node, `after`
 * the records of `type` the node would hold; the node's other types are as the session sees them.
 */
function assertNodeRules(
  ctx: Ctx,
  t: Target,
  verb: WriteVerb,
  written: Rdata[],
  after: { rdata: Rdata }[],
): void {
  const geo = geoServiceAt(ctx.account, t.zone.zone, t.fqdn)?.name;
  const node = [
    ...t.view.filter((r) => r.type !== t.type),
    ...after.map((r) => ({ type: t.type, rdata: r.rdata })),
  ];
  const problem = checkNodeWrite({ zone: t.zone.zone, fqdn: t.fqdn, type: t.type, written, node, geo });
  if (problem) throw nodeRuleFailure({ zone: t.zone.zone, fqdn: t.fqdn, type: t.type, problem, geo }, verb);
}

/** The fields sent over the record's own: a partial `rdata` of an update. Anything but an object is left to fail. */
function mergeRdata(current: Rdata, sent: unknown): unknown {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return sent;
  return { ...current, ...sent };
}

function illegal(text: string): Error {
  return badRequest(error('ILLEGAL_OPERATION', text));
}

export const createRecord: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx, 'add');
  if (t.type === 'SOA') throw illegal('add: A zone has exactly one SOA record');
  const rdata = requireRdata(t.type, req.args.rdata, 'add');
  const ttl = requireTtl(t.zone, req.args.ttl, t.type, 'add');
  assertNodeRules(ctx, t, 'add', [rdata], [...t.here, { rdata }]);
  changesetFor(req.session, t.zone).add({ fqdn: t.fqdn, type: t.type, ttl, rdata });
  return ok(zoneObject(t.zone), info('add: Record added'));
};

/** Reads show the read view (views.ts): records added in this session and not yet published have no id yet. */
export const listRecords: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx);
  if (!t.view.some(isReadable)) throw nodeNotFound('detail: Host is not in this zone');
  const here = t.here.filter(isReadable);
  const data = wantsDetail(req.args)
    ? here.map((r) => recordObject(t.zone, r))
    : here.map((r) => recordUri(t.zone.zone, r));
  return ok(data, info(`detail: Found ${here.length} records`));
};

export const getRecord: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx);
  const record = findRecord(t.view.filter(isReadable), t.fqdn, t.type, req.segments[2] ?? '');
  return ok(recordObject(t.zone, record), info('get: Found the record', 'API-B'));
};

/**
 * PUT with id: new `rdata` and/or `ttl` for one record, in the forms the vendor's SDK sends (dyninc/dyn-python
 * `dyn/tm/records.py`, the setters of each record class): `rdata` may hold only the fields that change
 * (`{"rdata": {"address": …}}`), or none (`{"rdata": {}, "ttl": 300}`); fields left out keep their value, and a
 * `ttl` left out keeps the record's. A `ttl` sent as null or "" is refused like a missing one on a create.
 */
export const updateRecord: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx, 'update');
  const record = findRecord(t.view, t.fqdn, t.type, req.segments[2] ?? '');
  if (isProtected(record)) throw illegal(`update: The zone's own ${t.type} records cannot be changed`);
  const rdata =
    req.args.rdata === undefined
      ? record.rdata
      : requireRdata(t.type, mergeRdata(record.rdata, req.args.rdata), 'update');
  const ttl = Object.hasOwn(req.args, 'ttl')
    ? requireTtl(t.zone, req.args.ttl, t.type, 'update')
    : record.ttl;
  assertNodeRules(ctx, t, 'update', [rdata], [...t.here.filter((r) => r !== record), { rdata }]);
  changesetFor(req.session, t.zone).update(record, ttl, rdata);
  return ok(recordObject(t.zone, { ...record, rdata, ttl }), info('update: Record updated'));
};

/**
 * PUT without id: replaces all records of the type at the node with `<TYPE>Records: [{rdata, ttl}, ...]` (a
 * single `{rdata, ttl}` body is taken as a one-element list). Records whose rdata is kept keep their ids.
 */
export const replaceRecords: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx, 'replace');
  if (t.type === 'SOA') throw illegal('replace: A zone has exactly one SOA record');
  const listKey = `${t.type}Records`;
  const raw = Array.isArray(req.args[listKey]) ? (req.args[listKey] as unknown[]) : [req.args];
  const wanted = raw.map((item) => {
    const body = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const rdata = requireRdata(t.type, body.rdata, 'replace');
    return { rdata, ttl: requireTtl(t.zone, body.ttl, t.type, 'replace') };
  });
  const fixed = t.here.filter(isProtected);
  assertNodeRules(
    ctx,
    t,
    'replace',
    wanted.map((w) => w.rdata),
    [...fixed, ...wanted],
  );
  const changeset = changesetFor(req.session, t.zone);
  const unused = t.here.filter((r) => !isProtected(r));
  for (const w of wanted) {
    const i = unused.findIndex((r) => rdataKey(t.type, r.rdata) === rdataKey(t.type, w.rdata));
    const kept = i >= 0 ? unused.splice(i, 1)[0] : undefined;
    if (!kept) changeset.add({ fqdn: t.fqdn, type: t.type, ...w });
    else if (kept.ttl !== w.ttl) changeset.update(kept, w.ttl, kept.rdata);
  }
  for (const r of unused) changeset.remove(r);
  const after = sessionView(req.session, t.zone, t.fqdn).filter((r) => r.type === t.type);
  return ok(
    after.map((r) => recordObject(t.zone, r)),
    info(`replace: ${after.length} ${t.type} records at ${t.fqdn}`),
  );
};

export const deleteRecord: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx, 'delete');
  const record = findRecord(t.view, t.fqdn, t.type, req.segments[2] ?? '');
  if (isProtected(record)) throw illegal(`delete: The zone's own ${t.type} records cannot be removed`);
  changesetFor(req.session, t.zone).remove(record);
  return ok([recordUri(t.zone.zone, record)], info('delete: 1 records deleted', 'API-B'));
};

/** DELETE without id: every record of the type at the node, except the zone's own SOA/NS. */
export const deleteRecords: Handler<AuthedRequest> = (req, ctx) => {
  const t = target(req, ctx, 'delete');
  const doomed = t.here.filter((r) => !isProtected(r));
  if (doomed.length === 0) throw nodeNotFound('get: Host not found in this zone');
  const changeset = changesetFor(req.session, t.zone);
  for (const r of doomed) changeset.remove(r);
  return ok(
    doomed.map((r) => recordUri(t.zone.zone, r)),
    info(`delete: ${doomed.length} records deleted`, 'API-B'),
  );
};
