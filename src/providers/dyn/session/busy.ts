/**
 * The service's "busy" refusals (vendor docs, "Managed DNS API error codes"), and how long the client waits them out.
 *
 * - `token: This session already has a job running` (OPERATION_FAILED, status `running` or `incomplete`): the
 *   session's previous request became a job and still runs; the service allows one job per session.
 * - `zone: Operation blocked by current task` (ILLEGAL_OPERATION, with `task_name:`/`task_id:` messages): a zone
 *   task (provisioning, a publish in progress) holds the zone.
 *
 * Both are answered BEFORE the request is processed, so repeating it is safe for every method, a POST that adds a
 * record included: nothing was applied. The client waits and repeats, with a doubling delay from 1 s to 8 s, at
 * most 6 attempts (about 23 s of waiting, under the 30 s after which the vendor's SDK gives up on a blocking task).
 * Then it gives up with DynBusyError, which says that this request was not applied.
 */
import { EdgeplanError } from '../../../model/edgeplan-error.js';
import type { Logger } from '../../../model/logger.js';
import type { DecisionSink } from '../../http/decisions.js';
import { DynApiError } from '../errors.js';

export type BusyReason = 'job-running' | 'task-blocked';

export interface BusyPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_BUSY_POLICY: BusyPolicy = { attempts: 6, firstDelayMs: 1000, maxDelayMs: 8000 };

/** Which busy refusal an error is, or null when it is something else. */
export function busyReason(error: unknown): BusyReason | null {
  if (!(error instanceof DynApiError)) return null;
  const texts = error.messages.map((m) => m.INFO ?? '');
  if (texts.some((t) => /already has a job running/i.test(t))) return 'job-running';
  if (texts.some((t) => /blocked by current task/i.test(t))) return 'task-blocked';
  return null;
}

/** The service stayed busy for every attempt: the request was refused each time, so it was NOT applied. */
export class DynBusyError extends EdgeplanError {
  override readonly code = 'EP2108';
  override readonly name = 'DynBusyError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly reason: BusyReason,
    readonly attempts: number,
    readonly waitedMs: number,
    options: { cause: unknown },
  ) {
    const why = reason === 'job-running' ? 'the session already had a job running' : 'a zone task blocked it';
    super(
      `${method} ${path}: refused ${attempts} times over ${Math.round(waitedMs / 1000)} s because ${why}; ` +
        'the request was not applied',
      options,
    );
  }
}

/** Runs `attempt`, waiting out busy refusals as the module comment says; other errors pass through at once. */
export async function retryWhileBusy<T>(
  attempt: () => Promise<T>,
  context: {
    method: string;
    path: string;
    logger: Logger;
    sleep: (ms: number) => Promise<void>;
    onDecision?: DecisionSink;
  },
  policy: BusyPolicy = DEFAULT_BUSY_POLICY,
): Promise<T> {
  let delay = policy.firstDelayMs;
  let waited = 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const reason = busyReason(error);
      if (reason === null) throw error;
      if (n >= policy.attempts) {
        throw new DynBusyError(context.method, context.path, reason, n, waited, { cause: error });
      }
      context.logger.debug(
        `dyn: ${context.method} ${context.path} refused (${reason}); retrying in ${delay}ms`,
      );
      context.onDecision?.({
        symptom: reason === 'job-running' ? 'busy-job-running' : 'busy-task',
        decision: 'waited',
        request: `${context.method} ${context.path}`,
      });
      await context.sleep(delay);
      waited += delay;
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}
