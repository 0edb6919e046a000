import { EdgeplanError } from '../../../model/edgeplan-error.js';
import type { DynZoneFileOp, DynZoneOp } from '../compile/ops.js';
import { DynApiError } from '../errors.js';
import type { DynClient } from '../session/client.js';
import { readSerial } from './write-resolve.js';

/**
 * The first sign, met while a zone's transaction runs, that another writer (another run, a person in the portal)
 * published the zone since the plan read it. Each is proof on its own: a zone step changes each record set with
 * exactly one op (record-set-ops.ts), from live records the plan read at its serial, so
 * - `record-gone`: a record or node the plan read answers 404 NOT_FOUND to the delete or update of it (a delete
 *   repeated by the transport is not a sign: its first attempt may have removed it, write-zone.ts);
 * - `record-exists`: an add the plan made because the value was not live is refused as a duplicate
 *   (TARGET_EXISTS `make: Cannot duplicate existing record data`);
 * - `zone-gone`: the zone itself answers 404 `zone: No such zone` to a write;
 * - `zone-exists`: a zone the plan creates because it did not exist is refused (TARGET_EXISTS
 *   `name: Name already exists`), by a create or by the upload of its zone file;
 * - `serial-moved`: right before the publish the serial is not the planned one (compare-and-publish, write.ts);
 * - `publish-refused`: the publish itself is refused and the serial moved since the read just before it (the
 *   service checks the pending changes against what another publish left, e.g. a record it removed).
 * `refusal` is the service's answer as DynApiError states it (method, path, status, ERR_CD, INFO).
 */
export type ZoneChangeSign =
  | { kind: 'serial-moved'; planned: number | null; live: number | null }
  | { kind: 'record-gone' | 'record-exists' | 'zone-gone' | 'zone-exists'; refusal: string }
  | { kind: 'publish-refused'; refusal: string; planned: number | null; live: number | null };

/** The sign in words, as the error message shows it in parentheses. */
function describeSign(sign: ZoneChangeSign): string {
  switch (sign.kind) {
    case 'serial-moved':
      return `${serialMove(sign.planned, sign.live)}: someone else published it`;
    case 'record-gone':
      return `a record the plan read is gone: ${sign.refusal}`;
    case 'record-exists':
      return `a record the plan adds exists already: ${sign.refusal}`;
    case 'zone-gone':
      return `the zone is gone: ${sign.refusal}`;
    case 'zone-exists':
      return `the zone the plan creates exists already: ${sign.refusal}`;
    case 'publish-refused':
      return `the publish was refused after another publish, ${serialMove(sign.planned, sign.live)}: ${sign.refusal}`;
  }
}

function serialMove(planned: number | null, live: number | null): string {
  return live === null ? 'the zone is gone' : `serial ${planned ?? 'none'} → ${live}`;
}

/**
 * Another writer changed the zone while this run was applying it (`sign` says how this run found out). Publishing
 * on top would leave a mix of both, so the zone is not published and the apply layer discards its changes.
 */
export class DynZoneChangedError extends EdgeplanError {
  override readonly code = 'EP3002';
  override readonly name = 'DynZoneChangedError';

  constructor(
    readonly zone: string,
    readonly sign: ZoneChangeSign,
    options?: { cause: unknown },
  ) {
    super(`zone ${zone} changed while applying (${describeSign(sign)}); not published, plan again`, options);
  }
}

/**
 * The sign of another writer that a refused zone op shows, or null when its refusal is no such sign (then it is
 * an error of its own). Only answers are signs: a lost answer (5xx, reset) proves nothing.
 */
function conflictSign(op: DynZoneOp | DynZoneFileOp, error: unknown): ZoneChangeSign | null {
  if (!(error instanceof DynApiError) || op.kind === 'publish') return null;
  const refusal = error.message;
  if (error.isNotFound && error.info.startsWith('zone:')) return { kind: 'zone-gone', refusal };
  switch (op.kind) {
    case 'update-record':
    case 'delete-record':
    case 'delete-records':
      return error.isNotFound ? { kind: 'record-gone', refusal } : null;
    case 'add-record':
      return error.errCode === 'TARGET_EXISTS' ? { kind: 'record-exists', refusal } : null;
    case 'create-zone':
    case 'create-zone-from-file':
      return error.errCode === 'TARGET_EXISTS' ? { kind: 'zone-exists', refusal } : null;
    // Stryker disable next-line StringLiteral: falling out of the switch gives undefined, read as null
    case 'replace-records':
    // Stryker disable next-line StringLiteral,ConditionalExpression: falling out gives undefined, read as null
    case 'add-zone-file':
      return null;
  }
}

/** `error` as the zone's conflict when it is a sign of another writer (conflictSign), else `error` itself. */
export function asConflict(zone: string, op: DynZoneOp | DynZoneFileOp, error: unknown): unknown {
  const sign = conflictSign(op, error);
  return sign ? new DynZoneChangedError(zone, sign, { cause: error }) : error;
}

/**
 * A publish the service refused: another writer's doing when the serial moved since `before`, the read right
 * before the publish (the service refused our changes against what that publish left), else the refusal as it is.
 * A read that fails leaves the refusal to speak for itself.
 */
export async function refusedPublish(
  client: DynClient,
  zone: string,
  before: number | null,
  refusal: unknown,
): Promise<unknown> {
  if (!(refusal instanceof DynApiError)) return refusal;
  let live: number | null;
  try {
    live = await readSerial(client, zone);
  } catch {
    return refusal;
  }
  if (live === before) return refusal;
  const sign = {
    kind: 'publish-refused',
    refusal: refusal.message,
    planned: before,
    live,
  } satisfies ZoneChangeSign;
  return new DynZoneChangedError(zone, sign, { cause: refusal });
}
