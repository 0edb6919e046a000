import { LABEL_PATTERN, MAX_NAME_LENGTH } from '../../model/dns-names.js';
import { APEX } from '../../model/names.js';
import { RECORD_TYPES } from '../../model/record-types/index.js';
import { UNPRINTABLE_CHARS } from '../../model/text.js';
import * as z from '../../model/zod.js';

/**
 * What the JSON Schema says about names used as keys, for editors: the label syntax of model/dns-names.ts as
 * patterns. These are only JSON Schema (`meta`): config checks names with dns-names.ts, whose messages say what is
 * wrong, so zod does not check them here. A pattern never refuses a name those rules accept; what needs the zone
 * (the full length, being inside it) is left to `edgeplan validate`.
 */

/**
 * A label in Unicode, which the loader takes as its A-label (model/idn.ts): letters, digits, `-`, `_` and characters
 * outside ASCII (no controls, no no-break space), at least one of them outside ASCII. Whether UTS #46 maps it is the
 * validator's to say (no regular expression is UTS #46); what is refused for other reasons (a space, a `*` inside a
 * label, an empty label) stays refused. No `u` flag: editors compile patterns either way, and a character beyond
 * U+FFFF is two code units of the range.
 */
const UNICODE_LABEL = '(?=[^.]*[\\u00a1-\\uffff])[A-Za-z0-9_\\u00a1-\\uffff-]+';

/** 1–63 letters, digits, `-` or `_`, not starting or ending with `-`; or a label in Unicode. */
const LABEL = `(?:${LABEL_PATTERN}|${UNICODE_LABEL})`;

/** `@`, or labels (the leftmost may be `*`), relative or absolute (trailing dot). */
export const RECORD_NAME_PATTERN = `^(?:@|(?:\\*|${LABEL})(?:\\.${LABEL})*\\.?)$`;

/** Labels (one is a top-level domain, which only some providers hold), no wildcard, optionally absolute. */
export const ZONE_NAME_PATTERN = `^${LABEL}(?:\\.${LABEL})*\\.?$`;

/** Not empty, neither starting nor ending with white space, no control characters (a geo service name). */
export const TRIMMED_PATTERN = `^(?!.*[${UNPRINTABLE_CHARS}])\\S(?:[\\s\\S]*\\S)?$`;

const withPattern = (pattern: string, maxLength?: number) =>
  z.string().check(z.meta({ pattern, ...(maxLength ? { maxLength } : {}) }));

export const RecordNameKey = withPattern(RECORD_NAME_PATTERN, MAX_NAME_LENGTH + 1);

/** A record name of a template: as under `records`, and `{zone}` may stand for labels (the using zone's name). */
const TEMPLATE_LABEL = `(?:${LABEL}|\\{zone\\})`;
export const TEMPLATE_RECORD_NAME_PATTERN = `^(?:@|(?:\\*|${TEMPLATE_LABEL})(?:\\.${TEMPLATE_LABEL})*\\.?)$`;
export const TemplateRecordNameKey = withPattern(TEMPLATE_RECORD_NAME_PATTERN);
/** A template's name, as zones list it under `templates`: any trimmed text, matched exactly. */
export const TemplateNameKey = withPattern(TRIMMED_PATTERN);
export const ZoneNameKey = withPattern(ZONE_NAME_PATTERN, MAX_NAME_LENGTH + 1);
export const GeoServiceNameKey = withPattern(TRIMMED_PATTERN);

/** A record name that is relative and not `@`: never the apex. */
const NOT_APEX_PATTERN = `^(?!${APEX}$).*[^.]$`;

/**
 * The apex rules of the types (`rules.apex`) where a key alone tells whether a record set is at the apex: `@`
 * is, a relative name is not; an absolute name needs the zone, so only `edgeplan validate` checks it. As an
 * `allOf` beside `additionalProperties`, so every set is still checked against the whole record-set schema. A
 * name's value is a map or a list of maps: `properties` applies to the one, `items` to the other.
 */
export function apexJsonRules(): object[] {
  const keys = (apex: 'only' | 'never') =>
    Object.fromEntries(RECORD_TYPES.filter((t) => t.rules?.apex === apex).map((t) => [t.key, false]));
  const refused = (properties: object) => ({ properties, items: { properties } });
  const never = keys('never');
  const only = keys('only');
  return [
    ...(Object.keys(never).length > 0 ? [{ properties: { [APEX]: refused(never) } }] : []),
    ...(Object.keys(only).length > 0 ? [{ patternProperties: { [NOT_APEX_PATTERN]: refused(only) } }] : []),
  ];
}
