import type { RunContext } from '../../../model/provider.js';
import type { RetryPolicy } from '../../http/retry.js';
import type { DynOp } from '../compile/ops.js';
import { type DynRequest, segment } from '../session/client.js';
import { requireDynRdata } from '../wire/rdata.js';
import { recordPath, replaceAllKey } from '../wire/record-wire.js';
import { describeServiceOp, isServiceOp, serviceRetryPolicy } from './write-services.js';
import { describeZoneFileOp, isZoneFileOp } from './zone-file-write.js';

/**
 * Pure: each op is exactly one request, on the type's own resource (`/<TYPE>Record/`), with the `rdata` of the
 * type's Dyn mapping (rdata.ts). TTLs are sent as numbers (the real service takes both). A publish carries the
 * run's audit note as `notes` (help.dyn.com, Publish zone API: "added to the zone notes") when there is one.
 */
export function describeOp(op: DynOp, run?: RunContext): DynRequest {
  if (isServiceOp(op)) return describeServiceOp(op);
  if (isZoneFileOp(op)) return describeZoneFileOp(op);
  switch (op.kind) {
    case 'create-zone':
      return {
        method: 'POST',
        path: `/Zone/${segment(op.zone)}/`,
        body: { rname: op.rname, ttl: op.ttl, serial_style: op.serialStyle },
      };
    case 'add-record':
      return {
        method: 'POST',
        path: recordPath(op.type, op.zone, op.fqdn),
        body: recordBody(op.type, op.value, op.ttl),
      };
    case 'update-record':
      return {
        method: 'PUT',
        path: recordPath(op.type, op.zone, op.fqdn, op.ref),
        body: recordBody(op.type, op.value, op.ttl),
      };
    case 'delete-record':
      return { method: 'DELETE', path: recordPath(op.type, op.zone, op.fqdn, op.ref) };
    case 'replace-records': {
      const records = op.values.map((value) => recordBody(op.type, value, op.ttl));
      return {
        method: 'PUT',
        path: recordPath(op.type, op.zone, op.fqdn),
        body: { [replaceAllKey(op.type)]: records },
      };
    }
    case 'delete-records':
      return { method: 'DELETE', path: recordPath(op.type, op.zone, op.fqdn) };
    case 'publish':
      return {
        method: 'PUT',
        path: `/Zone/${segment(op.zone)}/`,
        body: { publish: true, ...(run?.auditNote ? { notes: run.auditNote } : {}) },
      };
  }
}

function recordBody(type: string, value: string, ttl: number): Record<string, unknown> {
  return { rdata: requireDynRdata(type).toRdata(value), ttl };
}

/**
 * Which ops may be repeated after an ambiguous failure (5xx, network error, timeout). All ops are repeated on 429,
 * which means "not processed".
 * - update-record: a PUT of the same values to the same record id; a repeat sets them again.
 * - delete-record: a DELETE by id; if the first attempt was applied, the repeat gets 404 NOT_FOUND, which the writer
 *   then treats as done (the record is gone, which was the goal). A 404 on the FIRST attempt is still an error: the
 *   live state moved since the plan.
 * - replace-records: a PUT of the node's whole set of the type; a repeat sets the same set again.
 * - delete-records: a DELETE of the node's set of the type; a repeat after an applied first attempt gets 404,
 *   taken as done.
 * - publish: a repeat with nothing left pending succeeds with "No changes to apply".
 * - create-zone and add-record are POSTs: a repeat of an applied one fails with TARGET_EXISTS (or would add a second
 *   record), so the transport sends them once; after an ambiguous failure the writer reads what happened and sends
 *   them again only when the read proves they did not take effect (write-resolve.ts).
 */
export function retryPolicyOf(op: DynOp): RetryPolicy {
  if (isServiceOp(op)) return serviceRetryPolicy(op);
  if (isZoneFileOp(op)) return 'non-idempotent';
  return op.kind === 'create-zone' || op.kind === 'add-record' ? 'non-idempotent' : 'idempotent';
}
