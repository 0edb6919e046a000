import { describe, expect, it } from 'vitest';
import { writtenNameProblem, writtenRelativeName } from '../../src/model/names.js';

describe('names as users write them under a zone', () => {
  it('accepts "@", relative names and absolute names inside the zone', () => {
    for (const name of [
      '@',
      'www',
      '_dmarc',
      'a.b.c',
      '*',
      'example',
      'example.co',
      'WWW.Example.COM.',
      'example.com.',
    ])
      expect(writtenNameProblem(name, 'example.com'), name).toBeNull();
  });

  it('refuses a relative name that ends in the zone, with both ways to write what was meant', () => {
    expect(writtenNameProblem('www.acme.io', 'acme.io')).toBe(
      '"www.acme.io" ends in its zone\'s name "acme.io" without a trailing dot, so it would be ' +
        'www.acme.io.acme.io: write "www", or "www.acme.io."',
    );
    expect(writtenNameProblem('ACME.io', 'Acme.IO.')).toBe(
      '"ACME.io" ends in its zone\'s name "acme.io" without a trailing dot, so it would be ' +
        'acme.io.acme.io: write "@", or "ACME.io."',
    );
  });

  it('matches the zone by whole labels', () => {
    expect(writtenNameProblem('notacme.io', 'acme.io')).toBeNull();
    expect(writtenNameProblem('www.notacme.io.', 'acme.io')).toBe(
      '"www.notacme.io." is not inside zone "acme.io"',
    );
    expect(writtenNameProblem('io.', 'acme.io')).toBe('"io." is not inside zone "acme.io"');
  });

  it('writes an accepted name relative to the zone, keeping its case', () => {
    expect(writtenRelativeName('www', 'acme.io')).toBe('www');
    expect(writtenRelativeName('@', 'acme.io')).toBe('@');
    expect(writtenRelativeName('Mail.ACME.io.', 'acme.io.')).toBe('Mail');
    expect(writtenRelativeName('ACME.io.', 'acme.io')).toBe('@');
  });
});
