import { checkEre } from './posix-ere.js';

/**
 * Why a NAPTR `regexp` is not a substitution expression of RFC 3403 §3.2, or null (an empty one is: it goes with a
 * replacement name):
 *
 *   subst-expr = delim-char ERE delim-char repl delim-char *flags      flags = "i"
 *
 * The delimiter is the first character: any but a digit, `\`, the flag `i` or NUL, and the same all through; in the
 * ERE and the replacement `\` escapes the next character (an escaped delimiter is no delimiter); the replacement's
 * back-references `\1`–`\9` name groups of the ERE (`\0` is not one); the ERE is well formed (posix-ere.ts). A
 * regexp name servers refuse (BIND's `named-checkzone` reads it this way) would fail a zone upload, or be served as
 * a record no client can use, so it is refused at validation instead.
 */
export function naptrRegexpProblem(regexp: string): string | null {
  if (regexp === '') return null;
  if (regexp.includes('\0')) return 'it contains a NUL character';
  const delim = regexp.charAt(0);
  if (!/^[!-~]$/.test(delim) || /^[0-9\\i]$/.test(delim))
    return (
      `its delimiter ${JSON.stringify(delim)} must be a visible ASCII character other than a digit, "\\" and ` +
      'the flag "i" (such as "!" or "/")'
    );
  const parts = split(regexp.slice(1), delim);
  if (typeof parts === 'string') return parts;
  const [ere, replacement, flags] = parts;
  if (!/^i*$/.test(flags))
    return `its flags ${JSON.stringify(flags)} are not empty or "i" (RFC 3403 §3.2 has one flag, i)`;
  const checked = checkEre(ere);
  if (!checked.ok) return `its regular expression ${JSON.stringify(ere)} is malformed: ${checked.problem}`;
  const escaped = [...replacement.matchAll(/\\(.)/gs)].map((match) => match[1] ?? '');
  if (escaped.includes('0'))
    return 'its replacement has "\\0", which is no back-reference (they are \\1 to \\9)';
  const highest = Math.max(0, ...escaped.map(backReference));
  if (highest > checked.groups)
    return (
      `its replacement refers to group ${highest}, but the regular expression has ` +
      `${checked.groups === 1 ? '1 group' : `${checked.groups} groups`}`
    );
  return null;
}

/** The back-reference a `\X` of the replacement makes: 1–9, else 0 (an escaped character). */
function backReference(escaped: string): number {
  return /^[1-9]$/.test(escaped) ? Number(escaped) : 0;
}

/** `ERE<d>replacement<d>flags` → its three parts, a `\` escaping the character after it; or why it is not. */
function split(body: string, delim: string): [string, string, string] | string {
  const parts = [''];
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    const last = parts.length - 1;
    if (c === '\\' && last < 2) {
      if (i + 1 >= body.length) return 'it ends with a lone "\\"';
      parts[last] += body.slice(i, i + 2);
      i += 1;
    } else if (c === delim) {
      if (parts.length === 3) return `it has more than three ${JSON.stringify(delim)} delimiters`;
      parts.push('');
    } else parts[last] += c;
  }
  const [ere = '', replacement = '', flags] = parts;
  if (flags === undefined)
    return `it needs three ${JSON.stringify(delim)} delimiters (delimiter, ERE, delimiter, replacement, delimiter, flags)`;
  return [ere, replacement, flags];
}
