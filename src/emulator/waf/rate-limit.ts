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

/** One fixed window: when it started (the first request of it) and the requests counted in it. */
export interface FixedWindow {
  startMs: number;
  used: number;
}

/**
 * Counts one request in `window` (undefined, or over: a new window starts now) and says whether it is over the
 * limit; returns the window as it is after the request, for the caller to keep (in memory, or in the state file).
 */
export function countRequest(
  window: FixedWindow | undefined,
  options: RateLimitOptions,
  nowMs: number,
): { window: FixedWindow; decision: RateDecision } {
  const windowMs = options.windowSeconds * 1000;
  const current = !window || nowMs - window.startMs >= windowMs ? { startMs: nowMs, used: 0 } : window;
  const after = { startMs: current.startMs, used: current.used + 1 };
  const exceeded = after.used > options.limit;
  const resetSeconds = Math.max(0, Math.ceil((after.startMs + windowMs - nowMs) / 1000));
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(options.limit),
    'X-RateLimit-Remaining': String(Math.max(0, options.limit - after.used)),
    'X-RateLimit-Reset': String(resetSeconds),
  };
  if (exceeded) headers['Retry-After'] = String(resetSeconds);
  return { window: after, decision: { headers, exceeded, resetSeconds } };
}

export class RateLimiter {
  private readonly windows = new Map<string, FixedWindow>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {}

  /** Counts one request from `ip` and says whether it is over the limit. */
  take(ip: string): RateDecision {
    const { window, decision } = countRequest(this.windows.get(ip), this.options, this.now());
    this.windows.set(ip, window);
    return decision;
  }
}
