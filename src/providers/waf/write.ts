import type { Logger } from '../../model/logger.js';
import type { ProviderOp, StepWriter } from '../../model/provider.js';
import {
  type DecisionSink,
  type LostAnswerOutcome,
  lostAnswerOutcome,
  notTakenText,
  type Symptom,
} from '../http/decisions.js';
import { TransportError } from '../http/errors.js';
import { isServerError } from '../http/retry.js';
import type { WafClient } from './client.js';
import { WafApiError, WafChangeFailedError, WafChangeTimeoutError, WafVerifyError } from './errors.js';
import { parseWafOp } from './op-schema.js';
import type { SetGoodBotsOp } from './ops.js';
import { purgeResolved } from './purge.js';
import { readGoodBots } from './read.js';
import { ChangeAccepted, ChangeStatus, parseWire } from './wire.js';
import { bulkGoodBotsRequest, changeStarted, changeStatusRequest } from './write-api.js';

export interface WafWriterOptions {
  sleep: (ms: number) => Promise<void>;
  /** The clock of the purge messages; default `Date.now`. */
  now?: () => number;
  logger: Logger;
  /** Bound on the total wait for one change (sum of poll delays); default 5 min. */
  changeTimeoutMs?: number;
  /** Told of every decision about a lost answer (http/decisions.ts). */
  onDecision?: DecisionSink;
}

/**
 * Times the bulk PUT is sent in all, when reads keep proving an earlier send did not take effect (its answer lost,
 * or its change failed and undone). Each costs a few requests of the hourly budget.
 */
const MAX_SENDS = 4;

/**
 * Change polling: first poll after 1 s, then doubling to at most 5 s (the proposed contract asks for 2–5 s; the first poll
 * is earlier because a small good-bots change is usually done within a second, and every poll costs one request of
 * the hourly budget either way).
 */
const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 5000;
export const DEFAULT_CHANGE_TIMEOUT_MS = 300_000;

/**
 * Executes a `set-good-bots` op: one bulk PUT with only the bots that differ, then (on 202) polls the change until
 * it has finished, then reads the good bots back and checks every bot of the op. `failed` is a
 * WafChangeFailedError naming the webapp and change; a read-back that differs is a WafVerifyError.
 */
export class WafWriter implements StepWriter {
  constructor(
    private readonly client: WafClient,
    private readonly options: WafWriterOptions,
  ) {}

  /** Sends one op, after checking it is a valid WAF op (op-schema.ts). A purge is never repeated (purge.ts). */
  async execute(input: ProviderOp): Promise<void> {
    const op = parseWafOp(input);
    if (op.kind === 'purge-cache') {
      const { sleep, now, changeTimeoutMs } = this.options;
      await purgeResolved(this.client, { id: op.webappId, name: op.webapp }, op.paths, {
        sleep,
        now: now ?? Date.now,
        timeoutMs: changeTimeoutMs,
      });
      return;
    }
    await this.change(op);
    await this.verify(op);
  }

  /**
   * The bulk PUT, until its change is known to be made. It is not repeated blindly after an ambiguous failure (5xx,
   * reset, timeout), although it sets absolute values: when the first attempt was applied, a repeat answers 200
   * "nothing changed" with no change_id while the first change may still be in flight. So a lost answer is settled
   * by reading the webapp's good bots (401 and 429 are repeated by the client: those requests were not processed):
   *
   * | read `GET …/good_bots` shows        | proves                                   | then                          |
   * |-------------------------------------|------------------------------------------|-------------------------------|
   * | every bot of the op as asked        | the change was accepted (GET shows a     | go on: verified by reading    |
   * |                                     | change's requested state once accepted)  |                               |
   * | not every bot as asked              | not accepted, or accepted but held back  | send it again: a 202 is a new |
   * |                                     | until it finishes (a service that shows  | change, polled; a 200 means   |
   * |                                     | a change only once done)                 | ours is queued: read again    |
   * | the read fails too                  | nothing                                  | fail the step (not converged) |
   *
   * A change that ends `failed` was undone by the service; a read of the bots proves it, and the PUT is sent again.
   *
   * The one case no read settles: a change accepted, shown, and later ending `failed` (the service then puts the
   * bots back). Its id was in the lost answer, so it cannot be polled; the check-plan after the apply sees the bots
   * back and reports the webapp not converged.
   */
  private async change(op: SetGoodBotsOp): Promise<void> {
    const request = bulkGoodBotsRequest(op);
    const label = `${request.method} ${request.path}`;
    for (let sent = 1; ; sent++) {
      let res: Awaited<ReturnType<WafClient['call']>>;
      try {
        // Stryker disable next-line StringLiteral: equivalent, the transport repeats only what is declared 'idempotent'
        res = await this.client.call({ ...request, retryable: 'non-idempotent', cancellable: false });
      } catch (error) {
        const symptom = lostAnswer(error);
        if (symptom === null) throw error;
        const outcome = lostAnswerOutcome((await this.mismatches(op)).length === 0, sent, MAX_SENDS);
        this.decide(symptom, outcome, label, op);
        if (outcome === 'took-effect') return;
        if (outcome === 'gave-up') throw error;
        continue;
      }
      if (changeStarted(res.status)) {
        const { change_id } = parseWire(ChangeAccepted, res.json, `webapp ${op.webapp}: PUT ${res.path}`);
        try {
          return await this.waitForChange(op, change_id);
        } catch (error) {
          // A failed change was undone by the service (the bots it touched put back): a read proves it, and
          // the PUT is sent again as a new change.
          if (!(error instanceof WafChangeFailedError) || sent >= MAX_SENDS) throw error;
          const shown = (await this.mismatches(op)).length === 0;
          this.options.onDecision?.({
            symptom: 'change-failed',
            decision: shown ? 'took-effect' : 'sent-again',
            request: label,
          });
          this.options.logger.info(
            `waf: ${error.message}; the good bots show it ${shown ? 'as asked: going on' : 'undone: sending it again'}`,
          );
          if (shown) return;
          continue;
        }
      }
      // 200 after a lost answer: nothing left to change, the earlier send's change is queued; wait until it shows.
      if (sent > 1) return this.waitUntilShown(op);
      return;
    }
  }

  private decide(symptom: Symptom, decision: LostAnswerOutcome, request: string, op: SetGoodBotsOp): void {
    this.options.onDecision?.({ symptom, decision, request });
    this.options.logger.info(
      `waf: ${request}: the answer was lost; the good bots of ${op.webapp} show it ` +
        (decision === 'took-effect'
          ? 'took effect: going on'
          : `did not take effect: ${notTakenText(decision, MAX_SENDS)}`),
    );
  }

  /** Polls the good bots (as a change is polled) until they show the op; a change that never shows times out. */
  private async waitUntilShown(op: SetGoodBotsOp): Promise<void> {
    const timeout = this.options.changeTimeoutMs ?? DEFAULT_CHANGE_TIMEOUT_MS;
    let delay = FIRST_POLL_MS;
    let waited = 0;
    for (;;) {
      if ((await this.mismatches(op)).length === 0) return;
      if (waited + delay > timeout)
        throw new WafChangeTimeoutError(op.webapp, '(id lost with its answer)', waited, 'not shown');
      await this.options.sleep(delay);
      waited += delay;
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  }

  private async waitForChange(op: SetGoodBotsOp, changeId: string): Promise<void> {
    const timeout = this.options.changeTimeoutMs ?? DEFAULT_CHANGE_TIMEOUT_MS;
    const request = changeStatusRequest(op.webappId, changeId);
    let delay = FIRST_POLL_MS;
    let waited = 0;
    let last = 'pending';
    for (;;) {
      if (waited + delay > timeout) throw new WafChangeTimeoutError(op.webapp, changeId, waited, last);
      this.options.logger.debug(`waf: change ${changeId} of ${op.webapp} is ${last}; polling in ${delay} ms`);
      await this.options.sleep(delay);
      waited += delay;
      const res = await this.client.call({ ...request, retryable: 'idempotent', cancellable: false });
      const change = parseWire(ChangeStatus, res.json, `webapp ${op.webapp}: GET ${res.path}`);
      if (change.status === 'finished') return;
      if (change.status === 'failed')
        throw new WafChangeFailedError(op.webapp, changeId, change.errors ?? []);
      last = change.status;
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  }

  private async verify(op: SetGoodBotsOp): Promise<void> {
    const mismatches = await this.mismatches(op);
    if (mismatches.length > 0) throw new WafVerifyError(op.webapp, mismatches);
  }

  /** Reads the webapp's good bots: each bot of the op not in the state it asks for, named. */
  private async mismatches(op: SetGoodBotsOp): Promise<string[]> {
    const { bots } = await readGoodBots(this.client, { id: op.webappId, name: op.webapp }, false);
    const byId = new Map(bots.map((bot) => [bot.id, bot]));
    return [
      ...op.enable
        .filter((id) => byId.get(id)?.enabled !== true)
        .map((id) => `${byId.get(id)?.name ?? id} not enabled`),
      ...op.disable
        .filter((id) => byId.get(id)?.enabled !== false)
        .map((id) => `${byId.get(id)?.name ?? id} not disabled`),
    ];
  }
}

/** What a lost answer to the PUT looked like, or null when `error` is an answer (a refusal). */
function lostAnswer(error: unknown): Symptom | null {
  if (error instanceof TransportError) return error.failure;
  // Stryker disable next-line ConditionalExpression: equivalent, no other error the client throws has a `status`
  if (error instanceof WafApiError) {
    return isServerError(error.status) ? 'http-5xx' : null;
  }
  return null;
}
