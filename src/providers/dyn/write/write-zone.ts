import { type Logger, silentLogger } from '../../../model/logger.js';
import { plural } from '../../../model/text.js';
import {
  type LostAnswerOutcome,
  lostAnswerOutcome,
  notTakenText,
  type Symptom,
} from '../../http/decisions.js';
import type { DynZoneFileOp, DynZoneOp } from '../compile/ops.js';
import { DynApiError, DynJobLostError, DynSessionLostError } from '../errors.js';
import type { DynClient } from '../session/client.js';
import { segment } from '../session/client.js';
import { DeleteResult, parseWire, RecordWriteResult, ReplaceResult } from '../wire/wire.js';
import { asConflict } from './write-conflict.js';
import { describeOp, retryPolicyOf } from './write-request.js';
import { addVerdict, lostAnswer, SessionMoved } from './write-resolve.js';
import { executeZoneFileOp } from './zone-file-write.js';

/** A zone op whose change waits in the session until the publish. */
export type PendingOp = Exclude<DynZoneOp, { kind: 'create-zone' } | { kind: 'publish' }>;

/** One zone's transaction as the writer keeps it, from its step's first op to its publish or discard. */
export interface ZoneTransaction {
  zone: string;
  /** The ops whose changes are pending in `generation`, in the order sent. */
  pending: PendingOp[];
  /** The session holding `pending`; undefined while nothing is pending. */
  generation: number | undefined;
  /**
   * The serial the zone must still have right before its publish: the plan's (`begin`); for a zone created in this
   * run, the one its create gave (not compared, see `created`).
   */
  expectedSerial: number | undefined;
  /**
   * Created in this run (its create or its first upload answered): no serial is read before its publish (write.ts);
   * `expectedSerial` is then the one its create answered with, undefined after an upload (none is answered). A
   * failure before the publish deletes it again if it holds nothing published (write-undo.ts).
   */
  created: boolean;
  /** Times the transaction was sent again in a new session. */
  restarts: number;
  /**
   * The zone-file uploads pending in `generation`, in the order sent. A restart sends their records again as
   * additions (`add-zone-file`, a PUT) to the zone the first upload created, before the pending ops.
   */
  uploads: DynZoneFileOp[];
}

/** A write sent again because a read proved it did not happen: at most this often in all. */
export const MAX_SENDS = 3;
/**
 * Times a zone's pending changes are sent again after its session ended, before the zone is given up. A session
 * ends for every zone at once (another zone's call may meet the expiry), so several zones in flight restart
 * together; each restart costs the zone's ops again.
 */
export const MAX_RESTARTS = 6;

export function newTransaction(zone: string, expectedSerial?: number): ZoneTransaction {
  return {
    zone,
    pending: [],
    generation: undefined,
    expectedSerial,
    created: false,
    restarts: 0,
    uploads: [],
  };
}

/**
 * The pending part of a zone's transaction. Pending changes belong to the session (vendor docs: they "last only as
 * long as your current session"), so the zone's ops are only worth publishing while all of them are pending in the
 * same session. When the session ends under them (an idle expiry, a job lost with its session, possibly met by
 * another zone's call), nothing of them was published and nothing of them is left: the writer discards whatever of
 * the zone the new session may hold and sends them all again, in order, in the new session. So the publish always
 * carries the zone's whole change or nothing, and a run survives expired sessions instead of failing the zone.
 */
export class PendingWriter {
  constructor(
    private readonly client: DynClient,
    private readonly logger: Logger = silentLogger,
  ) {}

  /** Sends `op` in the zone's session; on return it and every earlier op of the zone are pending in one session. */
  async write(tx: ZoneTransaction, op: PendingOp): Promise<void> {
    await this.keepSession(tx);
    try {
      const generation = await this.send(tx.zone, op);
      if (tx.generation === undefined || generation === tx.generation) {
        tx.generation = generation;
        tx.pending.push(op);
        return;
      }
      // It took effect in a newer session than the zone's earlier ops, which ended with theirs.
      await this.restart(tx, [...tx.pending, op], 'session-expired');
    } catch (error) {
      if (!(error instanceof SessionMoved)) throw error;
      await this.restart(tx, [...tx.pending, op], error.symptom);
    }
  }

  /** Sends the zone's pending ops again when the session they were made in has ended. */
  async keepSession(tx: ZoneTransaction): Promise<void> {
    if (tx.generation !== undefined && tx.generation !== this.client.sessionGeneration)
      await this.restart(tx, tx.pending, 'session-expired');
  }

  private async restart(tx: ZoneTransaction, ops: PendingOp[], first: Symptom): Promise<void> {
    let symptom = first;
    for (;;) {
      if (tx.restarts >= MAX_RESTARTS) throw new DynSessionLostError(tx.zone, tx.restarts);
      tx.restarts += 1;
      tx.pending = [];
      tx.generation = undefined;
      this.logger.warn(
        `zone ${tx.zone}: the DNS session ended under its ${plural(ops.length, 'unpublished change')}; ` +
          'sending them again in a new session',
      );
      this.client.onDecision({ symptom, decision: 'replayed', request: `zone ${tx.zone}` });
      await this.discardInSession(tx.zone);
      const generation = this.client.sessionGeneration;
      try {
        for (const upload of tx.uploads) {
          const again = {
            // Stryker disable next-line StringLiteral: executeZoneFileOp sends and settles any kind but a create as an addition
            kind: 'add-zone-file',
            zone: upload.zone,
            ttl: upload.ttl,
            sets: upload.sets,
          } as const;
          if ((await executeZoneFileOp(this.client, again)) !== generation)
            throw new SessionMoved('session-expired');
        }
        for (const op of ops) {
          if ((await this.send(tx.zone, op)) !== generation) throw new SessionMoved('session-expired');
          tx.pending.push(op);
        }
        // Never empty: a zone is restarted only while it holds pending ops or uploads.
        tx.generation = generation;
        return;
      } catch (error) {
        if (!(error instanceof SessionMoved)) throw error;
        symptom = error.symptom;
      }
    }
  }

  /**
   * `DELETE /ZoneChanges/<zone>/` in the current session: what a write repeated there may have left. Done when the
   * zone does not exist (its creation failed: it holds no pending changes), and when the discard's job was lost
   * with its session: pending changes live only as long as their session, so they are gone either way.
   */
  async discardInSession(zone: string): Promise<void> {
    try {
      await this.client.call('DELETE', `/ZoneChanges/${segment(zone)}/`, undefined, {
        retryable: 'idempotent',
        cancellable: false,
      });
    } catch (error) {
      if (error instanceof DynJobLostError && error.sessionEnded) return;
      if (!(error instanceof DynApiError && error.isNotFound)) throw error;
    }
  }

  /**
   * One op until its outcome is known; returns the session it is pending in. A failure after the session ended
   * (the service may refuse a write only because the zone's earlier changes are gone) is SessionMoved; a refusal
   * that shows another writer changed the zone is DynZoneChangedError (write-conflict.ts); an add whose answer
   * was lost is settled by reading (write-resolve.ts).
   */
  private async send(zone: string, op: PendingOp): Promise<number> {
    const request = describeOp(op);
    const label = `${request.method} ${request.path}`;
    for (let sent = 1; ; sent++) {
      await this.client.login();
      const before = this.client.sessionGeneration;
      try {
        const { data, generation } = await this.client.callInSession(
          request.method,
          request.path,
          request.body,
          { retryable: retryPolicyOf(op), cancellable: false },
        );
        parseResult(op, data, label);
        return generation;
      } catch (error) {
        if (isRepeatedDelete(op, error)) return this.client.sessionGeneration;
        const symptom = lostAnswer(error);
        if (this.client.sessionGeneration !== before) throw new SessionMoved(symptom ?? 'session-expired');
        if (op.kind !== 'add-record' || symptom === null) throw asConflict(zone, op, error);
        const verdict = await addVerdict(this.client, op, before);
        const decision =
          verdict === 'unknown' ? verdict : lostAnswerOutcome(verdict === 'pending', sent, MAX_SENDS);
        this.client.onDecision({ symptom, decision, request: label });
        this.logger.info(`dyn: ${label}: ${describeDecision(decision, zone)}`);
        if (decision === 'took-effect') return before;
        if (decision !== 'sent-again') throw error;
      }
    }
  }
}

function describeDecision(decision: LostAnswerOutcome | 'unknown', zone: string): string {
  const read = `GET /ZoneChanges/${zone}/`;
  switch (decision) {
    case 'took-effect':
      return `the answer was lost; ${read} shows the record pending: going on`;
    case 'sent-again':
    case 'gave-up':
      return `the answer was lost; ${read} shows it was not added: ${notTakenText(decision, MAX_SENDS)}`;
    case 'unknown':
      return `the answer was lost and ${read} cannot tell whether it was added: the zone is discarded`;
  }
}

function parseResult(op: PendingOp, data: unknown, label: string): void {
  switch (op.kind) {
    case 'add-record':
    case 'update-record':
      parseWire(RecordWriteResult, data, label);
      return;
    case 'replace-records':
      parseWire(ReplaceResult, data, label);
      return;
    case 'delete-record':
    case 'delete-records':
      parseWire(DeleteResult, data, label);
      return;
  }
}

/**
 * A delete answered 404 NOT_FOUND after more than one attempt: an earlier attempt was applied, the record is gone,
 * which was the goal. A 404 on the FIRST attempt is still an error: the live state moved since the plan.
 */
function isRepeatedDelete(op: PendingOp, error: unknown): boolean {
  const deletes = op.kind === 'delete-record' || op.kind === 'delete-records';
  return deletes && error instanceof DynApiError && error.isNotFound && error.attempts > 1;
}
