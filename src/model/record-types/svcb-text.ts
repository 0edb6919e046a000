import { escapeAt, isWellFormed } from './character-strings.js';

/**
 * The text of SVCB and HTTPS SvcParams (RFC 9460 §2.1): each param is `key` or `key=value`, the value one RFC 1035
 * <character-string> (bare, or quoted to hold spaces), with `\X` and `\DDD` escapes. Canonical values write every
 * value bare and escaped (`escapeValue`), so that a canonical value is plain ASCII, never quoted, and splits at its
 * spaces into its fields.
 */

/** One param as written: its key text and its value's octets (null: no `=`, no value). */
export interface WrittenParam {
  key: string;
  value: Buffer | null;
}

export type ScannedParams = { ok: true; params: WrittenParam[] } | { ok: false; problem: string };

const SPACE = /[ \t\r\n]/;

/** `alpn=h2,h3 port="8443" no-default-alpn` → its params in the order written. */
export function scanParams(text: string): ScannedParams {
  if (!isWellFormed(text)) return { ok: false, problem: 'it is not valid Unicode (a lone surrogate)' };
  const params: WrittenParam[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && SPACE.test(text.charAt(i))) i += 1;
    if (i >= text.length) return { ok: true, params };
    const start = i;
    while (i < text.length && !SPACE.test(text.charAt(i)) && text.charAt(i) !== '=') i += 1;
    const key = text.slice(start, i);
    if (text.charAt(i) !== '=') {
      params.push({ key, value: null });
      continue;
    }
    i += 1;
    const quoted = text.charAt(i) === '"';
    if (quoted) i += 1;
    const valueStart = i;
    while (i < text.length && (quoted ? text.charAt(i) !== '"' : !SPACE.test(text.charAt(i))))
      i += text.charAt(i) === '\\' ? 2 : 1;
    if (quoted && i >= text.length)
      return { ok: false, problem: `the value of ${key} is not closed by a quote` };
    const decoded = decodeValue(text.slice(valueStart, Math.min(i, text.length)), { quoted });
    if (!decoded.ok) return { ok: false, problem: `the value of ${key}: ${decoded.problem}` };
    if (quoted) i += 1;
    if (i < text.length && !SPACE.test(text.charAt(i)))
      return { ok: false, problem: `the quoted value of ${key} is followed by text without a space` };
    params.push({ key, value: decoded.octets });
  }
}

export type DecodedValue = { ok: true; octets: Buffer } | { ok: false; problem: string };

/**
 * A <character-string>'s text without its quotes → its octets: `\DDD` one octet, `\X` the character X, anything
 * else itself in UTF-8. A bare value holds no quote (RFC 1035 §5.1); YAML values are read as quoted ones.
 */
export function decodeValue(text: string, { quoted }: { quoted: boolean }): DecodedValue {
  if (!isWellFormed(text)) return { ok: false, problem: 'it is not valid Unicode (a lone surrogate)' };
  const octets: number[] = [];
  for (let i = 0; i < text.length; ) {
    const character = String.fromCodePoint(text.codePointAt(i) ?? 0);
    if (character === '\\') {
      const escaped = escapeAt(text, i + 1);
      if (!escaped.ok) return escaped;
      octets.push(...escaped.octets);
      i += 1 + escaped.length;
      continue;
    }
    if (!quoted && character === '"') return { ok: false, problem: 'a quote inside an unquoted value' };
    octets.push(...Buffer.from(character, 'utf8'));
    i += character.length;
  }
  return { ok: true, octets: Buffer.from(octets) };
}

/**
 * Octets → a bare <character-string>: visible ASCII as itself, but `"`, `\`, `;`, `(` and `)` (which a zone file
 * reads as quoting, comments and grouping) as `\X`, and every other octet (space, controls, non-ASCII) as `\DDD`.
 */
export function escapeValue(octets: Uint8Array): string {
  let out = '';
  for (const byte of octets) {
    if (byte <= 0x20 || byte >= 0x7f) out += `\\${String(byte).padStart(3, '0')}`;
    else if ('"\\;()'.includes(String.fromCharCode(byte))) out += `\\${String.fromCharCode(byte)}`;
    else out += String.fromCharCode(byte);
  }
  return out;
}
