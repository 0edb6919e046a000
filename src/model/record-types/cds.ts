import { dsValues } from './ds.js';
import type { RecordType } from './record-type.js';

/**
 * CDS (RFC 7344 §3.1): the DS a child asks its parent to publish, in DS's RDATA format, at the child's own apex
 * (§4.1); RFC 8078 §4's `0 0 0 00` asks for the delegation to be made insecure. YAML and canonical form as DS's.
 */
export const CDS: RecordType = { ...dsValues('CDS', 'cds'), rules: { apex: 'only' } };
