import * as z from '../zod.js';
import {
  canonicalStrings,
  decodeText,
  isWellFormed,
  MAX_STRING_OCTETS,
  quoteChunks,
  quoteOctets,
  scanStrings,
} from './character-strings.js';
import { type ParseResult, parsed, type RecordType, refused, type ValueProblem } from './record-type.js';

/**
 * TXT (RFC 1035 §3.3.14): one or more <character-string>s of at most 255 octets each. YAML writes a value two ways:
 *
 * - **text** (`txt: ["v=spf1 -all"]`), as it is served, no quotes or escapes: split into 255-octet strings (as RFC
 *   1035 requires of long text). Its boundaries do not matter, as SPF and DKIM readers join the strings (RFC 7208
 *   §3.3, RFC 6376 §3.6.2.2): a live value of the same text split anywhere else meets it (`metBy`);
 * - **a list of strings** (`txt: [["txtvers=1", "rp=printers/lobby"]]`: one record of two strings), kept exactly,
 *   each of at most 255 octets: where each string means something of its own (DNS-SD, RFC 6763 §6.3).
 *
 * The canonical value is the strings, each quoted: `"v=spf1 -all"`, `"txtvers=1" "rp=printers/lobby"`; quotes,
 * backslashes and octets outside printable ASCII escaped (`\"`, `\\`, `\195`). A live value keeps its strings as
 * served. A list whose strings are the 255-octet split of their text (one string of up to 255 octets, most often)
 * is the same canonical value as that text, and `import` writes it as text; so it does strings of which one splits
 * a UTF-8 character (YAML holds text), so their text is written, which any split meets.
 */
export const TXT: RecordType = textValues('TXT', 'txt');

const STRING_ERROR = 'must be a string of text or a list of strings';

/** A type whose value is text (TXT, SPF); its fields are `txtdata`, the text, and `strings` when they matter. */
export function textValues(type: string, key: string): RecordType {
  return {
    type,
    key,
    yaml: z.lazy(() =>
      z.union(
        [
          z.string(),
          z.array(z.string()).check(z.minLength(1, { error: 'a list of strings must hold one at least' })),
        ],
        {
          error: STRING_ERROR,
        },
      ),
    ),
    parse: (input) => (Array.isArray(input) ? listed(input.map(String)) : text(String(input))),
    parsePresentation: canonicalText,
    toYaml: (value) => {
      const strings = canonicalStrings(value).map((token) => decodeText(token.octets));
      if (isTextSplit(value) || strings.some((one) => one === undefined)) return textOf(value);
      return strings;
    },
    fields: (value): Record<string, string> =>
      isTextSplit(value) ? { txtdata: textOf(value) } : { txtdata: textOf(value), strings: value },
    fromFields: (fields) => {
      if (typeof fields.strings === 'string') return canonicalText(fields.strings);
      return typeof fields.txtdata === 'string' ? text(fields.txtdata) : refused('txtdata is missing');
    },
    metBy: (desired, live) => isTextSplit(desired) && textOf(live) === textOf(desired),
  };
}

function text(value: string): ParseResult {
  if (!isWellFormed(value)) return refused('the text is not valid Unicode (it has a lone surrogate)');
  return parsed(quoteChunks(value));
}

/** A list of strings, each kept: every string checked, each problem at its index. */
function listed(strings: readonly string[]): ParseResult {
  const problems: ValueProblem[] = [];
  strings.forEach((one, index) => {
    if (!isWellFormed(one))
      problems.push({ path: [index], message: 'the string is not valid Unicode (it has a lone surrogate)' });
    else if (Buffer.byteLength(one, 'utf8') > MAX_STRING_OCTETS)
      problems.push({
        path: [index],
        message: `the string has ${Buffer.byteLength(one, 'utf8')} octets (at most ${MAX_STRING_OCTETS}); write longer text as one string, which is split at 255 octets`,
      });
  });
  if (problems.length > 0) return { ok: false, problems };
  return parsed(strings.map((one) => quoteOctets(Buffer.from(one, 'utf8'))).join(' '));
}

/**
 * Presentation text of one or more strings → the canonical value, every string kept. Its text must be UTF-8 (the
 * YAML side is text); a string may split a character (as the 255-octet split may): YAML cannot write such a string
 * on its own, so `toYaml` writes the text, which the value meets.
 */
export function canonicalText(presentation: string): ParseResult {
  const scanned = scanStrings(presentation);
  const problem = (why: string) => refused(`${presentation} is not valid text: ${why}`);
  if (!scanned.ok) return problem(scanned.problem);
  const { tokens } = scanned;
  if (tokens.length === 0) return problem('it has no string');
  const long = tokens.find((token) => token.octets.length > MAX_STRING_OCTETS);
  if (long) return problem(`a string has ${long.octets.length} octets (at most ${MAX_STRING_OCTETS})`);
  const joined = decodeText(Buffer.concat(tokens.map((token) => token.octets)));
  if (joined === undefined) return problem('it is not UTF-8 text');
  return parsed(tokens.map((token) => quoteOctets(token.octets)).join(' '));
}

/** The text of a canonical value: its strings unquoted and joined, octet by octet. */
export function textOf(value: string): string {
  return decodeText(Buffer.concat(canonicalStrings(value).map((token) => token.octets))) ?? value;
}

/** True when a canonical value's strings are the 255-octet split of its text: its boundaries carry nothing. */
export function isTextSplit(value: string): boolean {
  return quoteChunks(textOf(value)) === value;
}
