import { describe, expect, it } from 'vitest';
import { RCODES, servedAnswer, type WireMessage, type WireRecord } from '../../src/dns-wire/index.js';

const rr = (name: string, type: string, value: string, ttl = 300): WireRecord => ({ name, type, ttl, value });

function reply(parts: Partial<WireMessage>): WireMessage {
  return {
    ...{ id: 1, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
    ...{ rcode: RCODES.NOERROR, answers: [], authorities: [], additionals: [] },
    ...parts,
  };
}

describe('what an authoritative reply serves for a name and type', () => {
  it('records of the type at the name, canonical and sorted, with their TTL', () => {
    const message = reply({
      answers: [
        rr('www.example.com', 'MX', '20 B.example.com.'),
        rr('www.example.com', 'MX', '10 a.example.com.'),
        rr('other.example.com', 'MX', '5 c.example.com.'),
      ],
    });
    expect(servedAnswer(message, 'www.example.com', 'MX')).toEqual({
      kind: 'records',
      ttl: 300,
      values: ['10 a.example.com.', '20 b.example.com.'],
    });
  });

  it('the lowest TTL, marked, when the records of a set differ in TTL', () => {
    const message = reply({
      answers: [rr('a.example.com', 'A', '192.0.2.1', 60), rr('a.example.com', 'A', '192.0.2.2', 30)],
    });
    expect(servedAnswer(message, 'a.example.com', 'A')).toEqual({
      kind: 'records',
      ttl: 30,
      values: ['192.0.2.1', '192.0.2.2'],
      mixedTtls: true,
    });
  });

  it('a CNAME for another type, NODATA, NXDOMAIN', () => {
    expect(
      servedAnswer(
        reply({
          answers: [rr('a.example.com', 'CNAME', 'b.example.com.'), rr('b.example.com', 'A', '192.0.2.1')],
        }),
        'a.example.com',
        'A',
      ),
    ).toEqual({
      kind: 'cname',
      target: 'b.example.com.',
    });
    expect(servedAnswer(reply({}), 'a.example.com', 'A')).toEqual({ kind: 'nodata' });
    expect(servedAnswer(reply({ rcode: RCODES.NXDOMAIN }), 'a.example.com', 'A')).toEqual({
      kind: 'nxdomain',
    });
  });

  it('a referral: the NS set for an NS question at the delegation, else where the name is delegated', () => {
    const referral = reply({
      authoritative: false,
      authorities: [
        rr('sub.example.com', 'NS', 'ns2.example.net.'),
        rr('sub.example.com', 'NS', 'ns1.example.net.'),
      ],
    });
    expect(servedAnswer(referral, 'sub.example.com', 'NS')).toEqual({
      kind: 'records',
      ttl: 300,
      values: ['ns1.example.net.', 'ns2.example.net.'],
    });
    expect(servedAnswer(referral, 'x.sub.example.com', 'A')).toEqual({
      kind: 'referral',
      at: 'sub.example.com',
    });
  });

  describe('glue, served in the referral of its delegation (RFC 1034 §4.3.2, RFC 9471 §2)', () => {
    const referral = reply({
      authoritative: false,
      authorities: [
        rr('sub.example.com', 'NS', 'ns1.sub.example.com.'),
        rr('sub.example.com', 'NS', 'NS2.sub.example.com.'),
        rr('sub.example.com', 'NS', 'ns.example.net.'),
      ],
      additionals: [
        rr('ns1.sub.example.com', 'A', '192.0.2.53'),
        rr('ns1.sub.example.com', 'AAAA', '2001:DB8::53'),
        rr('ns2.sub.example.com', 'A', '192.0.2.54', 600),
        rr('ns2.sub.example.com', 'A', '192.0.2.55', 300),
        rr('other.sub.example.com', 'A', '192.0.2.99'),
      ],
    });

    it('is the A or AAAA set of a name server of the delegation, from the additional section, marked as glue', () => {
      expect(servedAnswer(referral, 'ns1.sub.example.com', 'A')).toEqual({
        kind: 'records',
        ttl: 300,
        values: ['192.0.2.53'],
        glue: true,
      });
      expect(servedAnswer(referral, 'ns1.sub.example.com', 'AAAA')).toEqual({
        kind: 'records',
        ttl: 300,
        values: ['2001:db8::53'],
        glue: true,
      });
      expect(servedAnswer(referral, 'ns2.sub.example.com', 'A')).toEqual({
        kind: 'records',
        ttl: 300,
        values: ['192.0.2.54', '192.0.2.55'],
        mixedTtls: true,
        glue: true,
      });
    });

    it('is no glue: another type, a name that is no name server of the delegation, a name server without it', () => {
      const delegated = { kind: 'referral', at: 'sub.example.com' };
      expect(servedAnswer(referral, 'ns1.sub.example.com', 'TXT')).toEqual(delegated);
      expect(servedAnswer(referral, 'other.sub.example.com', 'A')).toEqual(delegated);
      const without = reply({ ...referral, additionals: [] });
      expect(servedAnswer(without, 'ns1.sub.example.com', 'A')).toEqual(delegated);
    });

    it('is a value that does not parse: failed, never dropped, never marked as glue', () => {
      const bad = reply({ ...referral, additionals: [rr('ns1.sub.example.com', 'A', '\\# 2 0102')] });
      expect(servedAnswer(bad, 'ns1.sub.example.com', 'A')).toEqual({
        kind: 'failed',
        reason: expect.stringMatching(/^served A value \\# 2 0102 does not parse: /),
      });
    });

    it('and the NS set of a signed delegation is its NS records, not the DS beside them', () => {
      const signed = reply({
        ...referral,
        authorities: [
          rr('sub.example.com', 'NS', 'ns.example.net.'),
          rr(
            'sub.example.com',
            'DS',
            '12345 13 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
          ),
        ],
      });
      expect(servedAnswer(signed, 'sub.example.com', 'NS')).toEqual({
        kind: 'records',
        ttl: 300,
        values: ['ns.example.net.'],
      });
    });

    it('comes only from the name servers of the delegation the referral is for', () => {
      const stray = reply({
        ...referral,
        authorities: [
          rr('sub.example.com', 'NS', 'ns.example.net.'),
          rr('other.example.com', 'NS', 'ns1.sub.example.com.'),
        ],
      });
      expect(servedAnswer(stray, 'ns1.sub.example.com', 'A')).toEqual({
        kind: 'referral',
        at: 'sub.example.com',
      });
      expect(servedAnswer(stray, 'sub.example.com', 'NS')).toEqual({
        kind: 'records',
        ttl: 300,
        values: ['ns.example.net.'],
      });
    });

    it('is never taken from a referral that does not cover the name (an upward or sideways one)', () => {
      const elsewhere = reply({
        ...referral,
        authorities: [rr('other.example.com', 'NS', 'ns1.sub.example.com.')],
      });
      expect(servedAnswer(elsewhere, 'ns1.sub.example.com', 'A')).toEqual({ kind: 'not-authoritative' });
      const upward = reply({ ...referral, authorities: [rr('.', 'NS', 'a.root-servers.net.')] });
      expect(servedAnswer(upward, 'ns1.sub.example.com', 'A')).toEqual({ kind: 'not-authoritative' });
    });
  });

  it('a referral answers an NS question only at the delegation, and no other question there', () => {
    const referral = reply({
      authoritative: false,
      authorities: [rr('sub.example.com', 'NS', 'ns1.example.net.')],
    });
    expect(servedAnswer(referral, 'x.sub.example.com', 'NS')).toEqual({
      kind: 'referral',
      at: 'sub.example.com',
    });
    expect(servedAnswer(referral, 'sub.example.com', 'A')).toEqual({
      kind: 'referral',
      at: 'sub.example.com',
    });
  });

  it('not a referral: records in the answer, or no NS set in the authority section (a negative answer)', () => {
    const withAnswer = reply({
      authoritative: false,
      answers: [rr('other.example.com', 'A', '192.0.2.1')],
      authorities: [rr('sub.example.com', 'NS', 'ns1.example.net.')],
    });
    expect(servedAnswer(withAnswer, 'x.sub.example.com', 'A')).toEqual({ kind: 'not-authoritative' });
    const negative = reply({
      authoritative: false,
      authorities: [
        rr('example.com', 'SOA', 'ns1.example.net. hostmaster.example.com. 1 3600 600 86400 300'),
      ],
    });
    expect(servedAnswer(negative, 'a.example.com', 'A')).toEqual({ kind: 'not-authoritative' });
  });

  it('a CNAME only of a CNAME record, and only when authoritative; another type at the name is NODATA', () => {
    const txt = reply({ answers: [rr('a.example.com', 'TXT', '"x"')] });
    expect(servedAnswer(txt, 'a.example.com', 'A')).toEqual({ kind: 'nodata' });
    const cname = reply({ authoritative: false, answers: [rr('a.example.com', 'CNAME', 'b.example.com.')] });
    expect(servedAnswer(cname, 'a.example.com', 'A')).toEqual({ kind: 'not-authoritative' });
  });

  it('records of a type edgeplan does not read: failed, saying so', () => {
    const wks = reply({ answers: [rr('a.example.com', 'WKS', '\\# 1 00')] });
    expect(servedAnswer(wks, 'a.example.com', 'WKS')).toEqual({
      kind: 'failed',
      reason: 'WKS is not a record type edgeplan reads',
    });
  });

  it('not authoritative: REFUSED, NOTAUTH, records without the AA flag, nothing without a referral', () => {
    expect(servedAnswer(reply({ rcode: RCODES.REFUSED }), 'a.example.com', 'A')).toEqual({
      kind: 'not-authoritative',
    });
    expect(servedAnswer(reply({ rcode: RCODES.NOTAUTH }), 'a.example.com', 'A')).toEqual({
      kind: 'not-authoritative',
    });
    expect(
      servedAnswer(
        reply({ authoritative: false, answers: [rr('a.example.com', 'A', '192.0.2.1')] }),
        'a.example.com',
        'A',
      ),
    ).toEqual({
      kind: 'not-authoritative',
    });
    expect(servedAnswer(reply({ authoritative: false }), 'a.example.com', 'A')).toEqual({
      kind: 'not-authoritative',
    });
  });

  it('failed: another error code, or a value that does not parse (never dropped)', () => {
    expect(servedAnswer(reply({ rcode: RCODES.SERVFAIL }), 'a.example.com', 'A')).toEqual({
      kind: 'failed',
      reason: 'SERVFAIL',
    });
    expect(servedAnswer(reply({ rcode: 11 }), 'a.example.com', 'A')).toEqual({
      kind: 'failed',
      reason: 'RCODE 11',
    });
    const bad = servedAnswer(
      reply({ answers: [rr('a.example.com', 'A', '192.0.2.1'), rr('a.example.com', 'A', '\\# 2 0102')] }),
      'a.example.com',
      'A',
    );
    expect(bad).toEqual({
      kind: 'failed',
      reason: expect.stringContaining('served A value \\# 2 0102 does not parse'),
    });
  });
});
