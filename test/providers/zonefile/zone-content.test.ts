import { describe, expect, it } from 'vitest';
import { ZONEFILE_CAPABILITIES } from '../../../src/providers/zonefile/capabilities.js';
import { readZoneContent } from '../../../src/providers/zonefile/zone-content.js';

const SUPPORTED: ReadonlySet<string> = new Set(ZONEFILE_CAPABILITIES.recordTypes);
const HEAD =
  '$TTL 300\n@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m\n@ NS ns1.example.net.\n';

function read(body: string) {
  return readZoneContent(`${HEAD}${body}`, 'example.com', SUPPORTED);
}

describe('readZoneContent: what the provider manages and what it keeps as written', () => {
  it('reads the SOA, managed sets in the model, and keeps the apex NS and unknown types', () => {
    const result = read(
      [
        'www A 192.0.2.2',
        'www A 192.0.2.1',
        'mail MX 10 @',
        'hightype TYPE65534 \\# 2 abcd',
        'afs AFSDB 1 afs.example.net.',
        'raw A \\# 4 c0000205',
      ].join('\n'),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { soa, sets, kept, unsupported, notes } = result.content;
    expect(soa).toEqual({
      ttl: 300,
      mname: 'ns1.example.net.',
      rname: 'hostmaster.example.com.',
      serial: 2024010101,
      refresh: 3600,
      retry: 600,
      expire: 1_209_600,
      minimum: 300,
    });
    expect(sets).toEqual([
      { fqdn: 'mail.example.com', type: 'MX', records: [{ value: '10 example.com.', ttl: 300 }] },
      { fqdn: 'raw.example.com', type: 'A', records: [{ value: '192.0.2.5', ttl: 300 }] },
      {
        fqdn: 'www.example.com',
        type: 'A',
        records: [
          { value: '192.0.2.1', ttl: 300 },
          { value: '192.0.2.2', ttl: 300 },
        ],
      },
    ]);
    expect(kept.map((record) => `${record.owner} ${record.type}`)).toEqual([
      'example.com. NS',
      'hightype.example.com. TYPE65534',
      'afs.example.com. AFSDB',
    ]);
    expect(unsupported).toEqual(['afs.example.com AFSDB', 'hightype.example.com TYPE65534']);
    expect(notes).toEqual([]);
  });

  it('reads a type it manages written by its number (RFC 3597 §5: TYPE1 is A) under its own name', () => {
    // named-checkzone -D prints `TYPE1 \# 4 c0000201` as `A 192.0.2.1`: the same record.
    const result = read(
      [
        'num TYPE1 \\# 4 c0000201',
        'num A 192.0.2.2',
        'six type28 \\# 16 20010db8000000000000000000000001',
        'txt TYPE16 \\# 4 03616263',
        'kx TYPE36 \\# 3 000a00',
      ].join('\n'),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { sets, kept, notes } = result.content;
    expect(sets.map((set) => [set.fqdn, set.type, set.records.map((r) => r.value)])).toEqual([
      ['num.example.com', 'A', ['192.0.2.1', '192.0.2.2']],
      ['six.example.com', 'AAAA', ['2001:db8::1']],
    ]);
    // A managed type in the generic form that no reader here decodes is kept under its name, with why; a type
    // edgeplan does not manage keeps the name the file gives it.
    expect(kept.map((record) => `${record.owner} ${record.type}`)).toEqual([
      'example.com. NS',
      'txt.example.com. TXT',
      'kx.example.com. TYPE36',
    ]);
    expect(notes).toEqual([
      {
        line: 7,
        col: 1,
        message: expect.stringContaining(
          'txt.example.com TXT is kept as written: written in the generic form',
        ),
      },
    ]);
  });

  it('reads SVCB and HTTPS as a zone file writes them: relative targets, quoted values, values across lines', () => {
    const result = read(
      [
        // RFC 9460 §2.1: TargetName is a <domain-name>, relative to $ORIGIN as any other (RFC 1035 §5.1).
        'svc SVCB 16 svc ( alpn="f\\\\\\\\oo\\\\,bar,h2" ; Appendix D.2, Figure 10',
        '  key667="hello\\210qoo" key65534 )',
        'alias SVCB 0 @',
        // As BIND 9.18 writes it out: every value quoted, dohpath as key7.
        '@ HTTPS 1 . mandatory=alpn,port alpn="h2,h3" no-default-alpn port=8443 key7="/q{?dns}"',
      ].join('\n'),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.content.sets.map((set) => [set.fqdn, set.type, set.records.map((r) => r.value)])).toEqual([
      ['alias.example.com', 'SVCB', ['0 example.com.']],
      [
        'example.com',
        'HTTPS',
        ['1 . mandatory=alpn,port alpn=h2,h3 no-default-alpn port=8443 dohpath=/q{?dns}'],
      ],
      [
        'svc.example.com',
        'SVCB',
        ['16 svc.example.com. alpn=f\\\\\\\\oo\\\\,bar,h2 key667=hello\\210qoo key65534'],
      ],
    ]);
    expect(result.content.unsupported).toEqual([]);
  });

  it('keeps a set of a managed type that does not read, whole, with the reason', () => {
    const result = read('toroot CNAME .\nspf A 192.0.2.1\n  TXT v="spf1"\n');
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.content.sets.map(({ fqdn, type }) => `${fqdn} ${type}`)).toEqual(['spf.example.com A']);
    expect(result.content.unsupported).toEqual(['spf.example.com TXT', 'toroot.example.com CNAME']);
    expect(result.content.notes).toEqual([
      { line: 4, col: 1, message: expect.stringMatching(/^toroot\.example\.com CNAME is kept as written: /) },
      {
        line: 6,
        col: 3,
        message: expect.stringMatching(/^spf\.example\.com TXT is kept as written: .*quote/),
      },
    ]);
  });

  it('accepts a copy of the apex SOA (a saved transfer) and refuses any other second SOA', () => {
    const copy = read('@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m\n');
    expect(copy.ok).toBe(true);
    const other = read(
      '@ SOA ns2.example.net. hostmaster.example.com. 7 1h 10m 2w 5m\nsub SOA a b 1 2 3 4 5\n',
    );
    expect(other.ok ? [] : other.problems).toEqual([
      { line: 4, col: 1, message: 'a second SOA, or an SOA below the apex (example.com.)' },
      { line: 5, col: 1, message: 'a second SOA, or an SOA below the apex (sub.example.com.)' },
    ]);
  });

  it('refuses names outside the zone, malformed generic RDATA and a file without SOA, each at its record', () => {
    const outside = read(
      'www.example.org. A 192.0.2.1\nbad TYPE65534 \\# 3 abcd\n$ORIGIN example.org.\nmail A 192.0.2.2\n\t  A 192.0.2.3\n',
    );
    // A record without an owner is at its first field.
    expect(outside.ok ? [] : outside.problems).toEqual([
      { line: 4, col: 1, message: 'www.example.org. is not in zone example.com' },
      { line: 5, col: 1, message: '\\# 3 says 3 octets, but 2 follow' },
      { line: 7, col: 1, message: 'mail.example.org. is not in zone example.com' },
      { line: 8, col: 4, message: 'mail.example.org. is not in zone example.com' },
    ]);
    const none = readZoneContent('$TTL 60\nwww A 192.0.2.1\n', 'example.com', SUPPORTED);
    expect(none.ok ? [] : none.problems).toEqual([
      { line: 1, col: 1, message: 'zone example.com has no SOA record at its apex' },
    ]);
  });
});

describe('readZoneContent: every refusal of the parser, with its message at its line and column', () => {
  const SOA = '@ SOA ns1.example.net. hostmaster.example.com.';
  /** The problems of a file of `lines` (no head: each case brings its own SOA where it needs one). */
  const problemsOf = (lines: string[]) => {
    const result = readZoneContent(`${lines.join('\n')}\n`, 'example.com', SUPPORTED);
    return result.ok ? [] : result.problems;
  };
  const refusals: [string, string[], { line: number; col: number; message: string }][] = [
    [
      '$INCLUDE',
      ['$INCLUDE db.other'],
      {
        line: 1,
        col: 1,
        message:
          '$INCLUDE is not supported: edgeplan rewrites this file on apply and cannot write the included records back; put them in this file',
      },
    ],
    [
      'another directive',
      ['$GENERATE 1-2 h$ A 192.0.2.$'],
      { line: 1, col: 1, message: '$GENERATE is not a directive edgeplan reads ($ORIGIN, $TTL)' },
    ],
    [
      'a directive of two values',
      ['$ORIGIN a. b.'],
      { line: 1, col: 12, message: '$ORIGIN takes exactly one value' },
    ],
    ['a $TTL that is not one', ['$TTL 1y'], { line: 1, col: 6, message: '$TTL: 1y is not a TTL' }],
    [
      'a TTL over 2^31 - 1 (RFC 2181 §8)',
      ['www 2147483648 A 192.0.2.1'],
      { line: 1, col: 5, message: '2147483648 is not a TTL' },
    ],
    [
      'no owner yet',
      [' 60 A 192.0.2.1'],
      { line: 1, col: 2, message: 'the record has no owner name, and no record before it has one' },
    ],
    [
      'another class',
      ['www 60 HS A 192.0.2.1'],
      { line: 1, col: 8, message: 'class HS is not supported (only IN)' },
    ],
    ['no type', ['www 60 IN'], { line: 1, col: 8, message: 'the record has no type' }],
    ['not a type', ['www 60 IN 1A 192.0.2.1'], { line: 1, col: 11, message: '1A is not a record type' }],
    [
      'no TTL to be had',
      ['www A 192.0.2.1'],
      { line: 1, col: 1, message: 'the record has no TTL, and neither $TTL nor an earlier record gives one' },
    ],
    [
      'a name outside the zone',
      ['$TTL 60', 'www.example.org. A 192.0.2.1'],
      { line: 2, col: 1, message: 'www.example.org. is not in zone example.com' },
    ],
    [
      'an SOA below the apex',
      ['$TTL 60', 'sub SOA a. b. 1 2 3 4 5'],
      { line: 2, col: 1, message: 'a second SOA, or an SOA below the apex (sub.example.com.)' },
    ],
    [
      'no SOA',
      ['$TTL 60', 'www A 192.0.2.1'],
      { line: 1, col: 1, message: 'zone example.com has no SOA record at its apex' },
    ],
    [
      'an SOA of six fields',
      ['$TTL 60', `${SOA} 1 2 3 4`],
      {
        line: 2,
        col: 1,
        message: 'an SOA has seven fields: mname rname serial refresh retry expire minimum',
      },
    ],
    [
      'an SOA serial past 2^32 - 1 (RFC 1982)',
      ['$TTL 60', `${SOA} 4294967296 1 2 3 4`],
      { line: 2, col: 1, message: 'the SOA serial 4294967296 is not a number from 0 to 4294967295' },
    ],
    [
      'SOA timers that are no TTLs',
      ['$TTL 60', `${SOA} 1 1h 10m 2x 5m`],
      { line: 2, col: 1, message: 'the SOA timers 1h 10m 2x 5m are not all TTLs' },
    ],
    [
      'a generic length that is no number (RFC 3597 §5)',
      ['$TTL 60', `${SOA} 1 2 3 4 5`, 'x TYPE65534 \\# two abcd'],
      { line: 3, col: 1, message: '\\# must be followed by the RDATA\'s length in octets, not "two"' },
    ],
    [
      'generic RDATA that is not hexadecimal',
      ['$TTL 60', `${SOA} 1 2 3 4 5`, 'x TYPE65534 \\# 2 abcz'],
      { line: 3, col: 1, message: 'the RDATA after \\# 2 is not hexadecimal octets' },
    ],
    [
      'generic RDATA of another length',
      ['$TTL 60', `${SOA} 1 2 3 4 5`, 'x TYPE65534 \\# 3 abcd'],
      { line: 3, col: 1, message: '\\# 3 says 3 octets, but 2 follow' },
    ],
  ];

  it.each(refusals)('%s', (_, lines, problem) => {
    expect(problemsOf(lines)).toContainEqual(problem);
  });

  it('refuses nothing else in a file with each case but the one it shows', () => {
    // Each case above holds its one refusal beside what a file needs: the SOA where the case is not about it.
    const good = ['$TTL 60', `${SOA} 1 2 3 4 5`];
    expect(problemsOf(good)).toEqual([]);
    expect(problemsOf([...good, 'x TYPE65534 \\# 2 abcz'])).toEqual([
      { line: 3, col: 1, message: 'the RDATA after \\# 2 is not hexadecimal octets' },
    ]);
  });
});

describe('readZoneContent: the apex NS set', () => {
  it('is kept as written and read apart, for a plan that declares it', () => {
    const result = read('@ 600 NS ns2.example.net.\n');
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.content.kept.map((record) => record.rdata.join(' '))).toEqual([
      'ns1.example.net.',
      'ns2.example.net.',
    ]);
    expect(result.content.apexNs).toEqual({
      fqdn: 'example.com',
      type: 'NS',
      records: [
        { value: 'ns1.example.net.', ttl: 300 },
        { value: 'ns2.example.net.', ttl: 600 },
      ],
    });
    expect(result.content.sets).toEqual([]);
  });
});
