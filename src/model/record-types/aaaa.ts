import * as z from '../zod.js';
import { textField } from './fields.js';
import { canonicalIPv6, compareIPv6 } from './ipv6.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * AAAA (RFC 3596): one IPv6 address, written any way RFC 4291 allows (`2001:DB8:0:0::0001`), canonical as RFC 5952
 * writes it (`2001:db8::1`). Sets sort numerically. YAML: `aaaa: ["2001:db8::1"]`; canonical: `2001:db8::1`.
 */
export const AAAA: RecordType = {
  type: 'AAAA',
  key: 'aaaa',
  yaml: z.lazy(() =>
    z.string({ error: 'must be an IPv6 address such as 2001:db8::1' }).check(z.meta({ format: 'ipv6' })),
  ),
  parse: (input) => address(String(input)),
  parsePresentation: (text) => address(text.trim()),
  toYaml: (value) => value,
  compare: compareIPv6,
  fields: (value) => ({ address: value }),
  fromFields: (fields) => address(textField(fields.address)),
  rules: { glue: true },
};

function address(text: string): ParseResult {
  const canonical = canonicalIPv6(text);
  return canonical ? parsed(canonical) : refused(`"${text}" is not an IPv6 address`);
}
