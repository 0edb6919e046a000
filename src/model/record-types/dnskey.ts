import * as z from '../zod.js';
import { base64Yaml, parseBase64 } from './base64.js';
import { FieldChecks, textField } from './fields.js';
import { byLeadingNumbers, uint8, uint16 } from './numbers.js';
import {
  checkedBy,
  type ParseResult,
  type RecordType,
  type RecordTypeRules,
  refused,
} from './record-type.js';

/**
 * DNSKEY (RFC 4034 §2): a zone's public key: flags (256 zone key, 257 with the secure entry point bit), protocol
 * (always 3, §2.1.2), algorithm and the key in base64. At the zone apex only (RFC 4035 §2.1). YAML:
 * `{ flags: 257, protocol: 3, algorithm: 13, public_key: mdsswUyr… }`; canonical: `257 3 13 mdsswUyr…`.
 */
export const DNSKEY: RecordType = keyType('DNSKEY', 'dnskey', { apex: 'only' });

/**
 * A type whose RDATA is DNSKEY's: flags, protocol 3, algorithm and the key in base64 (DNSKEY; CDNSKEY, RFC 7344
 * §3.2), with its rules. `check` refuses what the type adds on top of DNSKEY's fields (CDNSKEY: algorithm 0 only
 * in the delete form).
 */
export function keyType(
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
      z.strictObject({ flags: uint16(), protocol: uint8(), algorithm: uint8(), public_key: base64Yaml() }),
    ),
    parse: (input) => {
      const { flags, protocol, algorithm, public_key } = input as KeyYaml;
      return checked(dnskey([flags, protocol, algorithm], public_key));
    },
    parsePresentation: (text) => {
      const [flags, protocol, algorithm, ...base64] = text.trim().split(/\s+/);
      if (base64.length === 0)
        return refused(`"${text}" is not a ${type} value (flags protocol algorithm public-key)`);
      return checked(dnskey([flags, protocol, algorithm], base64.join('')));
    },
    toYaml: fieldsOf,
    compare: byLeadingNumbers(3),
    fields: fieldsOf,
    fromFields: (fields) =>
      checked(dnskey([fields.flags, fields.protocol, fields.algorithm], textField(fields.public_key))),
    rules,
  };
}

type KeyYaml = { flags: number; protocol: number; algorithm: number; public_key: string };

function fieldsOf(value: string): KeyYaml {
  const [flags, protocol, algorithm, key = ''] = value.split(' ');
  return { flags: Number(flags), protocol: Number(protocol), algorithm: Number(algorithm), public_key: key };
}

function dnskey([flags, protocol, algorithm]: unknown[], key: string): ParseResult {
  const checks = new FieldChecks();
  const fields = [
    checks.int('flags', flags, 65535),
    checks.int('protocol', protocol, 255),
    checks.int('algorithm', algorithm, 255),
  ];
  if (fields[1] !== 3 && !Number.isNaN(fields[1]))
    checks.refuse('protocol', `protocol must be 3 (RFC 4034 §2.1.2), got ${fields[1]}`);
  const base64 = checks.take('public_key', parseBase64('public_key', key));
  return checks.result(() => [...fields, base64].join(' '));
}
