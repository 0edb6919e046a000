import { compareIPv4, IPV4_PATTERN, isIPv4 } from '../ipv4.js';
import * as z from '../zod.js';
import { textField } from './fields.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * A (RFC 1035 §3.4.1): one IPv4 address, strict dotted quad (`01.2.3.4` and `256.1.1.1` are refused). Sets sort
 * numerically. YAML: `a: [192.0.2.1]`; canonical: `192.0.2.1`.
 */
export const A: RecordType = {
  type: 'A',
  key: 'a',
  yaml: z.lazy(() =>
    z
      .string({ error: 'must be an IPv4 address such as 192.0.2.1' })
      .check(z.meta({ format: 'ipv4', pattern: IPV4_PATTERN })),
  ),
  parse: (input) => address(String(input)),
  parsePresentation: (text) => address(text.trim()),
  toYaml: (value) => value,
  compare: compareIPv4,
  fields: (value) => ({ address: value }),
  fromFields: (fields) => address(textField(fields.address)),
  rules: { glue: true },
};

function address(text: string): ParseResult {
  return isIPv4(text) ? parsed(text) : refused(`"${text}" is not an IPv4 address`);
}
