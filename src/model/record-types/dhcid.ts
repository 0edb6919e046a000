import { base64Values } from './base64-values.js';
import type { RecordType } from './record-type.js';

/**
 * DHCID (RFC 4701): which DHCP client owns the name, an identifier type, digest type and digest, written in base64
 * as a whole (§3.3). YAML: `dhcid: [AAIBY2/AuCccgoJbsaxcQc9TUapptP69lOjxfNuVAA2kjEA=]`; canonical: the base64.
 */
export const DHCID: RecordType = base64Values('DHCID', 'dhcid', 'digest');
