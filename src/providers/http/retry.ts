/**
 * When the transport repeats a request, and how long it waits first.
 *
 * What is retried and why:
 * - HTTP 429: the server refused the request before processing it, so resending is safe for ANY method, a POST
 *   included. We wait for `Retry-After` when given (the Dyn service blocks an account for up to 60 s).
 * - Any 5xx (500 included), network errors and timeouts: ambiguous, the request may or may not have been applied.
 *   They are retried only when the caller declares the request idempotent (`retryable: 'idempotent'`): reads, a
 *   login or token request, a PUT that sets a resource to a given value, a DELETE by id. The caller decides because
 *   only it knows what a repeat means (a POST that adds a record would add it twice or fail with "already exists");
 *   a caller of a non-idempotent request finds out what happened by reading (the Dyn and WAF writers do). A 500 is
 *   retried like a 502: a service's transient fault answers 500 as often as its proxy answers 502, and a
 *   deterministic one costs only the few attempts of `retries`.
 * - Anything else (2xx, 3xx, 4xx) is an answer and is returned to the caller as is.
 */

/** How the caller classifies a request; see the module comment. */
export type RetryPolicy = 'idempotent' | 'non-idempotent';

export interface RetryOptions {
  /** Extra attempts after the first one. */
  retries: number;
  /** Base of the exponential backoff: the ceiling of attempt n's delay is baseDelayMs * 2^(n-1). */
  baseDelayMs: number;
  /** Ceiling of a backoff delay. */
  maxDelayMs: number;
  /** Ceiling of a server-requested `Retry-After` wait. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

/** The outcome of one attempt, as far as retrying is concerned. */
export type AttemptOutcome = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'timeout' };

export function isRetryable(outcome: AttemptOutcome, policy: RetryPolicy): boolean {
  if (outcome.kind === 'status') {
    if (outcome.status === 429) return true;
    return isServerError(outcome.status) && policy === 'idempotent';
  }
  return policy === 'idempotent';
}

/** 5xx: the service or its proxy failed; whether the request was applied first is unknown. */
export function isServerError(status: number): boolean {
  return status >= 500 && status <= 599;
}

/**
 * Delay before retry number `retry` (1-based). Exponential backoff with full jitter (a uniform draw between 0 and
 * the ceiling) spreads parallel clients apart; a `Retry-After` from the server wins, capped at maxRetryAfterMs.
 */
export function retryDelayMs(
  retry: number,
  options: RetryOptions,
  random: () => number,
  retryAfterMs: number | undefined,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxRetryAfterMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as milliseconds from `nowMs`: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
