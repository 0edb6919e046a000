import * as z from 'zod';
import {
  decodeText,
  isWellFormed,
  MAX_STRING_OCTETS,
  quoteChunks,
  scanStrings,
} from './character-strings.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * TXT (RFC 1035 §3.3.14): text, written in YAML as it is served (no quotes, no escapes: `v=spf1 -all`). Text longer
 * than 255 octets is split into 255-octet strings, as RFC 1035 requires; where a live value was split elsewhere,
 * its strings are joined and split again, so only the text itself is compared (what SPF and DKIM readers see:
 * RFC 7208 §3.3, RFC 6376 §3.6.2.2). YAML: `txt: ["v=spf1 -all"]`; canonical: `"v=spf1 -all"`, and for long text
 * `"<255 octets>" "<the rest>"`; quotes, backslashes and octets outside printable ASCII escaped (`\"`, `\\`, `\195`).
 */
export const TXT: RecordType = textValues('TXT', 'txt');

/** A type whose value is text (TXT, SPF); its one field, `txtdata`, is the text itself (its strings joined). */
export function textValues(type: string, key: string): RecordType {
  return {
    type,
    key,
    yaml: z.lazy(() => z.string({ error: 'must be a string of text' })),
    parse: (input) => text(String(input)),
    parsePresentation: canonicalText,
    toYaml: (value) => textOf(value),
    fields: (value) => ({ txtdata: textOf(value) }),
    fromFields: (fields) =>
      typeof fields.txtdata === 'string' ? text(fields.txtdata) : refused('txtdata is missing'),
  };
}

function text(value: string): ParseResult {
  if (!isWellFormed(value)) return refused('the text is not valid Unicode (it has a lone surrogate)');
  return parsed(quoteChunks(value));
}

/** Presentation text of one or more strings, split anywhere → the canonical value of their joined text. */
export function canonicalText(presentation: string): ParseResult {
  const joined = joinedText(presentation);
  return typeof joined === 'string'
    ? parsed(quoteChunks(joined))
    : refused(`${presentation} is not valid text: ${joined.problem}`);
}

/** The text of a canonical value: its strings unquoted and joined. */
export function textOf(value: string): string {
  const joined = joinedText(value);
  return typeof joined === 'string' ? joined : value;
}

/** The strings of a presentation text joined, octet by octet (a split may fall inside a UTF-8 character). */
function joinedText(presentation: string): string | { problem: string } {
  const scanned = scanStrings(presentation);
  if (!scanned.ok) return { problem: scanned.problem };
  if (scanned.tokens.length === 0) return { problem: 'it has no string' };
  const long = scanned.tokens.find((token) => token.octets.length > MAX_STRING_OCTETS);
  if (long) return { problem: `a string has ${long.octets.length} octets (at most ${MAX_STRING_OCTETS})` };
  const decoded = decodeText(Buffer.concat(scanned.tokens.map((token) => token.octets)));
  return decoded ?? { problem: 'it is not UTF-8 text' };
}
