import { type AnswerHeaders, intHeader } from '../http/headers.js';

/** The cache-purge bucket as a purge answer reports it, in the API's `X-RateLimit-*` headers. */
export interface PurgeBucket {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** The service's purge limit (Oracle Dyn WAS help, "Using the API"): 20 cache purges an hour. */
export const DOCUMENTED_PURGE_LIMIT = 20;

/**
 * The purge bucket from a purge answer's headers; null when the service sent none, or a value that is not a count
 * (read as the request window's headers are: a negative or fractional reading is no reading).
 */
export function purgeBucketOf(headers: AnswerHeaders): PurgeBucket | null {
  const limit = intHeader(headers, 'x-ratelimit-limit');
  const remaining = intHeader(headers, 'x-ratelimit-remaining');
  const resetSeconds = intHeader(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || resetSeconds === undefined) return null;
  return { limit, remaining, resetSeconds };
}

/**
 * What this process knows of the purge bucket. The API reports it only in the answers to purges (the 202 and the
 * 429): no read tells how many purges are left before one is spent. So the bucket is known only after a purge
 * answer of this run, until the reset that answer announced; before that, and after the reset, only the documented
 * limit is known (`known()` is null).
 */
export class PurgeBucketMemory {
  private last: { limit: number; remaining: number; resetAtMs: number } | undefined;

  constructor(private readonly now: () => number) {}

  observe(bucket: PurgeBucket | null): void {
    if (bucket) this.last = { ...bucket, resetAtMs: this.now() + bucket.resetSeconds * 1000 };
  }

  /** The bucket as the last purge answer left it, seconds counted from now; null when unknown or reset since. */
  known(): PurgeBucket | null {
    const last = this.last;
    const now = this.now();
    if (!last || last.resetAtMs <= now) return null;
    const resetSeconds = Math.ceil((last.resetAtMs - now) / 1000);
    return { limit: last.limit, remaining: last.remaining, resetSeconds };
  }

  /** The purge limit: as last announced, else the documented one. */
  limit(): number {
    return this.last?.limit ?? DOCUMENTED_PURGE_LIMIT;
  }
}
