import { describe, expect, it } from 'vitest';
import { readEntries } from '../../../src/providers/zonefile/read-entries.js';

const ORIGIN = 'example.com.';

describe('readEntries: a zone file into records as written', () => {
  it('settles owners, TTLs and classes as RFC 1035 §5.1 says', () => {
    const text = [
      '$TTL 1h',
      '@ IN SOA ns1 hostmaster ( 1 ; serial',
      '   3600 600 1209600 300 )',
      '  NS ns1.example.net.',
      'www 300 IN A 192.0.2.1',
      '    IN 60 A 192.0.2.2 ; TTL and class in either order',
      'mail.example.com. MX 10 @',
      '$ORIGIN sub.example.com.',
      'x CNAME y',
      '$ORIGIN .',
      'z.example.com TXT "a b" "c\\"d"',
    ].join('\n');
    const { records, problems } = readEntries(text, ORIGIN);
    expect(problems).toEqual([]);
    expect(
      records.map(({ line, owner, ttl, type, rdata, origin }) => [
        line,
        owner,
        ttl,
        type,
        rdata.join(' '),
        origin,
      ]),
    ).toEqual([
      [2, 'example.com.', 3600, 'SOA', 'ns1 hostmaster 1 3600 600 1209600 300', ORIGIN],
      [4, 'example.com.', 3600, 'NS', 'ns1.example.net.', ORIGIN],
      [5, 'www.example.com.', 300, 'A', '192.0.2.1', ORIGIN],
      [6, 'www.example.com.', 60, 'A', '192.0.2.2', ORIGIN],
      [7, 'mail.example.com.', 3600, 'MX', '10 @', ORIGIN],
      [9, 'x.sub.example.com.', 3600, 'CNAME', 'y', 'sub.example.com.'],
      [11, 'z.example.com.', 3600, 'TXT', '"a b" "c\\"d"', '.'],
    ]);
  });

  it('without $TTL, a record takes the last TTL written, else the SOA minimum', () => {
    const text = '@ SOA ns hm 1 2 3 4 5m\nwww A 192.0.2.1\nftp 90 A 192.0.2.2\nmail A 192.0.2.3\n';
    const { records } = readEntries(text, ORIGIN);
    expect(records.map((record) => record.ttl)).toEqual([300, 300, 90, 90]);
  });

  it('keeps escapes and generic RDATA exactly as written', () => {
    const text = '$TTL 60\na\\.b TXT "\\195\\133" \\065\nunknown TYPE65534 \\# 2 abcd\n';
    const { records, problems } = readEntries(text, ORIGIN);
    expect(problems).toEqual([]);
    expect(records.map((record) => [record.owner, record.type, record.rdata])).toEqual([
      ['a\\.b.example.com.', 'TXT', ['"\\195\\133"', '\\065']],
      ['unknown.example.com.', 'TYPE65534', ['\\#', '2', 'abcd']],
    ]);
  });

  it('reads a quoted part inside a word (RFC 9460: alpn="h3,h2") as one field', () => {
    const { records, problems } = readEntries('$TTL 60\n@ HTTPS 1 . alpn="h3,h2 x" port=443\n', ORIGIN);
    expect(problems).toEqual([]);
    expect(records[0]?.rdata).toEqual(['1', '.', 'alpn="h3,h2 x"', 'port=443']);
  });

  it('says every problem at once, each at the line and column of its field, and reads the rest', () => {
    const text = [
      '$INCLUDE other.zone',
      '$GENERATE 1-4 host$ A 192.0.2.$',
      'www A 192.0.2.1',
      '$TTL forever',
      'ch CH TXT "chaos"',
      'bad 60 IN',
      '$ORIGIN',
      'ok 60 A 192.0.2.9',
    ].join('\n');
    const { records, problems } = readEntries(text, ORIGIN);
    expect(problems).toEqual([
      { line: 1, col: 1, message: expect.stringContaining('$INCLUDE is not supported') },
      { line: 2, col: 1, message: '$GENERATE is not a directive edgeplan reads ($ORIGIN, $TTL)' },
      { line: 3, col: 1, message: 'the record has no TTL, and neither $TTL nor an earlier record gives one' },
      { line: 4, col: 6, message: '$TTL: forever is not a TTL' },
      { line: 5, col: 4, message: 'class CH is not supported (only IN)' },
      { line: 6, col: 8, message: 'the record has no type' },
      { line: 7, col: 1, message: '$ORIGIN takes exactly one value' },
    ]);
    expect(records.map((record) => record.owner)).toEqual(['ok.example.com.']);
  });

  it('refuses a record without an owner before any owner is known', () => {
    const { problems } = readEntries('  60 A 192.0.2.1\n', ORIGIN);
    expect(problems).toEqual([
      { line: 1, col: 3, message: 'the record has no owner name, and no record before it has one' },
    ]);
  });
});

describe('readEntries: the class and TTL fields (RFC 1035 §5.1, RFC 3597 §5)', () => {
  const problemsOf = (line: string) => readEntries(`$TTL 60\n${line}\n`, ORIGIN).problems;
  const typeOf = (line: string) => readEntries(`$TTL 60\n${line}\n`, ORIGIN).records[0]?.type;

  it.each(['CH', 'HS', 'CS', 'NONE', 'ANY', 'hs', 'CLASS3', 'CLASS255'])(
    'reads %s as a class, and refuses it: only IN is served',
    (klass) => {
      expect(problemsOf(`www ${klass} A 192.0.2.1`)).toEqual([
        { line: 2, col: 5, message: `class ${klass.toUpperCase()} is not supported (only IN)` },
      ]);
    },
  );

  it('takes CLASS1, the number of IN, as IN', () => {
    expect(problemsOf('www 60 CLASS1 A 192.0.2.1')).toEqual([]);
    expect(typeOf('www CLASS1 300 A 192.0.2.1')).toBe('A');
  });

  it('reads a word that is CLASS with more or less than digits as no class', () => {
    expect(typeOf('www CLASS1X TXT "x"')).toBe('CLASS1X');
    expect(typeOf('www XCLASS1 TXT "x"')).toBe('XCLASS1');
  });

  it('takes each field once: a second class does not overwrite the first (a CH record is not taken as IN)', () => {
    expect(problemsOf('www CH IN A 192.0.2.1')).toEqual([
      { line: 2, col: 5, message: 'class CH is not supported (only IN)' },
    ]);
  });

  // BIND refuses each (named-checkzone: "unknown RR type 'IN'"); test/providers/zonefile/refusals-checkzone.test.ts
  // shows it does on the same text.
  it.each([
    ['www IN IN A 192.0.2.1', 8, 'IN is a second class after IN: a record has one class (RFC 1035 §5.1)'],
    ['www in 60 IN A 192.0.2.1', 11, 'IN is a second class after in: a record has one class (RFC 1035 §5.1)'],
    [
      'www CLASS1 IN A 192.0.2.1',
      12,
      'IN is a second class after CLASS1: a record has one class (RFC 1035 §5.1)',
    ],
    [
      'www IN CLASS1 A 192.0.2.1',
      8,
      'CLASS1 is a second class after IN: a record has one class (RFC 1035 §5.1)',
    ],
    ['www IN CH A 192.0.2.1', 8, 'CH is a second class after IN: a record has one class (RFC 1035 §5.1)'],
    [
      'www 300 600 A 192.0.2.1',
      9,
      '600 is a second TTL: a record has one TTL, before or after its class (RFC 1035 §5.1)',
    ],
    [
      'www 300 IN 1h A 192.0.2.1',
      12,
      '1h is a second TTL: a record has one TTL, before or after its class (RFC 1035 §5.1)',
    ],
  ])('refuses a field given twice: %s', (line, col, message) => {
    expect(problemsOf(line)).toEqual([{ line: 2, col, message }]);
  });

  it('reads TTL and class in either order (RFC 1035 §5.1)', () => {
    expect(readEntries('www 300 IN A 192.0.2.1\nftp IN 60 A 192.0.2.2\n', ORIGIN)).toEqual({
      records: [
        expect.objectContaining({ owner: 'www.example.com.', ttl: 300, type: 'A', line: 1, col: 1 }),
        expect.objectContaining({ owner: 'ftp.example.com.', ttl: 60, type: 'A', line: 2, col: 1 }),
      ],
      problems: [],
    });
  });

  it('refuses a type with other characters than letters, digits and hyphens, and a record ending at its TTL', () => {
    expect(problemsOf('www A! 192.0.2.1')).toEqual([{ line: 2, col: 5, message: 'A! is not a record type' }]);
    // A TTL-like word that is no TTL, after a TTL, is no type either (BIND: "unknown RR type '1A'").
    expect(problemsOf('www 60 IN 1A 192.0.2.1')).toEqual([
      { line: 2, col: 11, message: '1A is not a record type' },
    ]);
    expect(problemsOf('www 60')).toEqual([{ line: 2, col: 5, message: 'the record has no type' }]);
    expect(problemsOf('www IN')).toEqual([{ line: 2, col: 5, message: 'the record has no type' }]);
    expect(problemsOf('www')).toEqual([{ line: 2, col: 1, message: 'the record has no type' }]);
  });
});
