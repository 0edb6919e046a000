/**
 * A zone file's octets as text (src/model/zone-file/utf8-text.ts): where the first octet that is not UTF-8 is, at
 * the line and column the lexer counts, and the same verdict as the platform's own strict UTF-8 decoder.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexMasterFile } from '../../../src/model/zone-file/lexer.js';
import { firstBadOctet, readUtf8 } from '../../../src/model/zone-file/utf8-text.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))),
  );

describe('readUtf8', () => {
  it('gives the text of UTF-8 octets, a byte-order mark dropped', () => {
    expect(readUtf8(bytes('a\nü 😀\n'))).toEqual({ ok: true, text: 'a\nü 😀\n' });
    expect(readUtf8(bytes([0xef, 0xbb, 0xbf], 'x'))).toEqual({ ok: true, text: 'x' });
  });

  it('says the line and column of the first bad octet in UTF-16 code units, as the lexer counts', () => {
    const text = '$TTL 300\n@ SOA a. b. 1 2 3 4 5\nü😀\r x ';
    const position = readUtf8(bytes(text, [0xff], '\n\xff'));
    // The lexer gives a token put where the octet is this same place.
    const token = lexMasterFile(`${text}Z`).entries.at(-1)?.tokens.at(-1);
    expect(position).toEqual({ ok: false, line: 3, col: 8, octet: 0xff });
    expect(token).toMatchObject({ raw: 'Z', line: 3, col: 8 });
  });

  it('counts no column for a byte-order mark, and only LF as a line break', () => {
    expect(readUtf8(bytes([0xef, 0xbb, 0xbf, 0x80]))).toEqual({ ok: false, line: 1, col: 1, octet: 0x80 });
    expect(readUtf8(bytes('a\rb', [0xfe]))).toEqual({ ok: false, line: 1, col: 4, octet: 0xfe });
    expect(readUtf8(bytes('\n\n', [0xc0, 0x80]))).toEqual({ ok: false, line: 3, col: 1, octet: 0xc0 });
  });

  it('takes a character of every plane, leads F0 to F4, up to U+10FFFF (The Unicode Standard, table 3-7)', () => {
    const planes = '\u{10000}\u{40000}\u{fffff}\u{100000}\u{10ffff}';
    expect(bytes(planes).filter((octet) => octet >= 0xf0).length).toBe(5);
    expect(readUtf8(bytes(planes))).toEqual({ ok: true, text: planes });
    // Two UTF-16 code units each: the octet after them is at column 11.
    expect(readUtf8(bytes(planes, [0xff]))).toEqual({ ok: false, line: 1, col: 11, octet: 0xff });
  });

  it('puts a sequence that is not a character at its first octet, whatever is wrong with it', () => {
    const cases: [string, number[]][] = [
      ['a stray continuation octet', [0x80]],
      ['an overlong form', [0xe0, 0x80, 0xaf]],
      ['a surrogate', [0xed, 0xa0, 0x80]],
      ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
      ['an octet UTF-8 never has', [0xf5, 0x80, 0x80, 0x80]],
      ['a character cut short by text', [0xe2, 0x82, 0x41]],
      ['a character cut short by the end', [0xf0, 0x9f, 0x98]],
    ];
    for (const [why, octets] of cases)
      expect({ why, read: readUtf8(bytes('ab', octets)) }).toEqual({
        why,
        read: { ok: false, line: 1, col: 3, octet: octets[0] },
      });
  });
});

describe('firstBadOctet', () => {
  it('agrees with the strict UTF-8 decoder: the octets before it decode, the decoder replaces the one there', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    const octet = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xff }));
    const text = fc.string({ unit: 'grapheme' }).map((s) => [...Buffer.from(s, 'utf8')]);
    const input = fc.array(fc.oneof(text, fc.array(octet, { maxLength: 4 })), { maxLength: 8 });
    fc.assert(
      fc.property(input, (parts) => {
        const all = Uint8Array.from(parts.flat());
        const bad = firstBadOctet(all);
        expect(() => strict.decode(all.subarray(0, bad))).not.toThrow();
        if (bad === all.length) expect(() => strict.decode(all)).not.toThrow();
        else {
          expect(() => strict.decode(all)).toThrow();
          expect(lenient.decode(all.subarray(bad)).charAt(0)).toBe('\ufffd');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
