import { describe, expect, it } from 'vitest';
import {
  namesBelowApex,
  normaliseName,
  recordNameToFqdn,
  writtenNameProblem,
  writtenRelativeName,
} from '../../src/model/names.js';

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

describe('namesBelowApex', () => {
  it('lists the name and each ancestor strictly below the apex, nearest first', () => {
    expect(namesBelowApex('a.b.c.example.com', 'example.com')).toEqual([
      'a.b.c.example.com',
      'b.c.example.com',
      'c.example.com',
    ]);
    expect(namesBelowApex('www.example.com', 'example.com')).toEqual(['www.example.com']);
  });

  it('is empty for the apex and for a name outside the zone, even one that ends in the same letters', () => {
    expect(namesBelowApex('example.com', 'example.com')).toEqual([]);
    expect(namesBelowApex('www.example.org', 'example.com')).toEqual([]);
    expect(namesBelowApex('www.myexample.com', 'example.com')).toEqual([]);
  });
});

describe('normaliseName', () => {
  it('trims, drops one trailing dot and lower-cases', () => {
    expect(normaliseName('  WWW.Example.COM. ')).toBe('www.example.com');
    expect(normaliseName('www.example.com')).toBe('www.example.com');
    expect(normaliseName('a..')).toBe('a.');
    expect(normaliseName('.')).toBe('');
    expect(normaliseName('\tx.\n')).toBe('x');
  });

  it('gives record names as FQDNs in their zone', () => {
    expect(recordNameToFqdn('@', 'Example.com.')).toBe('example.com');
    expect(recordNameToFqdn('WWW', 'example.com')).toBe('www.example.com');
    expect(recordNameToFqdn('Other.Org.', 'example.com')).toBe('other.org');
  });
});
