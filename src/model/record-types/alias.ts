import { hostnameValues } from './hostname.js';
import { type RecordType, wholeValue } from './record-type.js';

/**
 * ALIAS: the apex answers A and AAAA queries with the addresses of another name, which the service resolves
 * (a provider extension, not a DNS record type on the wire: draft-ietf-dnsop-aname). Only at the zone apex, where a
 * CNAME cannot stand. YAML: `alias: lb.example.net.` (one value); canonical: `lb.example.net.`.
 */
export const ALIAS: RecordType = {
  ...hostnameValues('ALIAS', 'alias', 'lb.example.net.', 'target'),
  single: true,
  rules: { apex: 'only', target: { role: 'apex-alias', of: wholeValue }, answers: ['A', 'AAAA'] },
};
