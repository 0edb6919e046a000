/**
 * A zone file's octets as text: UTF-8, a leading byte-order mark dropped. Octets that are not UTF-8 are said where
 * the first of them is, at the line and column the lexer (lexer.ts) would give a token there: lines end at LF only,
 * columns count UTF-16 code units from 1.
 */

export type Utf8Read =
  | { ok: true; text: string }
  | {
      ok: false;
      /** 1-based line and column of the first octet of the first sequence that is not a UTF-8 character. */
      line: number;
      col: number;
      /** That octet. */
      octet: number;
    };

const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const LENIENT = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

export function readUtf8(bytes: Uint8Array): Utf8Read {
  try {
    return { ok: true, text: STRICT.decode(bytes) };
  } catch {
    const bad = firstBadOctet(bytes);
    // The octets before it are UTF-8: decoded as the whole file would be, BOM and all.
    const before = LENIENT.decode(bytes.subarray(0, bad));
    const lineStart = before.lastIndexOf('\n') + 1;
    return {
      ok: false,
      line: lineBreaks(before) + 1,
      col: before.length - lineStart + 1,
      octet: bytes[bad] ?? 0,
    };
  }
}

/**
 * The offset of the first octet that does not start a well-formed UTF-8 sequence (The Unicode Standard, table 3-7:
 * no overlong forms, no surrogates, nothing past U+10FFFF, none cut short); `bytes.length` when there is none.
 */
export function firstBadOctet(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const size = sequenceSize(bytes, at);
    if (size === 0) return at;
    at += size;
  }
  return at;
}

/** [size, lowest second octet, highest second octet] of a sequence by its lead octet; size 0: no sequence. */
function shapeOf(lead: number): readonly [number, number, number] {
  if (lead < 0x80) return [1, 0, 0];
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return [0, 0, 0];
}

/** The size of the well-formed sequence at `at`, or 0. */
function sequenceSize(bytes: Uint8Array, at: number): number {
  const [size, low, high] = shapeOf(bytes[at] ?? 0);
  if (size <= 1) return size;
  const second = bytes[at + 1] ?? 0;
  if (second < low || second > high) return 0;
  for (let k = 2; k < size; k++) {
    const next = bytes[at + k] ?? 0;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return size;
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}
