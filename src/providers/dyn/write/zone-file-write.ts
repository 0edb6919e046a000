import { EdgeplanError } from '../../../model/edgeplan-error.js';
import { recordSetKey } from '../../../model/record-set.js';
import { plural } from '../../../model/text.js';
import { lostAnswerOutcome } from '../../http/decisions.js';
import type { DynOp, DynZoneFileOp, ZoneFileSet } from '../compile/ops.js';
import { addZoneFile, createZoneFile } from '../compile/zone-file.js';
import { readZoneRecords } from '../read/read.js';
import { type DynClient, type DynRequest, segment } from '../session/client.js';
import { parseWire, ZoneFileResult } from '../wire/wire.js';
import { type PendingRecord, readPendingRecords } from './pending-changes.js';
import { asConflict } from './write-conflict.js';
import { lostAnswer, readSerial } from './write-resolve.js';

/**
 * The zone-file ops (ops.ts `DynZoneFileOp`; compile.ts says when they are used): one upload of a master file. An
 * answered upload is not read back: the check after the apply reads the zone it creates anyway and compares every
 * record with the desired state, so a record missing is reported there (not converged), at no request here. Only
 * an upload whose answer was lost is read back at once (notAsUploaded: the session's pending changes, `GET
 * /ZoneChanges/<zone>/` in the session that uploaded it, then the zone's records): whether it happened decides
 * what comes next, and a file found not as uploaded fails with DynZoneFileError naming what differs.
 */

export function isZoneFileOp(op: DynOp): op is DynZoneFileOp {
  return isZoneFileKind(op.kind);
}

export function isZoneFileKind(kind: string): boolean {
  return kind === 'create-zone-from-file' || kind === 'add-zone-file';
}

/** `POST` creates the zone, `PUT` adds to it; the body is `{file}`. */
export function describeZoneFileOp(op: DynZoneFileOp): DynRequest {
  const path = `/ZoneFile/${segment(op.zone)}/`;
  if (op.kind === 'create-zone-from-file')
    return { method: 'POST', path, body: { file: createZoneFile(op.zone, op, op.sets) } };
  return { method: 'PUT', path, body: { file: addZoneFile(op.zone, op.ttl, op.sets) } };
}

/** An upload that could not be verified: the zone does not hold its records as uploaded. */
export class DynZoneFileError extends EdgeplanError {
  override readonly code = 'EP2109';
  override readonly name = 'DynZoneFileError';

  constructor(
    readonly zone: string,
    readonly differences: string[],
  ) {
    const shown = differences.slice(0, MAX_SHOWN).join('; ');
    const more = differences.length > MAX_SHOWN ? `; and ${differences.length - MAX_SHOWN} more` : '';
    super(
      `zone ${zone}: the zone file's upload lost its answer, and reading the zone back shows ` +
        `${plural(differences.length, 'record set')} not as uploaded: ${shown}${more}`,
    );
  }
}

const MAX_SHOWN = 5;
/** Uploads of one file sent in all, when reads prove the earlier ones did not create the zone. */
const MAX_UPLOADS = 3;

/**
 * Uploads, then verifies (see the file comment). Both POST and PUT add records, so neither is repeated blindly after
 * an ambiguous failure: a create is sent again only when `GET /Zone/` shows no zone, an addition only when none of
 * its records is pending or in the zone; otherwise the check tells whether the upload happened in full. Resolves to the session generation the upload ran in (the writer's guard against a lost
 * session). `uploaded` is called once the upload took effect, before it is verified (a POST has then created the
 * zone, whatever the check finds).
 */
export async function executeZoneFileOp(
  client: DynClient,
  op: DynZoneFileOp,
  uploaded: () => void = () => {},
): Promise<number> {
  const request = describeZoneFileOp(op);
  const label = `${request.method} ${request.path}`;
  let generation: number;
  for (let sent = 1; ; sent++) {
    // Logged in first, so that `before` is the session the upload is sent in.
    await client.login();
    const before = client.sessionGeneration;
    try {
      const answer = await client.callInSession(request.method, request.path, request.body, {
        retryable: 'non-idempotent',
        cancellable: false,
      });
      parseWire(ZoneFileResult, answer.data, label);
      uploaded();
      return answer.generation;
    } catch (error) {
      // A lost answer (write-resolve.ts): a create that left no zone, or an addition none of whose records is in
      // the session's pending changes or the zone, provably did not happen and is sent again; otherwise the upload
      // happened, and the check below tells whether in full.
      const symptom = lostAnswer(error);
      if (symptom === null) throw asConflict(op.zone, op, error);
      const absent =
        op.kind === 'create-zone-from-file'
          ? (await readSerial(client, op.zone)) === null
          : !(await anySeen(client, op)) && client.sessionGeneration === before;
      const decision = lostAnswerOutcome(!absent, sent, MAX_UPLOADS);
      client.onDecision({ symptom, decision, request: label });
      if (decision === 'took-effect') {
        generation = before;
        break;
      }
      if (decision === 'gave-up') throw error;
    }
  }
  uploaded();
  const differences = await notAsUploaded(client, op);
  // Read in a newer session (the one the upload ran in ended meanwhile), the pending changes cannot show the upload:
  // the writer sends the zone's records again in the new session (write-zone.ts `restart`), and checks them there.
  if (differences.length > 0 && client.sessionGeneration !== generation) return generation;
  if (differences.length > 0) throw new DynZoneFileError(op.zone, differences);
  return generation;
}

/**
 * Whether every record of `uploads` is published: the zone's records hold each set as uploaded. How a publish whose
 * answer was lost is settled for a zone this run created, once the session its changes were pending in has ended
 * (write.ts): published or not, they are no longer pending.
 */
export async function uploadsPublished(
  client: DynClient,
  uploads: readonly DynZoneFileOp[],
): Promise<boolean> {
  const { records } = await readZoneRecords(client, uploads[0]?.zone ?? '');
  const live = new Map(records.map((set) => [recordSetKey(set), set.records]));
  return uploads.every((op) => op.sets.every((set) => holds(live.get(recordSetKey(set)), set)));
}

/**
 * Whether any record of `op` is in the session's pending changes or, failing that, in the zone. An upload is
 * applied whole or not at all, so none seen means it was not (read in the session it was sent in: the caller
 * checks that the session did not change meanwhile).
 */
async function anySeen(client: DynClient, op: DynZoneFileOp): Promise<boolean> {
  const pending = await readPendingRecords(client, op.zone);
  const seenIn = (read: ReadonlyMap<string, readonly { value: string | undefined }[]>) =>
    op.sets.some((set) =>
      read.get(recordSetKey(set))?.some((r) => r.value !== undefined && set.values.includes(r.value)),
    );
  if (seenIn(pending)) return true;
  const { records } = await readZoneRecords(client, op.zone);
  return seenIn(new Map(records.map((set) => [recordSetKey(set), set.records])));
}

/**
 * The sets of `op` not held exactly (values and TTL), described. The session's pending changes are read first;
 * only when they lack a set is the zone read too (`AllRecord`): under the other reading of the sources
 * (compile.ts) the task publishes the upload, and its records are then the zone's own.
 */
async function notAsUploaded(client: DynClient, op: DynZoneFileOp): Promise<string[]> {
  const pending = await readPendingRecords(client, op.zone);
  const unseen = op.sets.filter((set) => !holds(pending.get(recordSetKey(set)), set));
  if (unseen.length === 0) return [];
  const { records } = await readZoneRecords(client, op.zone);
  const live = new Map(records.map((set) => [recordSetKey(set), set.records]));
  return unseen
    .filter((set) => !holds(live.get(recordSetKey(set)), set))
    .map((set) => difference(set, pending.get(recordSetKey(set)) ?? live.get(recordSetKey(set)) ?? []));
}

/** Whether `read` is exactly the set's values, each at the set's TTL. */
function holds(read: readonly PendingRecord[] | undefined, set: ZoneFileSet): boolean {
  if (read === undefined) return false;
  const values = new Set(read.map((record) => record.value));
  return (
    read.length === set.values.length &&
    set.values.every((value) => values.has(value)) &&
    read.every((record) => record.ttl === set.ttl)
  );
}

function difference(set: ZoneFileSet, read: readonly PendingRecord[]): string {
  const uploaded = `${set.values.join(', ')} ttl ${set.ttl}`;
  const found =
    read.length === 0 ? 'none' : read.map((r) => `${r.value ?? 'unreadable rdata'} ttl ${r.ttl}`).join(', ');
  return `${set.fqdn} ${set.type} uploaded ${uploaded}, read ${found}`;
}
