import { describe, expect, it } from 'vitest';
import { isUnmanaged } from '../../src/model/unmanaged.js';

describe('isUnmanaged', () => {
  it('matches relative names with picomatch globs, case-insensitively', () => {
    const globs = ['_acme-challenge*', 'legacy-?'];
    expect(isUnmanaged('_acme-challenge', globs)).toBe(true);
    expect(isUnmanaged('_acme-challenge.www', globs)).toBe(true);
    expect(isUnmanaged('_ACME-Challenge', globs)).toBe(true);
    expect(isUnmanaged('legacy-1', globs)).toBe(true);
    expect(isUnmanaged('legacy-10', globs)).toBe(false);
    expect(isUnmanaged('www', globs)).toBe(false);
  });

  it('treats "@" as the apex', () => {
    expect(isUnmanaged('@', ['@'])).toBe(true);
    expect(isUnmanaged('www', ['@'])).toBe(false);
    expect(isUnmanaged('@', ['www'])).toBe(false);
  });

  it('matches leading dots and underscores (dot: true) and any depth with *', () => {
    expect(isUnmanaged('.hidden', ['*'])).toBe(true);
    expect(isUnmanaged('a.b.c', ['*.c'])).toBe(true);
  });

  it('matches nothing without globs', () => {
    expect(isUnmanaged('anything', [])).toBe(false);
  });

  it('gives the same answer when the same glob list is reused', () => {
    const globs = ['a*'];
    expect([isUnmanaged('ab', globs), isUnmanaged('ba', globs), isUnmanaged('ab', globs)]).toEqual([
      true,
      false,
      true,
    ]);
  });
});
