import * as z from '../zod.js';
import { FieldChecks, textField } from './fields.js';
import { hexYaml, parseHex } from './hex.js';
import { byLeadingNumbers, uint8 } from './numbers.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/**
 * TLSA (RFC 6698 §2): the certificate (or key) a TLS service at `_<port>._<proto>.<host>` presents: certificate
 * usage (0–3 defined), selector (0 whole certificate, 1 public key), matching type (0 exact, 1 SHA-256, 2 SHA-512,
 * whose lengths are checked) and the association data in hex.
 * YAML: `{ certificate_usage: 3, selector: 1, matching_type: 1, certificate_association_data: 0D6F…C4E1 }`;
 * canonical: `3 1 1 0d6f…c4e1` (lower case).
 */
export const TLSA: RecordType = tlsaValues('TLSA', 'tlsa');

/** TLSA's format and rules under another type (SMIMEA, RFC 8162 §2). */
export function tlsaValues(type: string, key: string): RecordType {
  return {
    type,
    key,
    yaml: z.lazy(() =>
      z.strictObject({
        certificate_usage: uint8(),
        selector: uint8(),
        matching_type: uint8(),
        certificate_association_data: hexYaml(),
      }),
    ),
    parse: (input) => {
      const { certificate_usage, selector, matching_type, certificate_association_data } = input as TlsaYaml;
      return tlsa([certificate_usage, selector, matching_type], certificate_association_data);
    },
    parsePresentation: (text) => {
      const [usage, selector, matching, ...hex] = text.trim().split(/\s+/);
      if (hex.length === 0)
        return refused(
          `"${text}" is not a ${type} value (usage selector matching-type certificate-association-data)`,
        );
      return tlsa([usage, selector, matching], hex.join(''));
    },
    toYaml: fieldsOf,
    compare: byLeadingNumbers(3),
    fields: fieldsOf,
    fromFields: (fields) =>
      tlsa(
        [fields.certificate_usage, fields.selector, fields.matching_type],
        fields.certificate_association_data,
      ),
  };
}

type TlsaYaml = {
  certificate_usage: number;
  selector: number;
  matching_type: number;
  certificate_association_data: string;
};

function fieldsOf(value: string): TlsaYaml {
  const [usage, selector, matching, data = ''] = value.split(' ');
  return {
    certificate_usage: Number(usage),
    selector: Number(selector),
    matching_type: Number(matching),
    certificate_association_data: data,
  };
}

/** Association data lengths in hex digits by matching type (RFC 6698 §2.1.3). */
const DIGITS = new Map([
  [1, { count: 64, of: 'a SHA-256 hash (matching type 1)' }],
  [2, { count: 128, of: 'a SHA-512 hash (matching type 2)' }],
]);

function tlsa([usage, selector, matching]: unknown[], data: unknown): ParseResult {
  const checks = new FieldChecks();
  const fields = [
    checks.int('certificate_usage', usage, 255),
    checks.int('selector', selector, 255),
    checks.int('matching_type', matching, 255),
  ];
  const field = 'certificate_association_data';
  const hex = checks.take(field, parseHex(field, textField(data), DIGITS.get(fields[2] ?? NaN)));
  return checks.result(() => [...fields, hex].join(' '));
}
