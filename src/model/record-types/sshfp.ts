import * as z from '../zod.js';
import { FieldChecks, textField } from './fields.js';
import { hexYaml, parseHex } from './hex.js';
import { byLeadingNumbers, uint8 } from './numbers.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/**
 * SSHFP (RFC 4255): the fingerprint of a host's SSH key: key algorithm (1 RSA, 2 DSA, 3 ECDSA, 4 Ed25519; RFC 6594,
 * RFC 7479), fingerprint type (1 SHA-1, 2 SHA-256, whose lengths are checked) and the fingerprint in hex.
 * YAML: `{ algorithm: 4, fingerprint_type: 2, fingerprint: 9F86…0A08 }`; canonical: `4 2 9f86…0a08` (lower case).
 */
export const SSHFP: RecordType = {
  type: 'SSHFP',
  key: 'sshfp',
  yaml: z.lazy(() =>
    z.strictObject({ algorithm: uint8(), fingerprint_type: uint8(), fingerprint: hexYaml() }),
  ),
  parse: (input) => {
    const { algorithm, fingerprint_type, fingerprint } = input as SshfpYaml;
    return sshfp(algorithm, fingerprint_type, fingerprint);
  },
  parsePresentation: (text) => {
    const [algorithm, type, ...hex] = text.trim().split(/\s+/);
    if (hex.length === 0) return refused(`"${text}" is not an SSHFP value (algorithm type fingerprint)`);
    return sshfp(algorithm, type, hex.join(''));
  },
  toYaml: fieldsOf,
  compare: byLeadingNumbers(2),
  fields: fieldsOf,
  fromFields: (fields) => sshfp(fields.algorithm, fields.fingerprint_type, fields.fingerprint),
};

type SshfpYaml = {
  algorithm: number;
  fingerprint_type: number;
  fingerprint: string;
};

function fieldsOf(value: string): SshfpYaml {
  const [algorithm, type, fingerprint = ''] = value.split(' ');
  return { algorithm: Number(algorithm), fingerprint_type: Number(type), fingerprint };
}

/** Fingerprint lengths in hex digits by fingerprint type (RFC 4255 §3.1.2, RFC 6594 §3). */
const DIGITS = new Map([
  [1, { count: 40, of: 'a SHA-1 fingerprint (type 1)' }],
  [2, { count: 64, of: 'a SHA-256 fingerprint (type 2)' }],
]);

function sshfp(algorithm: unknown, type: unknown, fingerprint: unknown): ParseResult {
  const checks = new FieldChecks();
  const number = checks.int('algorithm', algorithm, 255);
  const fingerprintType = checks.int('fingerprint_type', type, 255);
  const hex = checks.take(
    'fingerprint',
    parseHex('fingerprint', textField(fingerprint), DIGITS.get(fingerprintType)),
  );
  return checks.result(() => `${number} ${fingerprintType} ${hex}`);
}
