import { type ParseResult, parsed, refused } from './record-type.js';

/**
 * RFC 1035 <character-string>s in presentation format: each one quoted, at most 255 octets, `"` and `\` escaped
 * with a backslash, every octet outside printable ASCII written `\DDD` (decimal). Used by TXT, SPF, CAA and NAPTR.
 */

const MAX_OCTETS = 255;

/** Text → one quoted string (it must fit in 255 octets; `quoteChunks` splits longer text). */
export function quote(text: string): string {
  return `"${escapeOctets(Buffer.from(text, 'utf8'))}"`;
}

/** Text of any length → quoted strings of at most 255 octets each, separated by one space. */
export function quoteChunks(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return '""';
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += MAX_OCTETS)
    chunks.push(`"${escapeOctets(bytes.subarray(start, start + MAX_OCTETS))}"`);
  return chunks.join(' ');
}

function escapeOctets(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, '0')}`;
  }
  return out;
}

/**
 * Presentation text → the octets of each <character-string>, as UTF-8 text (invalid UTF-8 is refused: the YAML
 * side is text). Quoted strings and bare words are both accepted, as in a zone file.
 */
export function unquoteAll(text: string): { ok: true; strings: string[] } | { ok: false; problem: string } {
  const strings: string[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text.charAt(i))) i += 1;
  };
  skipSpace();
  while (i < text.length) {
    const quoted = text.charAt(i) === '"';
    if (quoted) i += 1;
    const octets: number[] = [];
    while (i < text.length) {
      const c = text.charAt(i);
      if (quoted ? c === '"' : /\s/.test(c)) break;
      if (c === '\\') {
        const digits = text.slice(i + 1, i + 4);
        if (/^\d{3}$/.test(digits) && Number(digits) <= 255) {
          octets.push(Number(digits));
          i += 4;
          continue;
        }
        if (i + 1 >= text.length) return { ok: false, problem: 'it ends with a lone backslash' };
        i += 1;
      }
      octets.push(...Buffer.from(text.charAt(i), 'utf8'));
      i += 1;
    }
    if (quoted) {
      if (text.charAt(i) !== '"') return { ok: false, problem: 'a quoted string is not closed' };
      i += 1;
    }
    if (octets.length > MAX_OCTETS)
      return { ok: false, problem: `a string has ${octets.length} octets (at most ${MAX_OCTETS})` };
    const decoded = new TextDecoder('utf-8', { fatal: true });
    try {
      strings.push(decoded.decode(Uint8Array.from(octets)));
    } catch {
      return { ok: false, problem: 'a string is not valid UTF-8' };
    }
    skipSpace();
  }
  return { ok: true, strings };
}

/** Presentation text of one or more strings → the canonical value of text that may be chunked anywhere. */
export function canonicalText(text: string): ParseResult {
  const result = unquoteAll(text);
  if (!result.ok) return refused(`"${text}" is not valid text: ${result.problem}`);
  return parsed(quoteChunks(result.strings.join('')));
}
