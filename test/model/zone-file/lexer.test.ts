/**
 * The lexical layer of RFC 1035 §5.1 master files (src/model/zone-file/lexer.ts): entries, tokens and problems,
 * each at the line and column where it starts, as `named-checkzone` reads the same text.
 */
import { describe, expect, it } from 'vitest';
import {
  type Entry,
  lexEntries,
  lexMasterFile,
  MAX_ENTRY_TOKENS,
  type Token,
  tokenOctets,
  tokenText,
} from '../../../src/model/zone-file/lexer.js';

/** Each entry as `line-lastLine[ ownerless]: raw@line:col …`. */
function shape(entries: readonly Entry[]): string[] {
  return entries.map(
    (e) =>
      `${e.line}-${e.lastLine}${e.ownerless ? ' ownerless' : ''}: ${e.tokens.map((t) => `${t.raw}@${t.line}:${t.col}`).join(' ')}`,
  );
}

function onlyToken(text: string): Token {
  const { entries, problems } = lexMasterFile(text);
  expect(problems).toEqual([]);
  expect(entries).toHaveLength(1);
  expect(entries[0]?.tokens).toHaveLength(1);
  return entries[0]?.tokens[0] as Token;
}

describe('lexMasterFile: entries and where their fields are', () => {
  it('gives one entry a line, drops blank and comment lines, and places every field at its line and column', () => {
    const text = [
      '$TTL 60', // 1
      '', // 2
      '; a comment', // 3
      'www  IN\tA 192.0.2.1 ; trailing', // 4
      '  A 192.0.2.2', // 5
      '\tTXT "a b;c"', // 6
      '   ', // 7: only spaces
      '@ SOA ns hm ( 1 ; serial', // 8
      '  2 3', // 9
      '  4 5 )', // 10
    ].join('\n');
    const { entries, problems } = lexMasterFile(text);
    expect(problems).toEqual([]);
    expect(shape(entries)).toEqual([
      '1-1: $TTL@1:1 60@1:6',
      '4-4: www@4:1 IN@4:6 A@4:9 192.0.2.1@4:11',
      '5-5 ownerless: A@5:3 192.0.2.2@5:5',
      '6-6 ownerless: TXT@6:2 "a b;c"@6:6',
      '8-10: @@8:1 SOA@8:3 ns@8:7 hm@8:10 1@8:15 2@9:3 3@9:5 4@10:3 5@10:5',
    ]);
  });

  it('counts a carriage return as a column, not a line (CRLF files)', () => {
    const { entries } = lexMasterFile('a A 192.0.2.1\r\n\r\nb\r A 192.0.2.2\r\n');
    expect(shape(entries)).toEqual(['1-1: a@1:1 A@1:3 192.0.2.1@1:5', '3-3: b@3:1 A@3:4 192.0.2.2@3:6']);
  });

  it('ends the last entry at the end of the text, with or without a line break', () => {
    expect(shape(lexMasterFile('a A 192.0.2.1').entries)).toEqual(['1-1: a@1:1 A@1:3 192.0.2.1@1:5']);
    expect(shape(lexMasterFile('a (\nA 192.0.2.1 )').entries)).toEqual(['1-2: a@1:1 A@2:1 192.0.2.1@2:3']);
    expect(lexMasterFile('').entries).toEqual([]);
    expect(lexMasterFile('\n\n; nothing\n').entries).toEqual([]);
  });

  it('reads a token as written: raw, body without quotes, quoted, escaped', () => {
    expect(onlyToken('abc')).toEqual({
      raw: 'abc',
      body: 'abc',
      quoted: false,
      escaped: false,
      line: 1,
      col: 1,
    });
    expect(onlyToken('  "a \\"b" ')).toEqual({
      raw: '"a \\"b"',
      body: 'a \\"b',
      quoted: true,
      escaped: true,
      line: 1,
      col: 3,
    });
    expect(onlyToken('""')).toEqual({ raw: '""', body: '', quoted: true, escaped: false, line: 1, col: 1 });
    // A quoted part inside a word (RFC 9460): one field, not quoted as a whole; `;` and spaces inside it kept.
    expect(onlyToken('alpn="h3; x",h2 ')).toEqual({
      raw: 'alpn="h3; x",h2',
      body: 'alpn="h3; x",h2',
      quoted: false,
      escaped: false,
      line: 1,
      col: 1,
    });
    // Its quotes and escapes are the type's to read (svcb.ts), as written: the word is not `escaped`.
    expect(onlyToken('key="a\\"b"')).toMatchObject({
      raw: 'key="a\\"b"',
      body: 'key="a\\"b"',
      escaped: false,
    });
  });

  it('ends an unquoted word at a space, tab, CR, line break, semicolon or parenthesis', () => {
    const { entries } = lexMasterFile('a b\tc\rd;e\nf(g)h');
    expect(shape(entries)).toEqual(['1-1: a@1:1 b@1:3 c@1:5 d@1:7', '2-2: f@2:1 g@2:3 h@2:5']);
  });

  it('keeps lines and columns right after a quoted string that spans lines by an escaped line break', () => {
    const { entries, problems } = lexMasterFile('t TXT "one\\\ntwo" x\nnext A 192.0.2.1\n');
    expect(problems).toEqual([]);
    expect(shape(entries)).toEqual([
      '1-2: t@1:1 TXT@1:3 "one\\\ntwo"@1:7 x@2:6',
      '3-3: next@3:1 A@3:6 192.0.2.1@3:8',
    ]);
    expect(tokenOctets(entries[0]?.tokens[2] as Token)).toEqual(Buffer.from('one\ntwo'));
  });
});

describe('lexMasterFile: problems at the line and column of what they are about', () => {
  it('says a ")" without "(" where it is, and reads the entry on', () => {
    const { entries, problems } = lexMasterFile('a A 192.0.2.1\nb ) A 192.0.2.2\n');
    expect(problems).toEqual([{ line: 2, col: 3, message: '")" without "("' }]);
    expect(shape(entries)).toEqual(['1-1: a@1:1 A@1:3 192.0.2.1@1:5', '2-2: b@2:1 A@2:5 192.0.2.2@2:7']);
  });

  it('says an unclosed "(" where it opened, and drops the entry it would have swallowed', () => {
    // named-checkzone refuses it too (at the end of the file: "near eof: unbalanced parentheses").
    const { entries, problems } = lexMasterFile('a A 192.0.2.1\nmx MX ( 10\n  mail\nb A 192.0.2.2\n\n');
    expect(problems).toEqual([{ line: 2, col: 7, message: '"(" is not closed before the end of the file' }]);
    expect(shape(entries)).toEqual(['1-1: a@1:1 A@1:3 192.0.2.1@1:5']);
  });

  it('says the outermost "(" of nested ones, and the first of an entry opened again', () => {
    expect(lexMasterFile('x TXT ( ( "a" )\n"b"').problems).toEqual([
      { line: 1, col: 7, message: '"(" is not closed before the end of the file' },
    ]);
    expect(lexMasterFile('x TXT ( "a" ) ( "b"\n').problems).toEqual([
      { line: 1, col: 15, message: '"(" is not closed before the end of the file' },
    ]);
    expect(lexMasterFile('x TXT ( "a" )\ny TXT (\n"b"').problems).toEqual([
      { line: 2, col: 7, message: '"(" is not closed before the end of the file' },
    ]);
  });

  it('says a quoted string left open at its opening quote, drops its entry and reads the next line', () => {
    const { entries, problems } = lexMasterFile('a TXT "x" "open\nb A 192.0.2.1\n');
    expect(problems).toEqual([{ line: 1, col: 11, message: 'a quoted string is not closed on its line' }]);
    expect(shape(entries)).toEqual(['2-2: b@2:1 A@2:3 192.0.2.1@2:5']);
    expect(lexMasterFile('a TXT "open').problems).toEqual([
      { line: 1, col: 7, message: 'a quoted string is not closed on its line' },
    ]);
  });

  it('says a quoted part of a word left open on its line at the word', () => {
    expect(lexMasterFile('h HTTPS 1 . alpn="h3\nb A 192.0.2.1\n').problems).toEqual([
      { line: 1, col: 13, message: 'a quoted string is not closed on its line' },
    ]);
    expect(lexMasterFile('h HTTPS 1 . alpn="h3\\"').problems).toEqual([
      { line: 1, col: 13, message: 'a quoted string is not closed on its line' },
    ]);
  });

  it('says a backslash that ends a line outside quotes at its word (BIND: a syntax error)', () => {
    const { entries, problems } = lexMasterFile('a TXT ab\\\nb A 192.0.2.1\n');
    expect(problems).toEqual([
      {
        line: 1,
        col: 7,
        message: 'a backslash ends the line outside quotes: write a line break as \\010, or quote it',
      },
    ]);
    expect(shape(entries)).toEqual(['2-2: b@2:1 A@2:3 192.0.2.1@2:5']);
  });

  it.each([
    ['\\256', '"\\256" is not an escape: \\DDD is three digits from 000 to 255'],
    ['\\12x', '"\\12" is not an escape: \\DDD is three digits from 000 to 255'],
    ['\\1', '"\\1" is not an escape: \\DDD is three digits from 000 to 255'],
    ['"\\', 'a quoted string is not closed on its line'],
    ['x\\', 'a backslash with nothing after it'],
  ])('says the bad escape %s at its word', (word, message) => {
    expect(lexMasterFile(`a TXT ${word}`).problems).toEqual([{ line: 1, col: 7, message }]);
  });

  it('says one problem per line and goes on with the next', () => {
    const { entries, problems } = lexMasterFile('a TXT \\999 "open\n  "b" \\300\nc A 192.0.2.1');
    expect(problems.map((p) => `${p.line}:${p.col}`)).toEqual(['1:7', '2:7']);
    expect(shape(entries)).toEqual(['3-3: c@3:1 A@3:3 192.0.2.1@3:5']);
  });

  it('drops an entry with a problem on its first line but keeps the lines it spans counted', () => {
    const { entries, problems } = lexMasterFile('a TXT ( \\999\n "b" )\nc A 192.0.2.1\n');
    expect(problems).toEqual([
      { line: 1, col: 9, message: '"\\999" is not an escape: \\DDD is three digits from 000 to 255' },
    ]);
    expect(shape(entries)).toEqual(['3-3: c@3:1 A@3:3 192.0.2.1@3:5']);
  });
});

describe('lexMasterFile: an entry of more fields than any record has (RFC 1035 §3.2.1)', () => {
  // Budget: 0.8 s at load 20, 10 s under mutation testing's coverage there; ten times that, rounded up.
  it('reads an entry of exactly the most fields, and refuses one more at that field', {
    timeout: 100_000,
  }, () => {
    const most = Array.from({ length: MAX_ENTRY_TOKENS - 1 }, () => 'a').join(' ');
    const read = lexMasterFile(`x ${most}\n`);
    expect(read.problems).toEqual([]);
    expect(read.entries[0]?.tokens).toHaveLength(MAX_ENTRY_TOKENS);
    const over = lexMasterFile(`x ${most} b\ny A 192.0.2.1`);
    expect(over.problems).toEqual([
      {
        line: 1,
        col: 2 * MAX_ENTRY_TOKENS + 1,
        message: expect.stringContaining('of more than 65,545 fields'),
      },
    ]);
    expect(shape(over.entries)).toEqual(['2-2: y@2:1 A@2:3 192.0.2.1@2:5']);
  });
});

describe('lexEntries: one entry at a time', () => {
  it('gives each entry and problem in file order, before reading what follows', () => {
    const items = lexEntries('a A 192.0.2.1\nb ) A 192.0.2.2\nc TXT "x');
    const first = items.next();
    expect(first.done).toBe(false);
    expect(first.value).toMatchObject({
      line: 1,
      tokens: [{ raw: 'a' }, { raw: 'A' }, { raw: '192.0.2.1' }],
    });
    expect(items.next().value).toEqual({ line: 2, col: 3, message: '")" without "("' });
    expect(items.next().value).toMatchObject({
      line: 2,
      tokens: [{ raw: 'b' }, { raw: 'A' }, { raw: '192.0.2.2' }],
    });
    expect(items.next().value).toEqual({
      line: 3,
      col: 7,
      message: 'a quoted string is not closed on its line',
    });
    expect(items.next().done).toBe(true);
  });
});

describe('tokenOctets and tokenText: escapes resolved', () => {
  it('resolves \\DDD to one octet and \\X to the octets of X', () => {
    const token = onlyToken('"\\065\\"\\\\\\;\\195\\133"');
    expect(tokenOctets(token)).toEqual(Buffer.from([0x41, 0x22, 0x5c, 0x3b, 0xc3, 0x85]));
    expect(tokenText(token)).toBe('A"\\;Å');
    expect(tokenOctets(onlyToken('\\000\\255'))).toEqual(Buffer.from([0, 255]));
  });

  it('keeps characters beyond one UTF-16 unit whole, escaped or not', () => {
    const token = onlyToken('a😀\\😀b');
    expect(tokenOctets(token)).toEqual(Buffer.from('a😀😀b', 'utf8'));
    expect(tokenText(token)).toBe('a😀😀b');
    expect(tokenOctets(onlyToken('\\é'))).toEqual(Buffer.from('é', 'utf8'));
  });

  it('reads a token without escapes as its body', () => {
    const token = onlyToken('"é x"');
    expect(tokenText(token)).toBe('é x');
    expect(tokenOctets(token)).toEqual(Buffer.from('é x', 'utf8'));
  });

  it('gives no octets for a token whose escapes do not resolve (one made by hand)', () => {
    const bad: Token = { raw: '\\999', body: '\\999', quoted: false, escaped: true, line: 1, col: 1 };
    expect(tokenOctets(bad)).toEqual(Buffer.alloc(0));
    expect(tokenText(bad)).toBe('');
  });

  it('reads digits after a \\DDD as themselves', () => {
    expect(tokenOctets(onlyToken('\\0491'))).toEqual(Buffer.from('11'));
  });
});
