import { LABEL_PATTERN, lengthProblem, recordLabelsProblem } from '../dns-names.js';
import { toALabels, visibleName } from '../idn.js';
import { isIPv4 } from '../ipv4.js';
import * as z from '../zod.js';
import { canonicalIPv6 } from './ipv6.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * A domain name inside a record value (a CNAME target, an MX exchange, …), as users write it, normalised once to
 * its canonical form: absolute, lower-case, with the trailing dot.
 *
 * - `@` is the zone itself;
 * - a name ending in `.` is absolute (`mail.example.net.`); `.` alone is the root (a null MX, an SRV "no service");
 * - a single label without a dot is relative to the zone (`mail` → `mail.example.com.`), as in a zone file;
 * - a name in Unicode is its A-labels (UTS #46: `bücher` is `xn--bcher-kva`);
 * - a name with dots but without the trailing dot is refused: in a zone file it would be relative
 *   (`mail.example.net` → `mail.example.net.example.com.`), which is almost never what was meant (DNSControl
 *   refuses it for the same reason).
 */
export function parseHostname(
  written: string,
  origin: string,
  options: { root?: boolean } = {},
): ParseResult {
  const zone = origin.replace(/\.$/, '').toLowerCase();
  // A Unicode name is its A-labels (idn.ts): `bücher.example.` is `xn--bcher-kva.example.`.
  const idn = toALabels(written);
  if (!idn.ok) return refused(`"${visibleName(written)}" is not a valid name: ${idn.problem}`);
  const input = idn.name;
  if (input === '@') return parsed(`${zone}.`);
  if (input === '.') return options.root ? parsed('.') : refused('the root name "." is not allowed here');
  const absolute = input.endsWith('.');
  const name = absolute ? input.slice(0, -1) : input;
  if (isIPv4(input) || canonicalIPv6(input)) return refused(`"${written}" is an IP address, not a name`);
  if (!absolute && name.includes('.')) {
    return refused(
      `"${written}" has dots but no trailing dot: write "${written}." for that name, or one label relative to the zone`,
    );
  }
  const fqdn = (absolute ? name : `${name}.${zone}`).toLowerCase();
  const problem = recordLabelsProblem(fqdn) ?? lengthProblem(fqdn);
  if (problem) return refused(`"${written}" is not a valid name: ${problem}`);
  if (fqdn.startsWith('*')) return refused(`"${written}" is a wildcard, which is not a valid target`);
  return parsed(`${fqdn}.`);
}

/** A name in presentation format (absolute, trailing dot) → canonical. */
export function parseAbsoluteHostname(text: string, options: { root?: boolean } = {}): ParseResult {
  if (text !== '.' && !text.endsWith('.'))
    return refused(`"${text}" is not an absolute name (no trailing dot)`);
  return parseHostname(text, '.', options);
}

/** A name from an API that may leave out the trailing dot (the name is absolute either way) → canonical. */
export function parseApiHostname(name: unknown, options: { root?: boolean } = {}): ParseResult {
  const text = typeof name === 'string' ? name : '';
  if (text === '') return refused('the name is empty');
  return parseAbsoluteHostname(text.endsWith('.') ? text : `${text}.`, options);
}

/** The name as YAML writes it on import: absolute, or `@` for the zone itself. */
export function hostnameToYaml(value: string, origin: string): string {
  return value === `${origin.replace(/\.$/, '').toLowerCase()}.` ? '@' : value;
}

/** A label holding a character outside ASCII, for the JSON Schema (no dot). */
const UNICODE_LABEL = '[^.]*[^\\u0000-\\u007f][^.]*';

/**
 * What `parseHostname` accepts, lengths aside, as a pattern for the JSON Schema: `@`, `.`, one label (relative to
 * the zone), or labels with the trailing dot; never a wildcard, an IP address or dots without the trailing dot. A
 * label with a non-ASCII character is taken as such: whether UTS #46 maps it (idn.ts) is the validator's to say.
 */
const NAME_LABEL = `(?:${LABEL_PATTERN}|${UNICODE_LABEL})`;
export const HOSTNAME_PATTERN = `^(?:@|\\.|${NAME_LABEL}|(?:${NAME_LABEL}\\.)+)$`;

/**
 * Schema of a name field in YAML. Its syntax is checked by `parseHostname`, whose messages say what is wrong; the
 * pattern is only JSON Schema, for editors.
 */
export function hostnameYaml(example: string): z.ZodMiniType<string> {
  const error = `must be a domain name such as ${example}`;
  return z.string({ error }).check(z.minLength(1, { error }), z.meta({ pattern: HOSTNAME_PATTERN }));
}

/**
 * A type whose value is one name (CNAME, ALIAS, NS, PTR), rules aside: the YAML holds the name as users write it
 * (`web.example.net.`, `web`, `@`); canonical: `web.example.net.`; its one field is named `field` (`nsdname`).
 */
export function hostnameValues(type: string, key: string, example: string, field: string): RecordType {
  return {
    type,
    key,
    yaml: z.lazy(() => hostnameYaml(example)),
    parse: (input, origin) => parseHostname(String(input), origin),
    parsePresentation: (text) => {
      const fields = text.trim().split(/\s+/);
      return fields.length === 1
        ? parseAbsoluteHostname(fields[0] ?? '')
        : refused(`"${text}" is not one name`);
    },
    toYaml: hostnameToYaml,
    fields: (value) => ({ [field]: value }),
    fromFields: (fields) => parseApiHostname(fields[field]),
  };
}
