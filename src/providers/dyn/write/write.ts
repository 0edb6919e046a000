import { type Logger, silentLogger } from '../../../model/logger.js';
import { normaliseName } from '../../../model/names.js';
import type {
  CreatedZoneFate,
  PlannedTarget,
  ProviderOp,
  RunContext,
  StepWriter,
} from '../../../model/provider.js';
import type { Target } from '../../../model/target.js';
import { lostAnswerOutcome, notTakenText } from '../../http/decisions.js';
import { parseDynOp } from '../compile/op-schema.js';
import type { DynZoneFileOp, DynZoneOp } from '../compile/ops.js';
import { DynPublishUnknownError, DynSessionLostError } from '../errors.js';
import type { DynClient } from '../session/client.js';
import { PublishResult, parseWire, ZoneObject } from '../wire/wire.js';
import { asConflict, DynZoneChangedError, refusedPublish } from './write-conflict.js';
import { describeOp } from './write-request.js';
import { hasPendingChanges, lostAnswer, readSerial } from './write-resolve.js';
import { executeServiceOp, isServiceOp } from './write-services.js';
import { undoCreatedZone } from './write-undo.js';
import { MAX_SENDS, newTransaction, PendingWriter, type ZoneTransaction } from './write-zone.js';
import { executeZoneFileOp, isZoneFileOp, uploadsPublished } from './zone-file-write.js';

/**
 * Writes ops inside the client's session. Each zone is a transaction (write-zone.ts): its pending changes are kept
 * in one session, sent again in a new one when the session ends under them, and published once, only while all of
 * them are pending together. A write whose answer was lost is settled by reading (write-resolve.ts).
 *
 * Compare-and-publish: right before a zone's publish, one `GET /Zone/<zone>/` checks that the serial is still the
 * one the plan read (`begin`). If someone published the zone since, another run or a person in the portal, the
 * zone is not published (DynZoneChangedError) and the apply layer discards its changes: a publish never carries a
 * mix of their change and ours. Other signs of another writer met earlier (a record the plan read is gone, an add
 * that collides: write-conflict.ts) end the zone the same way, with the sign named. The service offers no
 * conditional publish, so two runs that both pass the check within one request of each other could still both
 * publish; the check narrows the window from the whole transaction to that one request. A zone the plan creates
 * is not read before its publish: its create fails (TARGET_EXISTS) when the zone exists by then, so nobody else
 * had it, and nobody publishes a zone seconds old that they do not know of. A lost answer to its publish is
 * settled without a serial read before it (wasPublished).
 */
export class DynWriter implements StepWriter {
  private readonly zones = new Map<string, ZoneTransaction>();
  private readonly pending: PendingWriter;

  constructor(
    private readonly client: DynClient,
    private readonly logger: Logger = silentLogger,
  ) {
    this.pending = new PendingWriter(client, logger);
  }

  /** A zone step starts: its serial as the plan read it is checked before its publish. */
  begin(planned: PlannedTarget): void {
    if (planned.target.kind !== 'zone') return;
    const zone = normaliseName(planned.target.name);
    this.zones.set(zone, newTransaction(zone, planned.serial ?? undefined));
  }

  /** Sends one op, after checking it is a valid Dyn op (op-schema.ts): nothing unchecked reaches the service. */
  async execute(input: ProviderOp, run?: RunContext): Promise<void> {
    const op = parseDynOp(input);
    if (isServiceOp(op)) return executeServiceOp(this.client, op);
    const tx = this.transactionOf(op.zone);
    if (isZoneFileOp(op)) return this.uploadZoneFile(tx, op);
    switch (op.kind) {
      case 'create-zone':
        return this.createZone(tx, op);
      case 'publish':
        return this.publish(tx, run);
      default:
        return this.pending.write(tx, op);
    }
  }

  /**
   * `DELETE /ZoneChanges/<zone>/`: drops the session's unpublished changes of a zone target. Repeating it is
   * harmless; a zone that does not exist (its creation failed) can hold no pending changes: 404 counts as
   * discarded. A zone this run created is then deleted again when it holds nothing published (write-undo.ts).
   * Other targets are not transactions: nothing to discard.
   */
  async discard(target: Target): Promise<CreatedZoneFate | undefined> {
    if (target.kind !== 'zone') return undefined;
    const name = normaliseName(target.name);
    const created = this.zones.get(name)?.created === true;
    this.zones.delete(name);
    await this.pending.discardInSession(name);
    return created ? undoCreatedZone(this.client, name, this.logger) : undefined;
  }

  private transactionOf(name: string): ZoneTransaction {
    const zone = normaliseName(name);
    let tx = this.zones.get(zone);
    if (!tx) {
      tx = newTransaction(zone);
      this.zones.set(zone, tx);
    }
    return tx;
  }

  /**
   * Creating a zone takes effect at once (no publish); an ambiguous failure is settled by reading the zone. Its
   * serial, from the answer or that read, is what its publish is settled by should that answer be lost.
   */
  private async createZone(
    tx: ZoneTransaction,
    op: Extract<DynZoneOp, { kind: 'create-zone' }>,
  ): Promise<void> {
    const request = describeOp(op);
    const label = `${request.method} ${request.path}`;
    for (let sent = 1; ; sent++) {
      try {
        const data = await this.client.call(request.method, request.path, request.body, {
          retryable: 'non-idempotent',
          cancellable: false,
        });
        this.created(tx, parseWire(ZoneObject, data, label).serial);
        return;
      } catch (error) {
        const symptom = lostAnswer(error);
        if (symptom === null) throw asConflict(tx.zone, op, error);
        const serial = await readSerial(this.client, tx.zone);
        const decision = lostAnswerOutcome(serial !== null, sent, MAX_SENDS);
        this.client.onDecision({ symptom, decision, request: label });
        this.logger.info(
          `dyn: ${label}: the answer was lost; GET /Zone/${tx.zone}/ shows the zone ` +
            (decision === 'took-effect'
              ? 'exists: going on'
              : `does not exist: ${notTakenText(decision, MAX_SENDS)}`),
        );
        if (serial !== null) return this.created(tx, serial);
        if (decision === 'gave-up') throw error;
      }
    }
  }

  /**
   * A zone-file upload (zone-file-write.ts), sent and verified. Its records are pending in the session it ran in,
   * like the zone's other changes; a session that ends under them sends them again as an addition to the zone the
   * upload created (write-zone.ts `restart`), so the publish carries them all or nothing.
   */
  private async uploadZoneFile(tx: ZoneTransaction, op: DynZoneFileOp): Promise<void> {
    await this.pending.keepSession(tx);
    const generation = await executeZoneFileOp(this.client, op, () => {
      if (op.kind === 'create-zone-from-file') tx.created = true;
    });
    if (tx.generation !== undefined && tx.generation !== generation)
      throw new DynSessionLostError(tx.zone, tx.restarts);
    tx.generation = generation;
    tx.uploads.push(op);
  }

  private created(tx: ZoneTransaction, serial: number): void {
    tx.created = true;
    tx.expectedSerial = serial;
  }

  /**
   * Compare, then publish; a lost answer is settled by the serial (write-resolve.ts). Returns once the zone's whole
   * change is published; throws when it was not, or when that is unknown (DynPublishUnknownError).
   */
  private async publish(tx: ZoneTransaction, run: RunContext | undefined): Promise<void> {
    const request = describeOp({ kind: 'publish', zone: tx.zone }, run);
    const label = `${request.method} ${request.path}`;
    for (let sent = 1; ; sent++) {
      await this.pending.keepSession(tx);
      const serial = tx.created ? tx.expectedSerial : await this.serialBeforePublish(tx);
      const before = this.client.sessionGeneration;
      if (tx.generation !== undefined && tx.generation !== before) continue;
      try {
        const answer = await this.client.callInSession(request.method, request.path, request.body, {
          retryable: 'idempotent',
          cancellable: false,
        });
        parseWire(PublishResult, answer.data, label);
        // The publish answered ran in a newer session, which held none of the zone's changes; an earlier attempt,
        // whose answer was lost before the session ended, may have published them: the serial settles it.
        if (tx.generation !== undefined && answer.generation !== tx.generation) {
          const lost = `${label}: repeated in a new session after the one holding the zone's changes ended`;
          // Not published: the changes are gone with their session, and the next turn sends them again.
          if (!(await this.wasPublished(tx, serial, tx.generation, lost))) continue;
          this.client.onDecision({ symptom: 'session-expired', decision: 'took-effect', request: label });
          this.logger.info(
            `dyn: ${label}: the session ended meanwhile; the zone's serial shows it was published`,
          );
        }
        this.zones.delete(tx.zone);
        return;
      } catch (error) {
        const symptom = lostAnswer(error);
        if (symptom === null && this.client.sessionGeneration === before)
          // A zone created by this run without a serial answered (an upload) has nothing to compare with.
          throw serial === undefined ? error : await refusedPublish(this.client, tx.zone, serial, error);
        const published = await this.wasPublished(tx, serial, before, error);
        const decision = lostAnswerOutcome(published, sent, MAX_SENDS);
        this.client.onDecision({ symptom: symptom ?? 'session-expired', decision, request: label });
        this.logger.info(
          `dyn: ${label}: the answer was lost; the zone's serial shows it was ` +
            (decision === 'took-effect'
              ? 'published'
              : decision === 'sent-again'
                ? 'not published: publishing again'
                : `not published: ${notTakenText(decision, MAX_SENDS)}`),
        );
        if (published) {
          this.zones.delete(tx.zone);
          return;
        }
        if (decision === 'gave-up') throw error;
      }
    }
  }

  /** `GET /Zone/<zone>/` right before the publish: the serial must be the planned one. */
  private async serialBeforePublish(tx: ZoneTransaction): Promise<number | null> {
    const serial = await readSerial(this.client, tx.zone);
    if (tx.expectedSerial !== undefined && serial !== tx.expectedSerial)
      throw new DynZoneChangedError(tx.zone, {
        kind: 'serial-moved',
        planned: tx.expectedSerial,
        live: serial,
      });
    return serial;
  }

  /**
   * Whether a publish whose answer was lost took effect: see the table in write-resolve.ts. `before`: the serial
   * right before it; undefined for a zone this run uploaded, which was not read (newZonePublished).
   */
  private async wasPublished(
    tx: ZoneTransaction,
    before: number | null | undefined,
    generation: number,
    lost: unknown,
  ): Promise<boolean> {
    try {
      if (before === undefined) return await this.newZonePublished(tx, generation);
      const now = await readSerial(this.client, tx.zone);
      if (now === before) return false;
      if (tx.generation === undefined) return true;
      const pending = await hasPendingChanges(this.client, tx.zone, generation);
      if (pending === true)
        throw new DynZoneChangedError(tx.zone, { kind: 'serial-moved', planned: before, live: now });
      return true;
    } catch (error) {
      if (error instanceof DynZoneChangedError) throw error;
      throw new DynPublishUnknownError(tx.zone, lost, { cause: error });
    }
  }

  /**
   * A zone this run uploaded: its changes pending in the session `generation` are gone once published (a publish,
   * ours, is the only thing that empties them), there while not. When that session has ended they are gone either
   * way; then the zone's records tell whether the upload was published.
   */
  private async newZonePublished(tx: ZoneTransaction, generation: number): Promise<boolean> {
    const pending = await hasPendingChanges(this.client, tx.zone, generation);
    return pending === null ? uploadsPublished(this.client, tx.uploads) : !pending;
  }
}
