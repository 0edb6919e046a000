/** The cache-purge bucket as a purge answer reports it, in the API's `X-RateLimit-*` headers. */
export interface PurgeBucket {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** The purge bucket from a purge answer's headers; null when the service sent none. */
export function purgeBucketOf(headers: Headers): PurgeBucket | null {
  const [limit, remaining, reset] = ['limit', 'remaining', 'reset'].map((h) =>
    Number(headers.get(`x-ratelimit-${h}`) ?? Number.NaN),
  );
  if (![limit, remaining, reset].every((n) => Number.isFinite(n))) return null;
  return { limit: limit ?? 0, remaining: remaining ?? 0, resetSeconds: reset ?? 0 };
}
