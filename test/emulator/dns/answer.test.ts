import { describe, expect, it } from 'vitest';
import { RCODES, type WireRecord } from '../../../src/dns-wire/index.js';
import { answer } from '../../../src/emulator/dns/answer.js';
import { servedZone } from '../../../src/emulator/dns/served-zones.js';

const rr = (name: string, type: string, value: string, ttl = 300): WireRecord => ({ name, type, ttl, value });
const SOA = rr('example.com', 'SOA', 'ns1.example.net. admin.example.com. 5 3600 600 604800 1800', 3600);

const ZONES = [
  servedZone('example.com', [
    SOA,
    rr('example.com', 'NS', 'ns1.example.net.'),
    rr('example.com', 'MX', '10 mail.example.com.'),
    rr('www.example.com', 'A', '192.0.2.1'),
    rr('www.example.com', 'A', '192.0.2.2'),
    rr('alias.example.com', 'CNAME', 'www.example.com.'),
    rr('hop.example.com', 'CNAME', 'alias.example.com.'),
    rr('away.example.com', 'CNAME', 'host.example.org.'),
    rr('dangling.example.com', 'CNAME', 'gone.example.com.'),
    rr('loop1.example.com', 'CNAME', 'loop2.example.com.'),
    rr('loop2.example.com', 'CNAME', 'loop1.example.com.'),
    rr('a.b.c.example.com', 'TXT', '"deep"'),
    rr('*.wild.example.com', 'TXT', '"any"'),
    rr('*.wild.example.com', 'A', '192.0.2.9'),
    rr('exact.wild.example.com', 'A', '192.0.2.10'),
    rr('sub.example.com', 'NS', 'ns1.sub.example.com.'),
    rr('sub.example.com', 'NS', 'ns.example.org.'),
    rr('sub.example.com', 'DS', '1 8 2 aa'),
    rr('ns1.sub.example.com', 'A', '192.0.2.53'),
  ]),
  servedZone('inner.example.com', [
    rr('inner.example.com', 'SOA', 'ns. h. 1 1 1 1 1'),
    rr('x.inner.example.com', 'A', '192.0.2.77'),
  ]),
];

const ask = (name: string, type: string) => answer(ZONES, { name, type });

describe("the emulator's name server answers", () => {
  it('the records of the type, authoritatively', () => {
    expect(ask('www.example.com', 'A')).toEqual({
      rcode: RCODES.NOERROR,
      authoritative: true,
      answers: [rr('www.example.com', 'A', '192.0.2.1'), rr('www.example.com', 'A', '192.0.2.2')],
      authorities: [],
      additionals: [],
    });
  });

  it('NODATA with the SOA for a name without the type, and for an empty non-terminal', () => {
    for (const [name, type] of [
      ['www.example.com', 'AAAA'],
      ['b.c.example.com', 'A'],
      ['c.example.com', 'TXT'],
    ] as const) {
      const result = ask(name, type);
      expect(result.rcode, name).toBe(RCODES.NOERROR);
      expect(result.answers, name).toEqual([]);
      expect(result.authorities, name).toEqual([SOA]);
    }
  });

  it('NXDOMAIN with the SOA for a name that does not exist', () => {
    expect(ask('nope.example.com', 'A')).toMatchObject({
      rcode: RCODES.NXDOMAIN,
      authoritative: true,
      answers: [],
      authorities: [SOA],
    });
    expect(ask('x.a.b.c.example.com', 'A').rcode).toBe(RCODES.NXDOMAIN);
  });

  it('a CNAME for another type, with the chain inside the served zones', () => {
    expect(ask('hop.example.com', 'A').answers).toEqual([
      rr('hop.example.com', 'CNAME', 'alias.example.com.'),
      rr('alias.example.com', 'CNAME', 'www.example.com.'),
      rr('www.example.com', 'A', '192.0.2.1'),
      rr('www.example.com', 'A', '192.0.2.2'),
    ]);
    expect(ask('alias.example.com', 'CNAME').answers).toEqual([
      rr('alias.example.com', 'CNAME', 'www.example.com.'),
    ]);
    // A target outside the served zones ends the chain: the resolver follows it elsewhere.
    expect(ask('away.example.com', 'A')).toMatchObject({
      rcode: RCODES.NOERROR,
      answers: [rr('away.example.com', 'CNAME', 'host.example.org.')],
    });
    // The last name decides the code (RFC 6604): a chain ending where nothing exists is NXDOMAIN.
    expect(ask('dangling.example.com', 'A')).toMatchObject({ rcode: RCODES.NXDOMAIN, authorities: [SOA] });
    expect(ask('loop1.example.com', 'A').answers.map((r) => r.name)).toEqual([
      'loop1.example.com',
      'loop2.example.com',
    ]);
  });

  it('a wildcard under the closest encloser, renamed to the name asked, but never over a name that exists', () => {
    expect(ask('anything.wild.example.com', 'TXT').answers).toEqual([
      rr('anything.wild.example.com', 'TXT', '"any"'),
    ]);
    expect(ask('exact.wild.example.com', 'A').answers).toEqual([
      rr('exact.wild.example.com', 'A', '192.0.2.10'),
    ]);
    expect(ask('exact.wild.example.com', 'TXT')).toMatchObject({ rcode: RCODES.NOERROR, answers: [] });
    // Below an existing name that is not the wildcard's parent, the wildcard does not apply (RFC 4592 §3.3.1).
    expect(ask('x.exact.wild.example.com', 'A').rcode).toBe(RCODES.NXDOMAIN);
    expect(ask('x.y.wild.example.com', 'A').answers).toEqual([rr('x.y.wild.example.com', 'A', '192.0.2.9')]);
  });

  it('a referral below a delegation: the NS set in authority, glue inside the zone, not authoritative', () => {
    for (const name of ['sub.example.com', 'deep.sub.example.com', 'ns1.sub.example.com']) {
      expect(ask(name, 'A'), name).toEqual({
        rcode: RCODES.NOERROR,
        authoritative: false,
        answers: [],
        authorities: [
          rr('sub.example.com', 'NS', 'ns1.sub.example.com.'),
          rr('sub.example.com', 'NS', 'ns.example.org.'),
        ],
        additionals: [rr('ns1.sub.example.com', 'A', '192.0.2.53')],
      });
    }
    // The DS of a delegation is the parent's own data.
    expect(ask('sub.example.com', 'DS')).toMatchObject({
      authoritative: true,
      answers: [rr('sub.example.com', 'DS', '1 8 2 aa')],
    });
  });

  it('from the zone that holds the name most closely, and REFUSED for names in no served zone', () => {
    expect(ask('x.inner.example.com', 'A').answers).toEqual([rr('x.inner.example.com', 'A', '192.0.2.77')]);
    expect(ask('example.org', 'A')).toMatchObject({
      rcode: RCODES.REFUSED,
      authoritative: false,
      answers: [],
    });
  });
});
