import type { RecordType } from './record-type.js';
import { textValues } from './txt.js';

/**
 * SPF (type 99): an SPF policy in a record of its own type, exactly like TXT. RFC 7208 §14.1 deprecated it: publish
 * the policy as TXT; SPF is managed for zones that still carry it. YAML: `spf: ["v=spf1 -all"]`; canonical:
 * `"v=spf1 -all"`.
 */
export const SPF: RecordType = textValues('SPF', 'spf');
