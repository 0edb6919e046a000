/**
 * The WAF API's request budget (this emulator's design: nothing public describes it): a fixed window per client IP
 * that starts at that IP's first request; every request counts (token endpoint, 401/403/404 and 429 answers
 * included: "any API request"). Every response carries the three headers; over the limit the answer is 429 with
 * `Retry-After` equal to Reset.
 */

export interface RateLimitOptions {
  /** Requests per window; default 500. */
  limit: number;
  /** Window length in seconds; default 3600. */
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 500, windowSeconds: 3600 };

export interface RateDecision {
  headers: Record<string, string>;
  exceeded: boolean;
  /** Seconds until the window resets (what Reset and Retry-After say). */
  resetSeconds: number;
}

interface Window {
  startMs: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {}

  /** Counts one request from `ip` and says whether it is over the limit. */
  take(ip: string): RateDecision {
    const nowMs = this.now();
    const windowMs = this.options.windowSeconds * 1000;
    let window = this.windows.get(ip);
    if (!window || nowMs - window.startMs >= windowMs) {
      window = { startMs: nowMs, used: 0 };
      this.windows.set(ip, window);
    }
    window.used += 1;
    const exceeded = window.used > this.options.limit;
    const resetSeconds = Math.max(0, Math.ceil((window.startMs + windowMs - nowMs) / 1000));
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(this.options.limit),
      'X-RateLimit-Remaining': String(Math.max(0, this.options.limit - window.used)),
      'X-RateLimit-Reset': String(resetSeconds),
    };
    if (exceeded) headers['Retry-After'] = String(resetSeconds);
    return { headers, exceeded, resetSeconds };
  }
}
