/**
 * RFC 1035 §5.1 <character-string>s in presentation format: a quoted string (spaces allowed inside) or a bare word,
 * `\X` quoting the character X and `\DDD` one octet in decimal. Canonical values write every string quoted, `"` and
 * `\` escaped, and every octet outside printable ASCII as `\DDD`, so that they are plain ASCII whatever the text.
 * Used by TXT, SPF, CAA and NAPTR.
 */

/** Most octets of one <character-string> (its length is one octet on the wire). */
export const MAX_STRING_OCTETS = 255;

/** One string of a presentation text: as written (`raw`, quotes included), and its octets. */
export interface PresentationToken {
  raw: string;
  quoted: boolean;
  octets: Buffer;
}

export type Scanned = { ok: true; tokens: PresentationToken[] } | { ok: false; problem: string };

/** Text → one quoted string (no length limit: TXT splits long text with `quoteChunks`, CAA values have none). */
export function quote(text: string): string {
  return quoteOctets(Buffer.from(text, 'utf8'));
}

/** Text of any length → quoted strings of at most 255 octets each, separated by one space (RFC 1035 §3.3.14). */
export function quoteChunks(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return '""';
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += MAX_STRING_OCTETS)
    chunks.push(quoteOctets(bytes.subarray(start, start + MAX_STRING_OCTETS)));
  return chunks.join(' ');
}

/** Octets → one quoted string, escaped as above (the octets of a string read from the wire). */
export function quoteOctets(bytes: Uint8Array): string {
  let out = '"';
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

const SPACE = /^[ \t\r\n]$/;

/**
 * Presentation text → its strings, in order. Strings are separated by spaces or tabs; a quoted string may hold
 * spaces; a backslash followed by a digit must start a `\DDD` escape of 000–255. Length limits are the caller's.
 */
export function scanStrings(text: string): Scanned {
  if (!isWellFormed(text)) return { ok: false, problem: 'it is not valid Unicode (a lone surrogate)' };
  const tokens: PresentationToken[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && SPACE.test(text.charAt(i))) i += 1;
    if (i >= text.length) return { ok: true, tokens };
    const start = i;
    const quoted = text.charAt(i) === '"';
    if (quoted) i += 1;
    const octets: number[] = [];
    for (;;) {
      if (i >= text.length) {
        if (quoted) return { ok: false, problem: 'a quoted string is not closed' };
        break;
      }
      const character = String.fromCodePoint(text.codePointAt(i) ?? 0);
      if (quoted ? character === '"' : SPACE.test(character)) break;
      if (!quoted && character === '"') return { ok: false, problem: 'a quote inside an unquoted string' };
      if (character === '\\') {
        const escaped = escapeAt(text, i + 1);
        if (!escaped.ok) return escaped;
        octets.push(...escaped.octets);
        i += 1 + escaped.length;
        continue;
      }
      const code = character.charCodeAt(0);
      if (code < 0x80) octets.push(code);
      else octets.push(...Buffer.from(character, 'utf8'));
      i += character.length;
    }
    if (quoted) i += 1;
    tokens.push({ raw: text.slice(start, i), quoted, octets: Buffer.from(octets) });
    if (quoted && i < text.length && !SPACE.test(text.charAt(i)))
      return { ok: false, problem: 'a quoted string is followed by text without a space' };
  }
}

/** The escape after a backslash at `at`: `\DDD` (exactly three digits, at most 255) or `\X`. */
export function escapeAt(
  text: string,
  at: number,
): { ok: true; octets: Uint8Array; length: number } | { ok: false; problem: string } {
  if (at >= text.length) return { ok: false, problem: 'it ends with a lone backslash' };
  if (/\d/.test(text.charAt(at))) {
    const digits = /^\d{1,3}/.exec(text.slice(at))?.[0] ?? '';
    if (digits.length !== 3 || Number(digits) > 255)
      return { ok: false, problem: `"\\${digits}" is not an escape: \\DDD is three digits, 000 to 255` };
    return { ok: true, octets: Uint8Array.of(Number(digits)), length: 3 };
  }
  const character = String.fromCodePoint(text.codePointAt(at) ?? 0);
  return { ok: true, octets: Buffer.from(character, 'utf8'), length: character.length };
}

/** Octets → text, or undefined when they are not UTF-8 (the YAML side of a value is text). */
export function decodeText(octets: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(octets);
  } catch {
    return undefined;
  }
}

/** False for a string with a lone surrogate, which has no UTF-8 encoding (YAML can write one as `"\uD800"`). */
export function isWellFormed(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}

/** The strings of a canonical value (which always scans), or none. */
export function canonicalStrings(value: string): PresentationToken[] {
  const scanned = scanStrings(value);
  return scanned.ok ? scanned.tokens : [];
}

/** The text of one string of a canonical value ('' when absent). */
export function tokenText(token: PresentationToken | undefined): string {
  return (token && decodeText(token.octets)) ?? '';
}
