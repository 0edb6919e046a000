import type { Logger } from '../../model/logger.js';
import type { RateLimitStatus } from '../../model/waf.js';
import { type AnswerHeaders, intHeader } from '../http/headers.js';
import { abortableSleep } from '../http/sleep.js';
import { WafRateLimitError } from './errors.js';

/** The window as last reported: `resetAtMs` is absolute, computed from `X-RateLimit-Reset` (seconds left). */
export interface RateWindow {
  limit: number;
  remaining: number;
  resetAtMs: number;
}

export interface RateLimitTrackerOptions {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  logger: Logger;
  /** Longest wait for a window reset; a longer one is a WafRateLimitError instead (default 120 s). */
  maxWaitMs: number;
}

/** Up to one second of jitter on every rate-limit wait, so parallel clients do not all retry in the same instant. */
const JITTER_MS = 1000;

/**
 * Paces the WAF client by the service's rate-limit headers (Oracle Dyn WAS help, "Using the API": 500 requests per hour per IP, every
 * response reports `X-RateLimit-Limit/Remaining/Reset`).
 *
 * - Before a request, when the last answer said `Remaining: 0` and the window has not reset yet, wait until it
 *   resets (plus jitter): sending now would only earn a 429 and, on the real service, maybe a longer block.
 * - After a 429, wait `Retry-After`, else `X-RateLimit-Reset`, plus jitter; the caller caps the attempts.
 * - A wait longer than `maxWaitMs` is not made: a run does not hang for most of an hour. It throws
 *   WafRateLimitError saying when the window resets, so the user can rerun then.
 */
export class RateLimitTracker {
  private window: RateWindow | undefined;

  constructor(private readonly options: RateLimitTrackerOptions) {}

  observe(headers: AnswerHeaders): void {
    const limit = intHeader(headers, 'x-ratelimit-limit');
    const remaining = intHeader(headers, 'x-ratelimit-remaining');
    const reset = intHeader(headers, 'x-ratelimit-reset');
    if (limit === undefined || remaining === undefined || reset === undefined) return;
    this.window = { limit, remaining, resetAtMs: this.options.now() + reset * 1000 };
  }

  /** `signal`: the wait is cut short when it aborts (the request is then refused unsent by the transport). */
  async beforeRequest(signal?: AbortSignal): Promise<void> {
    const window = this.current();
    if (!window || window.remaining > 0) return;
    await this.wait(window.resetAtMs - this.options.now(), 'no requests left in this window', signal);
    if (!signal?.aborted) this.window = undefined;
  }

  /** After a 429: wait as the server says, then let the caller retry. */
  async afterTooMany(headers: AnswerHeaders, signal?: AbortSignal): Promise<void> {
    const retryAfter = intHeader(headers, 'retry-after') ?? intHeader(headers, 'x-ratelimit-reset') ?? 1;
    await this.wait(retryAfter * 1000, 'HTTP 429', signal);
    if (!signal?.aborted) this.window = undefined;
  }

  /** The window now: a window whose reset time has passed is a fresh one with the whole limit left. */
  current(): RateWindow | undefined {
    const window = this.window;
    if (!window || window.resetAtMs > this.options.now()) return window;
    return { limit: window.limit, remaining: window.limit, resetAtMs: window.resetAtMs };
  }

  /** For the plan: the status as seconds from now. */
  status(): RateLimitStatus | null {
    const window = this.current();
    if (!window) return null;
    const resetSeconds = Math.max(0, Math.ceil((window.resetAtMs - this.options.now()) / 1000));
    return { limit: window.limit, remaining: window.remaining, resetSeconds };
  }

  private async wait(ms: number, reason: string, signal: AbortSignal | undefined): Promise<void> {
    const base = Math.max(0, ms);
    if (base > this.options.maxWaitMs) {
      throw new WafRateLimitError(
        this.window?.limit,
        Math.ceil(base / 1000),
        Math.round(this.options.maxWaitMs / 1000),
      );
    }
    const delay = base + Math.floor(this.options.random() * JITTER_MS);
    this.options.logger.warn(
      `waf: ${reason}; waiting ${Math.ceil(delay / 1000)} s for the rate-limit window to reset`,
    );
    await abortableSleep(this.options.sleep, delay, signal);
  }
}
