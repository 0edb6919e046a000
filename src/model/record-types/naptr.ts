import * as z from '../zod.js';
import {
  canonicalStrings,
  decodeText,
  MAX_STRING_OCTETS,
  quote,
  scanStrings,
  tokenText,
} from './character-strings.js';
import { FieldChecks } from './fields.js';
import {
  hostnameToYaml,
  hostnameYaml,
  parseAbsoluteHostname,
  parseApiHostname,
  parseHostname,
} from './hostname.js';
import { naptrRegexpProblem } from './naptr-regexp.js';
import { byLeadingNumbers, uint16 } from './numbers.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

const FLAGS_ERROR = 'must be letters and digits, such as U, S, A or P (or empty)';

/**
 * NAPTR (RFC 3403 §4): order and preference (0–65535), flags (letters and digits, case-insensitive: canonical in
 * upper case), services, a substitution regexp and a replacement name (`.` when the regexp is used: the two are
 * mutually exclusive, RFC 3403 §4.1). YAML:
 * `{ order: 100, preference: 10, flags: U, service: E2U+sip, regexp: "!^.*$!sip:info@example.com!", replacement: . }`;
 * canonical: `100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .`.
 */
export const NAPTR: RecordType = {
  type: 'NAPTR',
  key: 'naptr',
  yaml: z.lazy(() =>
    z.strictObject({
      order: uint16(),
      preference: uint16(),
      flags: z.string({ error: FLAGS_ERROR }).check(z.regex(/^[A-Za-z0-9]*$/, { error: FLAGS_ERROR })),
      service: z.string({ error: 'must be a string such as E2U+sip (or empty)' }),
      regexp: z.string({ error: 'must be a string (empty when replacement is used)' }),
      replacement: hostnameYaml('_sip._udp.example.com. (or . when regexp is used)'),
    }),
  ),
  parse: (input, origin) => {
    const { order, preference, flags, service, regexp, replacement } = input as NaptrYaml;
    return naptr(
      [order, preference, flags, service, regexp],
      parseHostname(replacement, origin, { root: true }),
      { desired: true },
    );
  },
  parsePresentation: (text) => {
    const scanned = scanStrings(text);
    if (!scanned.ok) return refused(`"${text}" is not a NAPTR value: ${scanned.problem}`);
    const [order, preference, flags, service, regexp, replacement, ...rest] = scanned.tokens;
    if (!replacement || rest.length > 0)
      return refused(`"${text}" is not a NAPTR value (order preference flags services regexp replacement)`);
    const strings = [flags, service, regexp].map((token) => token && decodeText(token.octets));
    return naptr(
      [order?.raw, preference?.raw, ...strings],
      parseAbsoluteHostname(replacement.raw, { root: true }),
    );
  },
  toYaml: (value, origin) => {
    const fields = fieldsOf(value);
    return { ...fields, replacement: hostnameToYaml(fields.replacement, origin) };
  },
  compare: byLeadingNumbers(2),
  fields: fieldsOf,
  fromFields: (fields) =>
    naptr(
      [fields.order, fields.preference, fields.flags, fields.service, fields.regexp],
      parseApiHostname(fields.replacement, { root: true }),
    ),
};

type NaptrYaml = {
  order: number;
  preference: number;
  flags: string;
  service: string;
  regexp: string;
  replacement: string;
};

function fieldsOf(value: string): NaptrYaml {
  const [order, preference, flags, service, regexp, replacement] = canonicalStrings(value);
  return {
    order: Number(order?.raw),
    preference: Number(preference?.raw),
    flags: tokenText(flags),
    service: tokenText(service),
    regexp: tokenText(regexp),
    replacement: replacement?.raw ?? '',
  };
}

/**
 * The canonical value of the fields, or every problem of them. A desired value's regexp must be a substitution
 * expression name servers take (naptr-regexp.ts); a live one is read as the service holds it.
 */
function naptr(
  [order, preference, flags, service, regexp]: unknown[],
  replacement: ParseResult,
  { desired } = { desired: false },
): ParseResult {
  const checks = new FieldChecks();
  const numbers = [checks.int('order', order, 65535), checks.int('preference', preference, 65535)];
  const flagText = checks.text('flags', flags, MAX_STRING_OCTETS);
  if (!/^[A-Za-z0-9]*$/.test(flagText))
    checks.refuse('flags', `flags ${FLAGS_ERROR}, got ${JSON.stringify(flags)}`);
  const strings = [flagText.toUpperCase(), checks.text('service', service, MAX_STRING_OCTETS)];
  const expression = checks.text('regexp', regexp, MAX_STRING_OCTETS);
  const regexpProblem = desired ? naptrRegexpProblem(expression) : null;
  if (regexpProblem) checks.refuse('regexp', `regexp ${JSON.stringify(expression)}: ${regexpProblem}`);
  const target = checks.take('replacement', replacement);
  if (expression !== '' && target !== '' && target !== '.')
    checks.refuse(
      'regexp',
      'regexp and replacement are mutually exclusive (RFC 3403 §4.1): set replacement to "."',
    );
  return checks.result(() => [...numbers, ...[...strings, expression].map(quote), target].join(' '));
}
