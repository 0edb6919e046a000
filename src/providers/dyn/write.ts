import { normaliseName } from '../../model/names.js';
import type { ProviderOp, RunContext, StepWriter } from '../../model/provider.js';
import { requireRecordType } from '../../model/record-types/registry.js';
import type { Target } from '../../model/target.js';
import type { RetryPolicy } from '../http/retry.js';
import { type DynClient, type DynRequest, segment } from './client.js';
import { DynApiError, DynSessionLostError } from './errors.js';
import { parseDynOp } from './op-schema.js';
import type { DynOp } from './ops.js';
import { recordPath, replaceAllKey } from './record-wire.js';
import {
  DeleteResult,
  PublishResult,
  parseWire,
  RecordWriteResult,
  ReplaceResult,
  ZoneObject,
} from './wire.js';
import { describeServiceOp, executeServiceOp, isServiceOp, serviceRetryPolicy } from './write-services.js';
import { describeZoneFileOp, executeZoneFileOp, isZoneFileOp } from './zone-file-write.js';

/**
 * Pure: each op is exactly one request, on the type's own resource (`/<TYPE>Record/`), with the `rdata` of the
 * type's Dyn mapping (record-types). TTLs are sent as numbers (the real service takes both). A publish carries the
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
  return { rdata: requireRecordType(type).dyn.toRdata(value), ttl };
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
 *   record), so they are sent once and an ambiguous failure surfaces as an error; the zone is then discarded.
 */
export function retryPolicyOf(op: DynOp): RetryPolicy {
  if (isServiceOp(op)) return serviceRetryPolicy(op);
  if (isZoneFileOp(op)) return 'non-idempotent';
  return op.kind === 'create-zone' || op.kind === 'add-record' ? 'non-idempotent' : 'idempotent';
}

/**
 * Writes ops inside the client's session. Pending changes belong to the session, so the writer remembers in which
 * session generation each zone's pending work started; if the session was renewed since (re-login after expiry,
 * possibly caused by another zone's call), the work is lost and the writer throws DynSessionLostError instead of
 * writing further or publishing a partial zone.
 */
export class DynWriter implements StepWriter {
  private readonly sessionOfZone = new Map<string, number>();

  constructor(private readonly client: DynClient) {}

  /** Sends one op, after checking it is a valid Dyn op (op-schema.ts): nothing unchecked reaches the service. */
  async execute(input: ProviderOp, run?: RunContext): Promise<void> {
    const op = parseDynOp(input);
    if (isServiceOp(op)) return executeServiceOp(this.client, op);
    if (isZoneFileOp(op)) return this.inZoneSession(op.zone, () => executeZoneFileOp(this.client, op));
    const zone = normaliseName(op.zone);
    this.assertSameSession(zone);
    const request = describeOp(op, run);
    const context = `${request.method} ${request.path}`;
    let data: unknown;
    let generation: number;
    try {
      ({ data, generation } = await this.client.callInSession(request.method, request.path, request.body, {
        retryable: retryPolicyOf(op),
      }));
    } catch (error) {
      const deletes = op.kind === 'delete-record' || op.kind === 'delete-records';
      if (!(deletes && isRepeatedNotFound(error))) {
        // A call repeated after a re-login runs without the zone's earlier changes: its refusal (an A record
        // beside the CNAME whose delete was lost) is a symptom; the lost session is the cause.
        this.assertSameSession(zone);
        throw error;
      }
      data = [];
      generation = this.client.sessionGeneration;
    }
    // The session the call RAN in, not the current one: another zone's re-login may have happened since, and a
    // change made in the old session must not be counted as pending work of the new one.
    this.assertSameSession(zone, generation);

    switch (op.kind) {
      case 'create-zone':
        parseWire(ZoneObject, data, context);
        break;
      case 'add-record':
      case 'update-record':
        parseWire(RecordWriteResult, data, context);
        break;
      case 'replace-records':
        parseWire(ReplaceResult, data, context);
        break;
      case 'delete-record':
      case 'delete-records':
        parseWire(DeleteResult, data, context);
        break;
      case 'publish':
        parseWire(PublishResult, data, context);
        this.sessionOfZone.delete(zone);
        return;
    }
    if (!this.sessionOfZone.has(zone)) this.sessionOfZone.set(zone, generation);
  }

  /**
   * `DELETE /ZoneChanges/<zone>/`: drops the session's unpublished changes of a zone target. Repeating it is
   * harmless; a zone that does not exist (its creation failed) can hold no pending changes: 404 counts as
   * discarded. Other targets are not transactions: nothing to discard.
   */
  async discard(target: Target): Promise<void> {
    if (target.kind !== 'zone') return;
    const name = normaliseName(target.name);
    this.sessionOfZone.delete(name);
    try {
      await this.client.call('DELETE', `/ZoneChanges/${segment(name)}/`, undefined, {
        retryable: 'idempotent',
      });
    } catch (error) {
      if (!(error instanceof DynApiError && error.isNotFound)) throw error;
    }
  }

  /** Runs a zone call that resolves to the session generation it ran in, guarded as `execute` guards its own. */
  private async inZoneSession(name: string, call: () => Promise<number>): Promise<void> {
    const zone = normaliseName(name);
    this.assertSameSession(zone);
    const generation = await call();
    this.assertSameSession(zone, generation);
    if (!this.sessionOfZone.has(zone)) this.sessionOfZone.set(zone, generation);
  }

  /** Throws DynSessionLostError when the zone's pending work started in another session than `generation`. */
  private assertSameSession(zone: string, generation = this.client.sessionGeneration): void {
    const started = this.sessionOfZone.get(zone);
    if (started === undefined || started === generation) return;
    this.sessionOfZone.delete(zone);
    throw new DynSessionLostError(zone);
  }
}

/** 404 NOT_FOUND after more than one attempt: an earlier attempt was applied. */
function isRepeatedNotFound(error: unknown): boolean {
  return error instanceof DynApiError && error.isNotFound && error.attempts > 1;
}
