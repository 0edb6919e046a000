/**
 * A transferred zone in the model: what the plan manages, and what it leaves as it is live. A set with a value the
 * model cannot hold is left alone and named, never dropped and never a failed read of the whole zone.
 */
import { describe, expect, it } from 'vitest';
import { liveZone } from '../../../src/providers/rfc2136/read.js';

const SOA = { name: 'wtest.com', type: 'SOA', ttl: 3600, value: 'ns1.wtest.com. ahu.example.com. 7 1 2 3 4' };
const SUPPORTED = new Set(['A', 'NS', 'MX']);

describe('a transferred zone', () => {
  it('leaves a set with a value the model cannot read as it is live, named (an apex NS of ".")', () => {
    const zone = liveZone(
      'wtest.com',
      [
        SOA,
        { name: 'wtest.com', type: 'NS', ttl: 3600, value: 'ns1.wtest.com.' },
        // RFC 1035 allows the root as an NS target; the model's NS values are host names.
        { name: 'wtest.com', type: 'NS', ttl: 3600, value: '.' },
        { name: 'www.wtest.com', type: 'A', ttl: 60, value: '192.0.2.1' },
        { name: 'www.wtest.com', type: 'HINFO', ttl: 60, value: '"a" "b"' },
      ],
      SUPPORTED,
      '127.0.0.1:53',
    );
    expect(zone.records).toEqual([
      { fqdn: 'www.wtest.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 60 }] },
    ]);
    expect(zone.apexNs).toBeUndefined();
    expect(zone.unsupported).toEqual(['wtest.com NS', 'www.wtest.com HINFO']);
  });

  it('keeps the records of a type it does not read with their rdata (the DNSKEY set a CDS is checked against)', () => {
    const key =
      '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==';
    const zone = liveZone(
      'wtest.com',
      [
        SOA,
        { name: 'wtest.com', type: 'RRSIG', ttl: 300, value: '\\# 2 abcd' },
        { name: 'wtest.com', type: 'DNSKEY', ttl: 300, value: key },
        { name: 'www.wtest.com', type: 'A', ttl: 60, value: '192.0.2.1' },
      ],
      SUPPORTED,
      '127.0.0.1:53',
    );
    expect(zone.unsupported).toEqual(['wtest.com DNSKEY', 'wtest.com RRSIG']);
    expect(zone.foreign).toEqual([
      { fqdn: 'wtest.com', type: 'DNSKEY', ttl: 300, rdata: key },
      { fqdn: 'wtest.com', type: 'RRSIG', ttl: 300, rdata: '\\# 2 abcd' },
    ]);
  });
});
