import { describe, expect, it } from 'vitest';
import {
  firstSerial,
  nextSerial,
  parseSoa,
  rnameOf,
  serialStyleOf,
  soaText,
} from '../../../src/providers/zonefile/soa.js';

const at = (iso: string) => Date.parse(iso);

describe('the SOA of a zone file', () => {
  it('reads seven fields, timers with units, and refuses anything else', () => {
    expect(parseSoa(['a.', 'b.', '7', '1h', '10m', '2w', '300'], 60)).toEqual({
      ttl: 60,
      mname: 'a.',
      rname: 'b.',
      serial: 7,
      refresh: 3600,
      retry: 600,
      expire: 1_209_600,
      minimum: 300,
    });
    expect(parseSoa(['a.', 'b.', '7', '1', '2', '3'], 60)).toMatch(/seven fields/);
    expect(parseSoa(['a.', 'b.', '4294967296', '1', '2', '3', '4'], 60)).toMatch(/serial 4294967296 is not/);
    expect(parseSoa(['a.', 'b.', 'x', '1', '2', '3', '4'], 60)).toMatch(/serial x is not/);
    expect(parseSoa(['a.', 'b.', '1', '1', '2', 'soon', '4'], 60)).toBe(
      'the SOA timers 1 2 soon 4 are not all TTLs',
    );
  });

  it('tells a date serial from a counter', () => {
    expect(serialStyleOf(2024022901)).toBe('day');
    expect(serialStyleOf(1990010100)).toBe('day');
    expect(serialStyleOf(2023022901)).toBe('increment'); // no 29 February in 2023
    expect(serialStyleOf(1989123100)).toBe('increment');
    expect(serialStyleOf(2024130101)).toBe('increment');
    expect(serialStyleOf(1_700_000_000)).toBe('increment');
    expect(serialStyleOf(7)).toBe('increment');
  });

  it('goes up once per version, in its style, never down or equal', () => {
    const now = at('2026-03-04T05:06:07Z');
    expect(nextSerial('increment', 41, now)).toBe(42);
    expect(nextSerial('increment', 4_294_967_295, now)).toBe(0);
    expect(nextSerial('day', 2026010105, now)).toBe(2026030401);
    expect(nextSerial('day', 2026030401, now)).toBe(2026030402);
    expect(nextSerial('day', 2026030499, now)).toBe(2026030500);
    expect(nextSerial('epoch', 5, now)).toBe(Math.floor(now / 1000));
    expect(nextSerial('epoch', 2_000_000_000, now)).toBe(2_000_000_001);
    expect(nextSerial('minute', 1, now)).toBe(2603040506);
    expect(firstSerial('increment', now)).toBe(1);
    expect(firstSerial('day', now)).toBe(2026030401);
  });

  it('writes a contact address as an RNAME, escaping what a zone file gives a meaning to', () => {
    expect(rnameOf('hostmaster@example.com')).toBe('hostmaster.example.com.');
    expect(rnameOf('john.doe@example.com.')).toBe('john\\.doe.example.com.');
    expect(rnameOf('a;b (c)@example.com')).toBe('a\\;b\\032\\(c\\).example.com.');
    expect(rnameOf('é@example.com')).toBe('\\195\\169.example.com.');
  });

  it('refuses each field that is missing or not what it must be, naming which (RFC 1035 §3.3.13)', () => {
    const refused = /seven fields/;
    expect(parseSoa([], 60)).toMatch(refused);
    expect(parseSoa(['a.'], 60)).toMatch(refused);
    expect(parseSoa(['a.', 'b.', '1', '2', '3', '4', '5', '6'], 60)).toMatch(refused);
    // The serial is decimal digits alone, and at most 2^32 − 1 (RFC 1982's serial space).
    const serial = (text: string) => parseSoa(['a.', 'b.', text, '1', '2', '3', '4'], 60);
    expect(serial('4294967295')).toMatchObject({ serial: 4_294_967_295 });
    expect(serial('4294967296')).toBe('the SOA serial 4294967296 is not a number from 0 to 4294967295');
    expect(serial('7x')).toMatch(/serial 7x is not/);
    expect(serial('x7')).toMatch(/serial x7 is not/);
    for (const at of [0, 1, 2, 3]) {
      const timers = ['1', '2', '3', '4'];
      timers[at] = 'soon';
      expect(parseSoa(['a.', 'b.', '1', ...timers], 60)).toBe(
        `the SOA timers ${timers.join(' ')} are not all TTLs`,
      );
    }
  });

  it('writes the RDATA back in the order it was read', () => {
    const soa = parseSoa(['ns.example.', 'h\\.m.example.', '7', '1h', '10m', '2w', '300'], 60);
    if (typeof soa === 'string') throw new Error(soa);
    expect(soaText(soa)).toBe('ns.example. h\\.m.example. 7 3600 600 1209600 300');
  });

  it('takes no date from more or fewer than ten digits', () => {
    expect(serialStyleOf(12024022901)).toBe('increment');
    expect(serialStyleOf(202402290)).toBe('increment');
  });

  it('falls back to one more when the clock gives a serial past 2^32 − 1', () => {
    expect(nextSerial('epoch', 5, 2 ** 32 * 1000)).toBe(6);
    expect(nextSerial('epoch', 5, (2 ** 32 - 1) * 1000)).toBe(2 ** 32 - 1);
  });

  it('writes an address without a domain, or with an empty local part, and DEL escaped', () => {
    expect(rnameOf('hostmaster')).toBe('hostmaster.');
    expect(rnameOf('@example.com')).toBe('.example.com.');
    expect(rnameOf('a\x7fb@example.com')).toBe('a\\127b.example.com.');
  });

  it('escapes each character a zone file reads apart in a local part: quote, backslash, @ and $ too', () => {
    // The last @ ends the local part; RFC 1035 §5.1: `\X` is X itself, `$` starts a directive, `@` is the origin.
    expect(rnameOf('a"b\\c@d$e@example.com')).toBe('a\\"b\\\\c\\@d\\$e.example.com.');
  });
});
