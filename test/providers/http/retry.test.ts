import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
} from '../../../src/providers/http/retry.js';

describe('isRetryable', () => {
  it('repeats a 429 for any request: it was not processed', () => {
    expect(isRetryable({ kind: 'status', status: 429 }, 'non-idempotent')).toBe(true);
  });

  it('repeats ambiguous failures (any 5xx, no answer) only for idempotent requests', () => {
    for (const status of [500, 502, 503, 504, 599]) {
      expect(isRetryable({ kind: 'status', status }, 'idempotent')).toBe(true);
      expect(isRetryable({ kind: 'status', status }, 'non-idempotent')).toBe(false);
    }
    expect(isRetryable({ kind: 'network' }, 'idempotent')).toBe(true);
    expect(isRetryable({ kind: 'timeout' }, 'non-idempotent')).toBe(false);
  });

  it('never repeats answers: 2xx, 3xx, 4xx', () => {
    for (const status of [200, 307, 400, 404, 499])
      expect(isRetryable({ kind: 'status', status }, 'idempotent')).toBe(false);
  });
});

describe('retryDelayMs', () => {
  const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

  it('draws uniformly below an exponential ceiling (full jitter)', () => {
    expect([1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, options, () => 0.999, undefined))).toEqual([
      99, 199, 399, 799, 999,
    ]);
    expect(retryDelayMs(3, options, () => 0, undefined)).toBe(0);
  });

  it('follows Retry-After, capped', () => {
    expect(retryDelayMs(1, options, () => 0.5, 2000)).toBe(2000);
    expect(retryDelayMs(1, options, () => 0.5, 60_000)).toBe(5000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2024-01-01T00:00:00Z');

  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 31 Dec 2023 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent or invalid values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
