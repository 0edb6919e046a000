import { describe, expect, it } from 'vitest';
import { purgeBucketOf } from '../../../src/providers/waf/purge-bucket.js';

const headers = (limit: string, remaining: string, reset: string) =>
  new Headers({ 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': remaining, 'X-RateLimit-Reset': reset });

describe('purgeBucketOf', () => {
  it('reads the bucket a purge answer reports', () => {
    expect(purgeBucketOf(headers('20', '0', '3599'))).toEqual({
      limit: 20,
      remaining: 0,
      resetSeconds: 3599,
    });
  });

  it('takes a missing header, or one that is not a count (negative, fractional, text), as no reading', () => {
    expect(purgeBucketOf(new Headers({ 'X-RateLimit-Limit': '20', 'X-RateLimit-Reset': '60' }))).toBeNull();
    expect(purgeBucketOf(headers('20', '-1', '60'))).toBeNull();
    expect(purgeBucketOf(headers('20', '1.5', '60'))).toBeNull();
    expect(purgeBucketOf(headers('twenty', '1', '60'))).toBeNull();
    expect(purgeBucketOf(headers('20', '1', '-60'))).toBeNull();
  });
});
