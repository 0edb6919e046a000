import { intHeader } from './headers.js';
import { parseRetryAfter } from './retry.js';
import { realSleep } from './sleep.js';

/**
 * The rate-limit scheduler of one service (one per provider, shared by all its transports): every attempt the
 * transport sends waits here for a slot, so a run sends as fast as the service allows and no faster.
 *
 * Contract:
 * - Budget: at most `limit` requests in any `windowMs`. A request holds its slot from the moment it is sent until
 *   `windowMs` after its answer came back: the server counted it at some instant in between, so no window of the
 *   server's (fixed or sliding, whatever its latency) can see more than `limit` of ours. The cost is one latency per
 *   window (about 2 % at 20 ms per 1 s window, nothing at 60 s windows).
 * - Concurrency: at most `concurrency` requests in flight, high enough to fill the budget over real latencies.
 * - Headers: when answers carry `X-RateLimit-Limit/Remaining/Reset` (Reset = seconds left), the server's count wins
 *   over ours: with none remaining (requests still in flight counted as spent) nothing is sent until the reset, if
 *   that is at most `maxHeaderWaitMs` away (a longer wait is the caller's to refuse or make; the WAF client stops
 *   with a message). The budget still applies too: it holds between answers and for servers without headers.
 * - 429: nothing is sent until `Retry-After` (else Reset, else one window) has passed, and the budget is halved (another
 *   client may share the account); it grows back by a tenth of the configured budget per window without a 429.
 * - Order: FIFO. Time comes from `now` and `sleep`; the scheduler's clock never runs behind the waits it has made,
 *   so an injected `sleep` that returns at once (tests) still passes every gate.
 */

export interface RateBudget {
  /** Requests allowed in any window. */
  limit: number;
  windowMs: number;
}

export interface RequestSchedulerOptions {
  budget: RateBudget;
  /** Requests in flight at once; default 16. */
  concurrency?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Longest wait made for a header-reported reset; default 120 s. */
  maxHeaderWaitMs?: number;
}

/** What the scheduler reads from an answer: a fetch `Response` fits. */
export interface ScheduledAnswer {
  status: number;
  headers: Headers;
}

export const DEFAULT_SCHEDULER_CONCURRENCY = 16;
const DEFAULT_MAX_HEADER_WAIT_MS = 120_000;

export class RequestScheduler {
  private readonly windowMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxHeaderWaitMs: number;
  private readonly waiting: (() => void)[] = [];
  /** When each answered request came back, non-decreasing; entries before `head` have left the window. */
  private readonly answered: number[] = [];
  private head = 0;
  private inFlight = 0;
  private readonly ceiling: number;
  private limit: number;
  private pausedUntil = 0;
  private lastAdjusted = 0;
  private server: { remaining: number; resetAt: number } | undefined;
  private waitedUntil = 0;
  private timerSet = false;

  constructor(options: RequestSchedulerOptions) {
    this.ceiling = Math.max(1, Math.floor(options.budget.limit));
    this.limit = this.ceiling;
    this.windowMs = options.budget.windowMs;
    this.concurrency = options.concurrency ?? DEFAULT_SCHEDULER_CONCURRENCY;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.maxHeaderWaitMs = options.maxHeaderWaitMs ?? DEFAULT_MAX_HEADER_WAIT_MS;
  }

  /** The current budget per window (lower than configured after a 429). */
  get currentLimit(): number {
    return this.limit;
  }

  /** Runs one attempt once a slot is free; the attempt resolves to the answer or rejects when none came. */
  async run<T extends ScheduledAnswer>(attempt: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
    let answer: T | undefined;
    try {
      answer = await attempt();
      return answer;
    } finally {
      this.settle(answer);
    }
  }

  private clock(): number {
    return Math.max(this.now(), this.waitedUntil);
  }

  /** Starts waiting attempts while slots are free; otherwise sets one timer (or waits for an answer). */
  private pump(): void {
    while (this.waiting.length > 0) {
      const wait = this.waitMs(this.clock());
      if (wait === 'answer') return;
      if (wait > 0) {
        this.wakeIn(wait);
        return;
      }
      this.inFlight += 1;
      if (this.server) this.server.remaining -= 1;
      this.waiting.shift()?.();
    }
  }

  private waitMs(now: number): number | 'answer' {
    if (this.inFlight >= this.concurrency) return 'answer';
    if (now < this.pausedUntil) return this.pausedUntil - now;
    const header = this.headerWaitMs(now);
    if (header > 0) return header;
    while (this.head < this.answered.length && (this.answered[this.head] as number) + this.windowMs <= now)
      this.head += 1;
    if (this.head > 1024) {
      this.answered.splice(0, this.head);
      this.head = 0;
    }
    const inWindow = this.answered.length - this.head;
    if (this.inFlight + inWindow < this.limit) return 0;
    if (inWindow === 0) return 'answer';
    return (this.answered[this.head] as number) + this.windowMs - now;
  }

  private headerWaitMs(now: number): number {
    if (!this.server) return 0;
    if (now >= this.server.resetAt) {
      this.server = undefined;
      return 0;
    }
    if (this.server.remaining > 0) return 0;
    const wait = this.server.resetAt - now;
    return wait <= this.maxHeaderWaitMs ? wait : 0;
  }

  private wakeIn(ms: number): void {
    if (this.timerSet) return;
    this.timerSet = true;
    const target = this.clock() + ms;
    void this.sleep(ms).then(() => {
      this.timerSet = false;
      this.waitedUntil = Math.max(this.waitedUntil, target);
      this.pump();
    });
  }

  private settle(answer: ScheduledAnswer | undefined): void {
    const now = this.clock();
    this.inFlight -= 1;
    this.answered.push(now);
    if (answer) this.observe(answer, now);
    this.pump();
  }

  private observe(answer: ScheduledAnswer, now: number): void {
    const remaining = intHeader(answer.headers, 'x-ratelimit-remaining');
    const reset = intHeader(answer.headers, 'x-ratelimit-reset');
    if (remaining !== undefined && reset !== undefined) {
      // Requests still in flight may not be counted in `remaining` yet: count them as spent.
      this.server = { remaining: remaining - this.inFlight, resetAt: now + reset * 1000 };
    }
    if (answer.status === 429) {
      const retryAfter = parseRetryAfter(answer.headers.get('retry-after'), now);
      const pause = retryAfter ?? (reset !== undefined ? reset * 1000 : this.windowMs);
      this.pausedUntil = Math.max(this.pausedUntil, now + pause);
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      // Windows without a 429 are counted from the end of the pause.
      this.lastAdjusted = this.pausedUntil;
    } else if (this.limit < this.ceiling && now - this.lastAdjusted >= this.windowMs) {
      this.limit = Math.min(this.ceiling, this.limit + Math.max(1, Math.ceil(this.ceiling / 10)));
      this.lastAdjusted = now;
    }
  }
}
