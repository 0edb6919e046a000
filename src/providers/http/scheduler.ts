import { type Logger, silentLogger } from '../../model/logger.js';
import { RateLimitWaitError } from './errors.js';
import { FixedWindow, type SentRequest, type WindowAnswer, type WindowWait } from './fixed-window.js';
import { type AnswerHeaders, intHeader } from './headers.js';
import { onAbort } from './on-abort.js';
import { parseRetryAfter } from './retry.js';
import { realSleep } from './sleep.js';

/**
 * The rate-limit scheduler of one service (one per provider, shared by all its transports): every attempt the
 * transport sends waits here for a slot, so a run sends as fast as the service allows and no faster.
 *
 * Contract:
 * - Budget: the service's fixed window as documented (fixed-window.ts): the documented limit until the service
 *   announces its own (`X-RateLimit-Limit`), never more than this client's `share` when one is set, never more than
 *   the service says is left (`X-RateLimit-Remaining`, requests in flight counted as spent) before its reset.
 * - 429: nothing is sent until `Retry-After` (else Reset, else one window) has passed; then the whole budget again.
 * - Waits: none longer than `maxWaitMs` is made. The requests waiting are refused with a RateLimitWaitError that
 *   says when the next request may go, so a run stops with that instead of hanging (or sending into a spent window).
 * - Concurrency: at most `concurrency` requests in flight: enough to fill a budget over real latencies, few enough
 *   that a window spent by someone else costs few 429s (each request in flight when it fills gets one).
 * - Order: FIFO. Time comes from `now` and `sleep`; the scheduler's clock never runs behind the waits it has made,
 *   so an injected `sleep` that returns at once (tests) still passes every gate.
 * - Waiting is not sending: an attempt's timeout starts when it is sent (attempt-stop.ts), so a queue as long as
 *   many windows costs time, never a timeout. A request whose signal aborts leaves the queue at once, unsent and
 *   uncounted. Each wait says how many requests it holds (`queued`), so a queue that takes longer than a window to
 *   drain can be shown as such.
 */

export { WINDOW_USED } from './fixed-window.js';

export interface RateBudget {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * What the scheduler tells an observer (the CLI's progress and apply report): each wait it starts, with the time it
 * ends, and each answer (or none: `status` undefined), so waits and 429s can be counted and shown as they happen.
 * `perWindow` is the budget it paces to (undefined: none known); `queued`, the requests the wait holds back.
 */
export type RateEvent =
  | {
      type: 'wait';
      service: string;
      at: number;
      until: number;
      why: string;
      perWindow?: number;
      windowMs: number;
      queued: number;
    }
  | { type: 'answer'; service: string; status: number | undefined };

export interface RequestSchedulerOptions {
  /** The service's window; also how long a 429 that says nothing else holds every request. */
  windowMs: number;
  /** The documented requests per window, until the service announces its own; absent: none known. */
  limit?: number;
  /** This client's share of an account that others use too (the user's setting): never more per window. */
  share?: number;
  /** Requests in flight at once; default 8 with a limit or share, 16 without. */
  concurrency?: number;
  /** Longest wait made; a longer one is a RateLimitWaitError. Default 120 s. */
  maxWaitMs?: number;
  /** Names the service in messages, e.g. `DNS`. */
  service?: string;
  /** Waits of 5 s and more are logged (info), unless `onEvent` is set. */
  logger?: Logger;
  /** Told every wait and answer (RateEvent); it then announces waits, not the logger. */
  onEvent?: (event: RateEvent) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** What the scheduler reads from an answer: the transport's exchange (a fetch `Response` fits too). */
export interface ScheduledAnswer {
  status: number;
  headers: AnswerHeaders;
}

export const DEFAULT_SCHEDULER_CONCURRENCY = 8;
const UNPACED_CONCURRENCY = 16;
export const DEFAULT_MAX_RATE_WAIT_MS = 120_000;
const LOGGED_WAIT_MS = 5_000;

/** A request waiting for a slot; either way it leaves, it stops listening to its signal. */
interface Waiting {
  resolve(sent: SentRequest): void;
  reject(error: Error): void;
}

export class RequestScheduler {
  private readonly window: FixedWindow;
  private readonly concurrency: number;
  private readonly maxWaitMs: number;
  private readonly service: string;
  private readonly logger: Logger;
  private readonly onEvent: ((event: RateEvent) => void) | undefined;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly waiting: Waiting[] = [];
  private waitedUntil = 0;
  /** When the earliest timer set fires; Infinity when none is. */
  private wakeAt = Number.POSITIVE_INFINITY;

  constructor(options: RequestSchedulerOptions) {
    this.window = new FixedWindow(options);
    const paced = options.limit !== undefined || options.share !== undefined;
    this.concurrency = options.concurrency ?? (paced ? DEFAULT_SCHEDULER_CONCURRENCY : UNPACED_CONCURRENCY);
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_RATE_WAIT_MS;
    this.service = options.service ?? 'service';
    this.logger = options.logger ?? silentLogger;
    this.onEvent = options.onEvent;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  /** The budget paced to: requests per window (the announced or documented limit, within the share); none known: undefined. */
  get budget(): RateBudget | undefined {
    const perWindow = this.window.perWindow;
    return perWindow === undefined ? undefined : { limit: perWindow, windowMs: this.windowMs };
  }

  /**
   * Runs one attempt once a slot is free; the attempt resolves to the answer or rejects when none came. With
   * `readHeaders: false` the answer counts as a request whose rate-limit headers say nothing about this window.
   * `signal`: once it aborts, the attempt leaves the queue unsent, rejected with the signal's reason (as
   * `signal.throwIfAborted()` throws it: the caller says what was stopped); once sent, it is the attempt's to stop.
   */
  async run<T extends ScheduledAnswer>(
    attempt: () => Promise<T>,
    { readHeaders = true, signal }: { readHeaders?: boolean; signal?: AbortSignal } = {},
  ): Promise<T> {
    const sent = await new Promise<SentRequest>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      let leave = noop;
      const waiting: Waiting = {
        resolve: (sent) => {
          leave();
          resolve(sent);
        },
        reject: (error) => {
          leave();
          reject(error);
        },
      };
      if (signal)
        leave = onAbort(signal, () => {
          this.waiting.splice(this.waiting.indexOf(waiting), 1);
          reject(signal.reason);
        });
      this.waiting.push(waiting);
      this.pump();
    });
    let answer: T | undefined;
    try {
      answer = await attempt();
      return answer;
    } finally {
      const now = this.clock();
      this.window.answered(sent, now, answer && readHeaders ? windowAnswer(answer, now) : undefined);
      this.onEvent?.({ type: 'answer', service: this.service, status: answer?.status });
      this.pump();
    }
  }

  private clock(): number {
    return Math.max(this.now(), this.waitedUntil);
  }

  /** Starts waiting attempts while slots are free; otherwise sets a timer (or waits for an answer). */
  private pump(): void {
    while (this.waiting.length > 0) {
      if (this.window.requestsInFlight >= this.concurrency) return;
      const now = this.clock();
      const wait = this.window.waitAt(now);
      if (wait.kind === 'answer') return;
      if (wait.kind === 'wait') {
        if (wait.ms > this.maxWaitMs) this.refuseAll(now, wait);
        else this.wakeIn(now, wait);
        return;
      }
      // Stryker disable next-line OptionalChaining: the loop runs only while a request waits
      this.waiting.shift()?.resolve(this.window.send(now));
    }
  }

  private wakeIn(now: number, wait: Extract<WindowWait, { kind: 'wait' }>): void {
    const target = now + wait.ms;
    if (target >= this.wakeAt) return;
    this.wakeAt = target;
    const perWindow = this.window.perWindow;
    this.onEvent?.({
      type: 'wait',
      service: this.service,
      at: now,
      until: target,
      why: wait.why,
      perWindow,
      windowMs: this.windowMs,
      queued: this.waiting.length,
    });
    // An observer announces waits itself (the CLI's progress); without one, a long wait is logged here.
    if (wait.ms >= LOGGED_WAIT_MS && !this.onEvent)
      this.logger.info(`${this.service} rate limit: ${wait.why}; waiting ${Math.ceil(wait.ms / 1000)} s`);
    void this.sleep(wait.ms).then(() => {
      if (this.wakeAt === target) this.wakeAt = Number.POSITIVE_INFINITY;
      this.waitedUntil = Math.max(this.waitedUntil, target);
      this.pump();
    });
  }

  private refuseAll(now: number, wait: Extract<WindowWait, { kind: 'wait' }>): void {
    const { why, ms, ownShare } = wait;
    const error = new RateLimitWaitError(this.service, why, ms, now + ms, this.maxWaitMs, ownShare);
    for (const waiting of this.waiting.splice(0)) waiting.reject(error);
  }
}

function noop(): void {}

function windowAnswer(answer: ScheduledAnswer, now: number): WindowAnswer {
  const remaining = intHeader(answer.headers, 'x-ratelimit-remaining');
  const resetSeconds = intHeader(answer.headers, 'x-ratelimit-reset');
  const limit = intHeader(answer.headers, 'x-ratelimit-limit');
  return {
    status: answer.status,
    reading:
      remaining !== undefined && resetSeconds !== undefined ? { limit, remaining, resetSeconds } : undefined,
    // (An equivalent mutant, not disabled: the condition made true. The window reads retryAfterMs only of a 429.)
    retryAfterMs: answer.status === 429 ? parseRetryAfter(answer.headers.get('retry-after'), now) : undefined,
  };
}
