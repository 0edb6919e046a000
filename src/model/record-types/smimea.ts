import type { RecordType } from './record-type.js';
import { tlsaValues } from './tlsa.js';

/**
 * SMIMEA (RFC 8162): an S/MIME certificate association, in TLSA's RDATA format and rules (§2), at
 * `<sha256(local-part) truncated to 28 octets, hex>._smimecert.<domain>`. YAML and canonical form as TLSA's.
 */
export const SMIMEA: RecordType = tlsaValues('SMIMEA', 'smimea');
