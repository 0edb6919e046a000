import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
} from '../../../src/providers/http/retry.js';

/** The edges of the retry rules a one-digit Retry-After and the common cases leave open. */

describe('isRetryable: network errors and timeouts', () => {
  it('repeats both for an idempotent request and neither for another', () => {
    expect(isRetryable({ kind: 'network' }, 'idempotent')).toBe(true);
    expect(isRetryable({ kind: 'timeout' }, 'idempotent')).toBe(true);
    expect(isRetryable({ kind: 'network' }, 'non-idempotent')).toBe(false);
    expect(isRetryable({ kind: 'timeout' }, 'non-idempotent')).toBe(false);
  });

  it('repeats any 5xx for a request safe to repeat, none for one that is not, and no 4xx but 429', () => {
    for (const status of [500, 501, 505, 599]) {
      expect(isRetryable({ kind: 'status', status }, 'idempotent')).toBe(true);
      expect(isRetryable({ kind: 'status', status }, 'non-idempotent')).toBe(false);
    }
    for (const status of [400, 404, 499, 600])
      expect(isRetryable({ kind: 'status', status }, 'idempotent')).toBe(false);
  });
});

describe('parseRetryAfter: every digit counts, and only digits', () => {
  const now = Date.parse('2024-01-01T00:00:00Z');

  it('reads multi-digit delta-seconds, surrounding blanks allowed', () => {
    expect(parseRetryAfter('60', now)).toBe(60_000);
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 15 ', now)).toBe(15_000);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('refuses seconds followed or preceded by anything else', () => {
    expect(parseRetryAfter('15s', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).not.toBe(-5000);
  });

  it('an HTTP date is the time left until it, never negative', () => {
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:00 GMT', now)).toBe(0);
  });
});

describe('retryDelayMs: the ceiling', () => {
  it('doubles from the base and stops at maxDelayMs; a Retry-After of 0 is honoured as 0', () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 250, maxRetryAfterMs: 5000 };
    expect(retryDelayMs(1, options, () => 0.5, undefined)).toBe(50);
    expect(retryDelayMs(2, options, () => 0.5, undefined)).toBe(100);
    expect(retryDelayMs(3, options, () => 0.5, undefined)).toBe(125);
    expect(retryDelayMs(1, options, () => 0.5, 0)).toBe(0);
    expect(retryDelayMs(1, options, () => 0.5, 5000)).toBe(5000);
  });
});
