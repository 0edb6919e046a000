import { describe, expect, it } from 'vitest';
import { isUnmanaged, unmanagedNameGlob } from '../../src/model/unmanaged.js';

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

describe('unmanagedNameGlob: an entry written as record names are', () => {
  it('keeps a relative glob, and writes an absolute one (trailing dot, inside the zone) relative to the zone', () => {
    expect(unmanagedNameGlob('_acme-*', 'example.com')).toEqual({ glob: '_acme-*' });
    expect(unmanagedNameGlob('_acme-*.WWW.Example.com.', 'example.com')).toEqual({ glob: '_acme-*.WWW' });
    expect(unmanagedNameGlob('example.com.', 'example.com')).toEqual({ glob: '@' });
    expect(unmanagedNameGlob('@', 'example.com')).toEqual({ glob: '@' });
  });

  it('refuses a relative glob that ends in the zone, an absolute one outside it, and one that does not compile', () => {
    expect(unmanagedNameGlob('legacy.example.com', 'example.com')).toEqual({
      problem:
        '"legacy.example.com" ends in its zone\'s name "example.com" without a trailing dot, so it would be ' +
        'legacy.example.com.example.com: write "legacy", or "legacy.example.com."',
    });
    expect(unmanagedNameGlob('*.example.org.', 'example.com')).toEqual({
      problem: '"*.example.org." is not inside zone "example.com"',
    });
    expect(unmanagedNameGlob('[abc', 'example.com')).toEqual({
      problem: expect.stringContaining('Missing closing: "]"'),
    });
  });

  it('takes a Unicode label as its A-label (UTS #46), so that *.bücher matches x.xn--bcher-kva', () => {
    const read = unmanagedNameGlob('*.bücher', 'example.com');
    expect(read).toEqual({ glob: '*.xn--bcher-kva' });
    expect(isUnmanaged('x.xn--bcher-kva', ['glob' in read ? read.glob : ''])).toBe(true);
    expect(unmanagedNameGlob('café.bücher.example.', 'xn--bcher-kva.example')).toEqual({
      glob: 'xn--caf-dma',
    });
  });

  it('refuses an invalid Unicode label with its code point, and a label mixing glob and non-ASCII characters', () => {
    expect(unmanagedNameGlob('a\u200db', 'example.com')).toEqual({
      problem: '"aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    });
    expect(unmanagedNameGlob('bü*', 'example.com')).toEqual({
      problem: expect.stringContaining('"bü*" mixes glob characters with non-ASCII ones'),
    });
  });
});
