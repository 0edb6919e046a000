import * as z from '../zod.js';
import { type ParseResult, parsed, refused } from './record-type.js';

/**
 * Base64 RDATA fields (RFC 4648 §4, with its `=` padding): a DNSSEC public key, an OpenPGP key, a DHCID digest.
 * Presentation text may split them with spaces (RFC 4034 §2.2); canonical: one word, as Buffer writes it.
 */
export function parseBase64(field: string, text: string): ParseResult {
  const joined = text.replace(/\s+/g, '');
  const bytes = Buffer.from(joined, 'base64');
  const valid = /^[A-Za-z0-9+/]+={0,2}$/.test(joined) && joined.length % 4 === 0 && bytes.length > 0;
  if (!valid) return refused(`${field} must be base64 text (RFC 4648, with its = padding)`);
  const canonical = bytes.toString('base64');
  if (canonical !== joined)
    return refused(`${field} is not canonical base64: its last digit has bits set that no octet holds`);
  return parsed(canonical);
}

/** Schema of a base64 field in YAML. */
export function base64Yaml(): z.ZodMiniType<string> {
  return z
    .string({ error: 'must be base64 text' })
    .check(z.regex(/^[A-Za-z0-9+/=\s]+$/, { error: 'must be base64 text' }));
}
