import { recordSetKey } from '../../model/record-set.js';
import { plural } from '../../model/text.js';
import { type DynClient, type DynRequest, segment } from './client.js';
import type { DynOp, DynZoneFileOp, ZoneFileSet } from './ops.js';
import { type PendingRecord, readPendingRecords } from './pending-changes.js';
import { readZoneRecords } from './read.js';
import { parseWire, ZoneFileResult } from './wire.js';
import { asConflict } from './write-conflict.js';
import { lostAnswer, readSerial } from './write-resolve.js';
import { addZoneFile, createZoneFile } from './zone-file.js';

/**
 * The zone-file ops (ops.ts `DynZoneFileOp`; compile.ts says when they are used): one upload of a master file, then
 * the session's pending changes read back (`GET /ZoneChanges/<zone>/`, in the session that uploaded it: records not
 * yet published are listed there, not by the zone's reads) to check that they hold every record of the file, as
 * uploaded (notAsUploaded). Only when they do not yet is the upload's task waited for (`GET /Task/<id>/`) and the changes read
 * again: the task may still be at work. Either an upload is verified, or it fails with
 * DynZoneFileError naming what differs.
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
export class DynZoneFileError extends Error {
  override readonly name = 'DynZoneFileError';

  constructor(
    readonly zone: string,
    readonly differences: string[],
    task: string,
  ) {
    const shown = differences.slice(0, MAX_SHOWN).join('; ');
    const more = differences.length > MAX_SHOWN ? `; and ${differences.length - MAX_SHOWN} more` : '';
    super(
      `zone ${zone}: the zone file was uploaded (${task}), but reading it back shows ` +
        `${plural(differences.length, 'record set')} not as uploaded: ${shown}${more}`,
    );
  }
}

const MAX_SHOWN = 5;
/** Uploads of one file sent in all, when reads prove the earlier ones did not create the zone. */
const MAX_UPLOADS = 3;

/**
 * Uploads, then verifies (see the file comment). Both POST and PUT add records, so neither is repeated blindly after
 * an ambiguous failure: a create is sent again only when `GET /Zone/` shows no zone; otherwise the check tells
 * whether the upload happened. Resolves to the session generation the upload ran in (the writer's guard against a lost
 * session).
 */
export async function executeZoneFileOp(client: DynClient, op: DynZoneFileOp): Promise<number> {
  const request = describeZoneFileOp(op);
  const label = `${request.method} ${request.path}`;
  let taskId: string | number | undefined;
  let generation: number;
  for (let sent = 1; ; sent++) {
    const before = client.sessionGeneration;
    try {
      const answer = await client.callInSession(request.method, request.path, request.body, {
        retryable: 'non-idempotent',
        cancellable: false,
      });
      taskId = parseWire(ZoneFileResult, answer.data, label).task_id;
      generation = answer.generation;
      break;
    } catch (error) {
      // A lost answer (write-resolve.ts): a create that left no zone provably did not happen and is sent again;
      // otherwise the upload may have happened, and the check below tells (its records pending, or not).
      const symptom = lostAnswer(error);
      if (symptom === null) throw asConflict(op.zone, op, error);
      const absent = op.kind === 'create-zone-from-file' && (await readSerial(client, op.zone)) === null;
      client.onDecision({ symptom, decision: absent ? 'sent-again' : 'took-effect', request: label });
      if (!absent) {
        generation = before;
        break;
      }
      if (sent >= MAX_UPLOADS) throw error;
    }
  }
  let differences = await notAsUploaded(client, op);
  // Read in a newer session (the one the upload ran in ended meanwhile), the pending changes cannot show the upload:
  // the writer sends the zone's records again in the new session (write-zone.ts `restart`), and checks them there.
  if (differences.length > 0 && client.sessionGeneration !== generation) return generation;
  let task = taskId === undefined ? 'no task named' : `task ${taskId}`;
  if (differences.length > 0 && taskId !== undefined) {
    const ended = await client.waitForTask(String(taskId));
    task = `task ${taskId} ${ended.status}${ended.message ? `: ${ended.message}` : ''}`;
    differences = await notAsUploaded(client, op);
  }
  if (differences.length > 0) throw new DynZoneFileError(op.zone, differences, task);
  return generation;
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
