import { describe, expect, it } from 'vitest';
import {
  firstSerial,
  nextSerial,
  parseSoa,
  rnameOf,
  serialStyleOf,
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
});
