/**
 * The DNS API's rate limit (help.dyn.com, Managed DNS API rate limit): 300 requests per minute per account, counted
 * across all its users and sessions; beyond that every new request of the account is answered 429 for up to 60 s.
 * Modelled as a fixed window that starts at the account's first request: the request that goes over the limit
 * blocks the account until the window ends, and every request until then (answered 429, not processed) counts too.
 * Off unless configured.
 *
 * The 429 body is the envelope with ERR_CD `RATE_LIMIT_EXCEEDED` (what the vendor SDK checks) and the answer has a
 * `Retry-After` in seconds; neither shape is documented by the service (inferred). When the limit is on, every answer
 * also announces it as the WAF API does: `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (seconds left in the window, rounded up). The real service documents no such headers: they
 * let a client that reads them use the emulator's limit exactly; off, the emulator sends none.
 */
import { type ApiResult, error } from './envelope.js';

export interface DnsRateLimitOptions {
  /** Requests per window; default 300. */
  limit?: number;
  /** Window length in ms; default 60 000. */
  windowMs?: number;
}

export const DEFAULT_DNS_RATE_LIMIT = { limit: 300, windowMs: 60_000 } as const;

/** What the limit makes of one request. */
export interface DnsRateDecision {
  /** `X-RateLimit-*` for its answer, whatever the answer is. */
  headers: Record<string, string>;
  /** The 429 to answer with when the account is over its limit; null: the request is served. */
  refusal: ApiResult | null;
}

export class DnsRateLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private windowStart: number | undefined;
  private used = 0;
  private blockedUntil = 0;

  constructor(
    options: DnsRateLimitOptions,
    private readonly now: () => number,
  ) {
    this.limit = options.limit ?? DEFAULT_DNS_RATE_LIMIT.limit;
    this.windowMs = options.windowMs ?? DEFAULT_DNS_RATE_LIMIT.windowMs;
    if (!(this.limit >= 1 && this.windowMs > 0))
      throw new RangeError('DNS rate limit: limit ≥ 1, windowMs > 0');
  }

  /** Counts one request of the account. */
  take(): DnsRateDecision {
    const now = this.now();
    if (this.windowStart === undefined || now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used += 1;
    const windowEnd = this.windowStart + this.windowMs;
    if (this.used > this.limit) this.blockedUntil = Math.max(this.blockedUntil, windowEnd);
    const blocked = now < this.blockedUntil;
    const headers = {
      'X-RateLimit-Limit': String(this.limit),
      'X-RateLimit-Remaining': String(blocked ? 0 : Math.max(0, this.limit - this.used)),
      'X-RateLimit-Reset': String(Math.ceil((windowEnd - now) / 1000)),
    };
    if (!blocked) return { headers, refusal: null };
    const seconds = Math.max(1, Math.ceil((this.blockedUntil - now) / 1000));
    return {
      headers,
      refusal: {
        httpStatus: 429,
        status: 'failure',
        data: {},
        msgs: [error('RATE_LIMIT_EXCEEDED', `rate: Too many requests; try again in ${seconds} seconds`)],
        headers: { 'Retry-After': String(seconds) },
      },
    };
  }
}
