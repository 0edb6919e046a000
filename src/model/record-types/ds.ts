import * as z from '../zod.js';
import { FieldChecks, textField } from './fields.js';
import { hexYaml, parseHex } from './hex.js';
import { byLeadingNumbers, uint8, uint16 } from './numbers.js';
import {
  checkedBy,
  type ParseResult,
  type RecordType,
  type RecordTypeRules,
  refused,
} from './record-type.js';

/**
 * DS (RFC 4034 §5): the parent's pointer to a delegated child's DNSSEC key: key tag (0–65535), the key's algorithm,
 * digest type (1 SHA-1, 2 SHA-256, 3 GOST, 4 SHA-384, whose lengths are checked) and the digest in hex. It belongs
 * at a delegation point, beside the NS records that delegate, never at the zone's own apex (RFC 4035 §2.4). YAML:
 * `{ key_tag: 60485, algorithm: 5, digest_type: 1, digest: 2BB1…1118 }`; canonical: `60485 5 1 2bb1…1118`.
 */
export const DS: RecordType = digestType('DS', 'ds', { apex: 'never', besides: 'NS' });

/**
 * A type whose RDATA is DS's: key tag, algorithm, digest type and digest (DS; CDS, RFC 7344 §3.1), with its
 * rules. `check` refuses what the type adds on top of DS's fields (CDS: digest type 0 only in the delete form).
 */
export function digestType(
  type: string,
  key: string,
  rules: RecordTypeRules,
  check: (value: string) => string | null = () => null,
): RecordType {
  const checked = checkedBy(check);
  return {
    type,
    key,
    yaml: z.lazy(() =>
      z.strictObject({ key_tag: uint16(), algorithm: uint8(), digest_type: uint8(), digest: hexYaml() }),
    ),
    parse: (input) => {
      const { key_tag, algorithm, digest_type, digest } = input as DsYaml;
      return checked(ds([key_tag, algorithm, digest_type], digest));
    },
    parsePresentation: (text) => {
      const [keyTag, algorithm, digestType, ...hex] = text.trim().split(/\s+/);
      if (hex.length === 0)
        return refused(`"${text}" is not a ${type} value (key-tag algorithm digest-type digest)`);
      return checked(ds([keyTag, algorithm, digestType], hex.join('')));
    },
    toYaml: fieldsOf,
    compare: byLeadingNumbers(3),
    fields: fieldsOf,
    fromFields: (fields) =>
      checked(ds([fields.key_tag, fields.algorithm, fields.digest_type], textField(fields.digest))),
    rules,
  };
}

type DsYaml = {
  key_tag: number;
  algorithm: number;
  digest_type: number;
  digest: string;
};

function fieldsOf(value: string): DsYaml {
  const [keyTag, algorithm, digestType, digest = ''] = value.split(' ');
  return { key_tag: Number(keyTag), algorithm: Number(algorithm), digest_type: Number(digestType), digest };
}

/** Digest lengths in hex digits by digest type (RFC 4034 §5.1.4, RFC 4509 §2.2, RFC 5933 §2, RFC 6605 §2). */
const DIGITS = new Map([
  [1, { count: 40, of: 'a SHA-1 digest (type 1)' }],
  [2, { count: 64, of: 'a SHA-256 digest (type 2)' }],
  [3, { count: 64, of: 'a GOST R 34.11-94 digest (type 3)' }],
  [4, { count: 96, of: 'a SHA-384 digest (type 4)' }],
]);

function ds([keyTag, algorithm, digestType]: unknown[], digest: string): ParseResult {
  const checks = new FieldChecks();
  const fields = [
    checks.int('key_tag', keyTag, 65535),
    checks.int('algorithm', algorithm, 255),
    checks.int('digest_type', digestType, 255),
  ];
  const hex = checks.take('digest', parseHex('digest', digest, DIGITS.get(fields[2] ?? NaN)));
  return checks.result(() => [...fields, hex].join(' '));
}
