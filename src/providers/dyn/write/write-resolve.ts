import { EdgeplanError } from '../../../model/edgeplan-error.js';
import { normaliseName } from '../../../model/names.js';
import * as z from '../../../model/zod.js';
import type { Symptom } from '../../http/decisions.js';
import { HttpError, TransportError } from '../../http/errors.js';
import { isServerError } from '../../http/retry.js';
import { DynApiError, DynJobLostError } from '../errors.js';
import { type DynClient, segment } from '../session/client.js';
import { parseWire, ZoneChange, ZoneObject } from '../wire/wire.js';
import { pendingValue } from './pending-changes.js';

/**
 * How the writer finds out what happened to a write whose answer was lost. Only writes that must not be repeated
 * blindly need this: a POST that adds a record (a repeat would add it twice, or be refused as a duplicate) and a
 * zone's create; a publish, sent again blindly, would be harmless but its outcome must be REPORTED truly. Each is
 * settled by the cheapest read that tells, and the writer then goes on as if the answer had come, sends the write
 * again when the read proves it did not happen, or fails when no read can tell:
 *
 * | write        | read                                          | shows                                  | proves              | then                   |
 * |--------------|-----------------------------------------------|----------------------------------------|---------------------|------------------------|
 * | add a record | `GET /ZoneChanges/<zone>/`, same session      | an item at its fqdn and type, its value | it is pending       | go on                  |
 * |              |                                               | no item at its fqdn and type           | it was not added    | send it again          |
 * |              |                                               | items there, none of its value         | nothing certain     | fail, discard the zone |
 * |              | …in another session (the old one ended)      | —                                      | the zone's pending changes are gone | send them all again |
 * | create zone  | `GET /Zone/<zone>/`                           | the zone                               | it was created      | go on, its serial kept |
 * |              |                                               | 404                                    | it was not created  | send it again          |
 * | add a file   | `GET /ZoneChanges/<zone>/`, then the zone     | one of its records                     | it was uploaded     | check it in full       |
 * |              |                                               | none of its records                    | it was not uploaded | send it again          |
 * | publish      | `GET /Zone/<zone>/`                           | the serial read just before publishing | not published       | publish again          |
 * |              | then `GET /ZoneChanges/<zone>/`, same session | another serial, nothing pending        | published           | done                   |
 * |              |                                               | another serial, our changes pending    | someone else published | fail: plan again     |
 * |              | (the session ended meanwhile)                 | another serial                         | published           | done                   |
 * | any of them  | a read that fails too                         | —                                      | nothing             | fail (a publish: "outcome unknown") |
 *
 * Why each read is proof:
 * - The session's pending changes are the only place an unpublished add can be, and only this zone's step writes
 *   its fqdn and type: a zone step changes each record set with exactly one op (record-set-ops.ts), so an item at
 *   that fqdn and type with the add's value is the add. The read runs in the session the add was sent in (same
 *   generation before and after), else the session ended, and the pending changes with it.
 * - Creating a zone takes effect at once and is visible to every session. A zone the plan creates did not exist
 *   when the plan read the account; found now, it is taken as this run's (a concurrent run creating it at the same
 *   moment is told apart only by the serial check before the publish, if it publishes first).
 * - Every publish changes the zone's serial and empties the session's changes of the zone; nothing else does
 *   either. The serial read right before the publish is the baseline.
 *
 * A lost answer here is no answer at all (reset, timeout), a 5xx (the service or its proxy failed after or before
 * processing), or a job whose result cannot be read. The emulator's faults fall both before and after the service
 * acts, so every row above is exercised by the chaos suite. One case no read can settle: a request still being
 * processed when the client gave up waiting for it (a timeout) could take effect after the read. The service
 * answers any request it needs more than 5 s for with a job, so past the client's 30 s timeout nothing is still
 * being processed; a duplicate add would be refused by the service in any case.
 */

/** What a lost answer looked like, or null when `error` is an answer (a refusal), not a lost one. */
export function lostAnswer(error: unknown): Symptom | null {
  if (error instanceof TransportError) return error.failure;
  if (error instanceof HttpError) return isServerError(error.status) ? 'http-5xx' : null;
  if (error instanceof DynApiError) return isServerError(error.httpStatus) ? 'http-5xx' : null;
  if (error instanceof DynJobLostError) return 'job-lost';
  return null;
}

/**
 * The session the zone's pending changes lived in has ended while a write was being settled: they are gone, and
 * with them whatever the write did. The writer sends the zone's changes again in the new session.
 */
export class SessionMoved extends EdgeplanError {
  override readonly code = 'EP9001';
  // Stryker disable next-line StringLiteral: write-zone.ts catches every SessionMoved; its name never shows
  override readonly name = 'SessionMoved';

  constructor(readonly symptom: Symptom) {
    // Stryker disable next-line StringLiteral: write-zone.ts catches every SessionMoved; its message never shows
    super('the DNS session ended while the zone had unpublished changes');
  }
}

export type AddVerdict = 'pending' | 'absent' | 'unknown';

/** Whether an add whose answer was lost is pending in the session `generation` (see the table above). */
export async function addVerdict(
  client: DynClient,
  op: { zone: string; fqdn: string; type: string; value: string },
  generation: number,
): Promise<AddVerdict> {
  const path = `/ZoneChanges/${segment(op.zone)}/`;
  const read = await client.callInSession('GET', path, undefined, {
    retryable: 'idempotent',
    cancellable: false,
  });
  if (read.generation !== generation) throw new SessionMoved('session-expired');
  const items = parseWire(z.array(ZoneChange), read.data, `GET ${path}`).filter(
    (item) => normaliseName(item.fqdn) === op.fqdn && item.rdata_type.toUpperCase() === op.type,
  );
  if (items.length === 0) return 'absent';
  return items.some((item) => pendingValue(item) === op.value) ? 'pending' : 'unknown';
}

/** `GET /Zone/<zone>/`: the zone's published serial, or null when there is no such zone. */
export async function readSerial(client: DynClient, zone: string): Promise<number | null> {
  const path = `/Zone/${segment(zone)}/`;
  try {
    const data = await client.call('GET', path, undefined, { retryable: 'idempotent', cancellable: false });
    return parseWire(ZoneObject, data, `zone ${zone}: GET ${path}`).serial;
  } catch (error) {
    if (error instanceof DynApiError && error.isNotFound) return null;
    throw error;
  }
}

/** Whether the session `generation` still holds changes of `zone` (null: that session has ended). */
export async function hasPendingChanges(
  client: DynClient,
  zone: string,
  generation: number,
): Promise<boolean | null> {
  const path = `/ZoneChanges/${segment(zone)}/`;
  const read = await client.callInSession('GET', path, undefined, {
    retryable: 'idempotent',
    cancellable: false,
  });
  if (read.generation !== generation) return null;
  return parseWire(z.array(ZoneChange), read.data, `GET ${path}`).length > 0;
}
