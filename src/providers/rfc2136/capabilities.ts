import type { DnsCapabilities } from '../../model/provider.js';
import { RECORD_TYPES } from '../../model/record-types/registry.js';

/**
 * Record types a standard DNS server takes by UPDATE and serves: every registered type but ALIAS, which is
 * PowerDNS's own (not a DNS type: BIND and Knot refuse it).
 */
export const RFC2136_RECORD_TYPES: readonly string[] = RECORD_TYPES.map((type) => type.type).filter(
  (type) => type !== 'ALIAS',
);

/**
 * What a zone's primary server takes through RFC 2136: record sets of the standard types, nothing else. No geo
 * services (those are Dyn's Traffic Management), no secondary zones (a server's zones are its configuration, which
 * UPDATE does not reach), no per-name limits. The apex NS set where the desired state declares it, changed record
 * by record (compile.ts).
 */
export function rfc2136Capabilities(): DnsCapabilities {
  return {
    recordTypes: RFC2136_RECORD_TYPES,
    geoServices: false,
    secondaryZones: false,
    secondaryZoneContacts: false,
    oneLabelZones: true,
    maxRecordsPerName: {},
    apexNs: true,
  };
}
