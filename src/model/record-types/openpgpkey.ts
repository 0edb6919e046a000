import { base64Values } from './base64-values.js';
import type { RecordType } from './record-type.js';

/**
 * OPENPGPKEY (RFC 7929): an OpenPGP transferable public key, in base64 (§2.2), at
 * `<sha256(local-part) truncated to 28 octets, hex>._openpgpkey.<domain>`. YAML: `openpgpkey: [mQINBF…]`;
 * canonical: the base64 as one word.
 */
export const OPENPGPKEY: RecordType = base64Values('OPENPGPKEY', 'openpgpkey', 'public_key');
