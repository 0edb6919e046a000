import * as z from '../zod.js';
import { FieldChecks, textField } from './fields.js';
import { byLeadingNumbers, uint8, uint16 } from './numbers.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/** Certificate types by mnemonic (RFC 4398 §2.1); presentation text and YAML may use either form. */
const CERT_TYPES = new Map([
  ['PKIX', 1],
  ['SPKI', 2],
  ['PGP', 3],
  ['IPKIX', 4],
  ['ISPKI', 5],
  ['IPGP', 6],
  ['ACPKIX', 7],
  ['IACPKIX', 8],
  ['URI', 253],
  ['OID', 254],
]);

const TYPE_ERROR = `must be a number or one of ${[...CERT_TYPES.keys()].join(', ')}`;

/**
 * A mnemonic in any case, spelled without the `i` flag (`[Pp][Kk][Ii][Xx]`): a regex's flags do not reach the JSON
 * Schema's `pattern`, which would then refuse `pkix`.
 */
const MNEMONIC_PATTERN = `^(${[...CERT_TYPES.keys()]
  .map((name) => name.replace(/[A-Z]/g, (letter) => `[${letter}${letter.toLowerCase()}]`))
  .join('|')})$`;

/**
 * CERT (RFC 4398): a certificate or CRL: certificate type (a number or its mnemonic, `PKIX`; canonical: the number),
 * key tag, DNSSEC algorithm number and the certificate in base64 (spaces allowed in presentation text).
 * YAML: `{ cert_type: PKIX, key_tag: 0, algorithm: 8, certificate: MIIBIjAN… }`; canonical: `1 0 8 MIIBIjAN…`.
 */
export const CERT: RecordType = {
  type: 'CERT',
  key: 'cert',
  yaml: z.lazy(() =>
    z.strictObject({
      cert_type: z.union([
        uint16(),
        z.string({ error: TYPE_ERROR }).check(z.regex(new RegExp(MNEMONIC_PATTERN), { error: TYPE_ERROR })),
      ]),
      key_tag: uint16(),
      algorithm: uint8(),
      certificate: z
        .string({ error: 'must be base64 text' })
        .check(z.regex(/^[A-Za-z0-9+/=]+$/, { error: 'must be base64 text' })),
    }),
  ),
  parse: (input) => {
    const { cert_type, key_tag, algorithm, certificate } = input as CertYaml;
    return cert([cert_type, key_tag, algorithm], certificate);
  },
  parsePresentation: (text) => {
    const [type, keyTag, algorithm, ...base64] = text.trim().split(/\s+/);
    if (base64.length === 0)
      return refused(`"${text}" is not a CERT value (type key-tag algorithm certificate)`);
    return cert([type, keyTag, algorithm], base64.join(''));
  },
  toYaml: fieldsOf,
  compare: byLeadingNumbers(3),
  fields: fieldsOf,
  fromFields: (fields) =>
    cert([fields.cert_type, fields.key_tag, fields.algorithm], textField(fields.certificate)),
};

type CertYaml = {
  cert_type: number | string;
  key_tag: number;
  algorithm: number;
  certificate: string;
};

function fieldsOf(value: string): CertYaml & { cert_type: number } {
  const [type, keyTag, algorithm, certificate = ''] = value.split(' ');
  return { cert_type: Number(type), key_tag: Number(keyTag), algorithm: Number(algorithm), certificate };
}

function cert([type, keyTag, algorithm]: unknown[], certificate: string): ParseResult {
  const checks = new FieldChecks();
  const fields = [
    checks.int(
      'cert_type',
      typeof type === 'string' ? (CERT_TYPES.get(type.toUpperCase()) ?? type) : type,
      65535,
    ),
    checks.int('key_tag', keyTag, 65535),
    checks.int('algorithm', algorithm, 255),
  ];
  const bytes = Buffer.from(certificate, 'base64');
  const valid =
    /^[A-Za-z0-9+/]+={0,2}$/.test(certificate) && certificate.length % 4 === 0 && bytes.length > 0;
  if (!valid) checks.refuse('certificate', 'certificate must be base64 text (RFC 4648, with its = padding)');
  return checks.result(() => [...fields, bytes.toString('base64')].join(' '));
}
