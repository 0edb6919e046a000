import { hostnameValues } from './hostname.js';
import { type RecordType, wholeValue } from './record-type.js';

/**
 * NS below the apex: delegates the name to other name servers (RFC 1034 §4.2.2), so below it the zone holds only the
 * glue of those name servers (model/delegations.ts). At the apex: the zone's own name servers (RFC 1034 §4.2.1),
 * managed only where the desired state declares them and the provider can write them (`apexNs`). YAML:
 * `ns: [ns1.example.net., ns2.example.net.]`; canonical: `ns1.example.net.`.
 */
export const NS: RecordType = {
  ...hostnameValues('NS', 'ns', 'ns1.example.net.', 'nsdname'),
  rules: { delegates: true, target: { role: 'name-server', of: wholeValue } },
};
