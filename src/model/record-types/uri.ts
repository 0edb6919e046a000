import * as z from '../zod.js';
import { canonicalStrings, decodeText, quote, scanStrings, tokenText } from './character-strings.js';
import { FieldChecks } from './fields.js';
import { byLeadingNumbers, uint16 } from './numbers.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/** RFC 3986 §3.1: a URI starts with its scheme and a colon; RFC 7553 §4.4: the target is a URI, never empty. */
const URI_PATTERN = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/**
 * URI (RFC 7553): a priority and a weight (0–65535, as SRV's) and the target URI, one quoted string not limited to
 * 255 octets (§4.4). YAML: `{ priority: 10, weight: 1, target: "ftp://ftp1.example.com/public" }`; canonical:
 * `10 1 "ftp://ftp1.example.com/public"`.
 */
export const URI: RecordType = {
  type: 'URI',
  key: 'uri',
  yaml: z.lazy(() =>
    z.strictObject({
      priority: uint16(),
      weight: uint16(),
      target: z.string({ error: 'must be a URI such as "https://www.example.com/"' }),
    }),
  ),
  parse: (input) => {
    const { priority, weight, target } = input as UriYaml;
    return uri(priority, weight, target);
  },
  parsePresentation: (text) => {
    const scanned = scanStrings(text);
    if (!scanned.ok) return refused(`"${text}" is not a URI value: ${scanned.problem}`);
    const [priority, weight, target, ...rest] = scanned.tokens;
    if (!priority || !weight || !target || rest.length > 0)
      return refused(`"${text}" is not a URI value (priority weight "target")`);
    return uri(priority.raw, weight.raw, decodeText(target.octets));
  },
  toYaml: fieldsOf,
  compare: byLeadingNumbers(2),
  fields: fieldsOf,
  fromFields: (fields) => uri(fields.priority, fields.weight, fields.target),
};

type UriYaml = { priority: number; weight: number; target: string };

function fieldsOf(value: string): UriYaml {
  const [priority, weight, target] = canonicalStrings(value);
  return { priority: Number(priority?.raw), weight: Number(weight?.raw), target: tokenText(target) };
}

function uri(priority: unknown, weight: unknown, target: unknown): ParseResult {
  const checks = new FieldChecks();
  const numbers = [checks.int('priority', priority, 65535), checks.int('weight', weight, 65535)];
  const text = checks.text('target', target);
  if (typeof target === 'string' && text !== '' && !URI_PATTERN.test(text))
    checks.refuse('target', `target "${text}" is not a URI (scheme:rest, no spaces; RFC 3986)`);
  else if (target === '') checks.refuse('target', 'target must not be empty (RFC 7553 §4.4)');
  return checks.result(() => `${numbers.join(' ')} ${quote(text)}`);
}
