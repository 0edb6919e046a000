import * as z from '../zod.js';
import { canonicalStrings, decodeText, quote, scanStrings, tokenText } from './character-strings.js';
import { FieldChecks } from './fields.js';
import { byLeadingNumbers, uint8 } from './numbers.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

const TAG_ERROR = 'must be letters and digits, such as issue, issuewild or iodef';

/**
 * CAA (RFC 8659): which certificate authorities may issue for the name. Flags 0–255 (128: issuer critical), a tag
 * of ASCII letters and digits (`issue`, `issuewild`, `iodef`, or any other; matched case-insensitively, canonical in
 * lower case: RFC 8659 §4.1) and the property value as text, quoted in presentation format (RFC 8659 §4.1.1: one
 * string, not limited to 255 octets). YAML: `{ flags: 0, tag: issue, value: letsencrypt.org }` (`flags` may be
 * left out: 0); canonical: `0 issue "letsencrypt.org"`.
 */
export const CAA: RecordType = {
  type: 'CAA',
  key: 'caa',
  yaml: z.lazy(() =>
    z.strictObject({
      flags: z.optional(uint8()),
      tag: z.string({ error: TAG_ERROR }).check(z.regex(/^[A-Za-z0-9]+$/, { error: TAG_ERROR })),
      value: z.string({ error: 'must be a string of text' }),
    }),
  ),
  parse: (input) => {
    const { flags = 0, tag, value } = input as CaaYaml;
    return caa(flags, tag, value);
  },
  parsePresentation: (text) => {
    const scanned = scanStrings(text);
    if (!scanned.ok) return refused(`"${text}" is not a CAA value: ${scanned.problem}`);
    const [flags, tag, value, ...rest] = scanned.tokens;
    if (!flags || !tag || !value || rest.length > 0)
      return refused(`"${text}" is not a CAA value (flags tag value)`);
    return caa(flags.raw, tag.raw, decodeText(value.octets));
  },
  toYaml: fieldsOf,
  compare: byLeadingNumbers(1),
  fields: fieldsOf,
  fromFields: (fields) => caa(fields.flags, fields.tag, fields.value),
};

interface CaaYaml {
  flags?: number;
  tag: string;
  value: string;
}

function fieldsOf(value: string): Required<CaaYaml> {
  const [flags, tag, text] = canonicalStrings(value);
  return { flags: Number(flags?.raw), tag: tag?.raw ?? '', value: tokenText(text) };
}

function caa(flags: unknown, tag: unknown, value: unknown): ParseResult {
  const checks = new FieldChecks();
  const number = checks.int('flags', flags, 255);
  const name = typeof tag === 'string' && /^[A-Za-z0-9]{1,255}$/.test(tag) ? tag.toLowerCase() : '';
  if (name === '') checks.refuse('tag', `tag ${TAG_ERROR}, got ${JSON.stringify(tag ?? null)}`);
  const text = checks.text('value', value);
  return checks.result(() => `${number} ${name} ${quote(text)}`);
}
