import type { DnsCapabilities } from '../../model/provider.js';
import { RECORD_TYPES } from '../../model/record-types/registry.js';

/**
 * Record types a standard DNS server takes by UPDATE and serves: every registered type but ALIAS, which is
 * PowerDNS's own (not a DNS type: BIND and Knot refuse it), and DNSKEY, whose apex set the server's DNSSEC signing
 * keeps (BIND 9 answers an UPDATE that adds one to an unsigned zone with SERVFAIL). The provider cannot tell which
 * server it talks to, so it assumes what both BIND 9 and Knot take.
 */
export const RFC2136_RECORD_TYPES: readonly string[] = RECORD_TYPES.map((type) => type.type).filter(
  (type) => type !== 'ALIAS' && type !== 'DNSKEY',
);

/**
 * Types by number the server keeps for itself: BIND's DNSSEC signing state (`sig-signing-type`, 65534 by default)
 * at a signed zone's apex. Read as left alone, refused in the desired state.
 */
export const RFC2136_SERVER_TYPES: readonly string[] = ['TYPE65534'];

function serverTypeProblem(type: string): string | null {
  return RFC2136_SERVER_TYPES.includes(type)
    ? `does not write ${type}: BIND keeps a signed zone's signing state in it; the server's records of it are left alone`
    : null;
}

const SERVER_KEYS =
  "a server keeps a zone's DNSKEY set with its DNSSEC signing (BIND's dnssec-policy, Knot's dnssec-signing), and " +
  'BIND refuses one sent by UPDATE: leave dnskey out of this zone and manage the keys on the server';

/**
 * What a zone's primary server takes through RFC 2136: record sets of the standard types, nothing else. No geo
 * services (those are Dyn's Traffic Management), no secondary zones (a server's zones are its configuration, which
 * UPDATE does not reach), no per-name limits. The apex NS set where the desired state declares it, changed record
 * by record (compile.ts).
 */
export function rfc2136Capabilities(): DnsCapabilities {
  return {
    recordTypes: RFC2136_RECORD_TYPES,
    genericTypes: true,
    geoServices: false,
    secondaryZones: false,
    secondaryZoneContacts: false,
    oneLabelZones: true,
    maxRecordsPerName: {},
    typeAdvice: { DNSKEY: SERVER_KEYS },
    valueProblem: serverTypeProblem,
    apexNs: true,
  };
}
