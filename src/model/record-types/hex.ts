import * as z from '../zod.js';
import { type ParseResult, parsed, refused } from './record-type.js';

const HEX_ERROR = 'must be hexadecimal digits (0-9, a-f)';

/**
 * Hexadecimal RDATA fields (an SSHFP fingerprint, TLSA association data, a DS digest): case-insensitive digits
 * (RFC 4255 §3.2, RFC 6698 §2.2, RFC 4034 §5.3), whole octets, canonical in lower case. `digits` is the exact
 * length in hex digits where the field's type fixes it (a SHA-256 digest: 64), with what has it, for messages.
 */
export function parseHex(field: string, text: string, digits?: { count: number; of: string }): ParseResult {
  if (!/^[0-9A-Fa-f]+$/.test(text)) return refused(`${field} ${HEX_ERROR}`);
  if (text.length % 2 !== 0)
    return refused(
      `${field} has ${text.length} hex digits, an odd number: write whole octets, two digits each`,
    );
  if (digits && text.length !== digits.count)
    return refused(`${field} has ${text.length} hex digits; ${digits.of} has ${digits.count}`);
  return parsed(text.toLowerCase());
}

/**
 * Schema of a hex field in YAML: digits only (no spaces or colons), as a string. YAML reads unquoted `308201` as a
 * number, losing leading zeros (`0123` is 123), so such values must be quoted.
 */
export function hexYaml(): z.ZodMiniType<string> {
  return z
    .string({ error: 'must be a string of hexadecimal digits (quote it when it is all digits)' })
    .check(z.regex(/^[0-9A-Fa-f]+$/, { error: HEX_ERROR }));
}
