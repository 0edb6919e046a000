import { describe, expect, it } from 'vitest';
import { liveMatchesDesired, liveRecordSetValue } from '../../../src/plan/diff/live-value.js';

/** Whether a live set needs an update (a false "matches" hides a change; a false "differs" rewrites forever). */

const rec = (value: string, ttl = 300, ref = value) => ({ value, ttl, ref });

describe('liveMatchesDesired', () => {
  it('matches the same values in any order, a value held twice live counting once', () => {
    const live = [rec('192.0.2.2'), rec('192.0.2.1'), rec('192.0.2.1', 300, 'dup')];
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1', '192.0.2.2'] })).toBe(true);
  });

  it('differs when one value is replaced by another (same count)', () => {
    const live = [rec('192.0.2.1'), rec('192.0.2.2')];
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1', '192.0.2.3'] })).toBe(false);
  });

  it('differs when a value is missing or extra', () => {
    const live = [rec('192.0.2.1'), rec('192.0.2.2')];
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1'] })).toBe(false);
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1', '192.0.2.2', '192.0.2.3'] })).toBe(
      false,
    );
  });

  it('one live record: matches only the one value at the same TTL, never the first of several values', () => {
    const live = [rec('192.0.2.1', 300)];
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1'] })).toBe(true);
    expect(liveMatchesDesired(live, { ttl: 60, values: ['192.0.2.1'] })).toBe(false);
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.9'] })).toBe(false);
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1', '192.0.2.2'] })).toBe(false);
    expect(liveMatchesDesired(live, { ttl: 300, values: [] })).toBe(false);
  });

  it('differs when any one record has another TTL', () => {
    const live = [rec('192.0.2.1', 300), rec('192.0.2.2', 60)];
    expect(liveMatchesDesired(live, { ttl: 300, values: ['192.0.2.1', '192.0.2.2'] })).toBe(false);
  });
});

describe('liveRecordSetValue', () => {
  it('shows the most common TTL, the smallest on a tie, and marks mixed TTLs', () => {
    expect(
      liveRecordSetValue('A', [rec('192.0.2.1', 60), rec('192.0.2.2', 300), rec('192.0.2.3', 300)]),
    ).toEqual({ ttl: 300, values: ['192.0.2.1', '192.0.2.2', '192.0.2.3'], mixedTtls: true });
    expect(liveRecordSetValue('A', [rec('192.0.2.1', 300), rec('192.0.2.2', 60)])).toEqual({
      ttl: 60,
      values: ['192.0.2.1', '192.0.2.2'],
      mixedTtls: true,
    });
    expect(liveRecordSetValue('A', [rec('192.0.2.1', 60), rec('192.0.2.2', 300)]).ttl).toBe(60);
  });

  it('has no mixedTtls key when the records agree, and sorts values in the type order once each', () => {
    const value = liveRecordSetValue('A', [rec('192.0.2.10'), rec('192.0.2.9'), rec('192.0.2.9', 300, 'x')]);
    expect(value).toEqual({ ttl: 300, values: ['192.0.2.9', '192.0.2.10'] });
    expect(value).not.toHaveProperty('mixedTtls');
  });
});
