import type { DnsCapabilities } from '../../model/provider.js';
import { RECORD_TYPES } from '../../model/record-types/registry.js';

/** The record type PowerDNS serves only when the server is set up for it (`expand-alias` and a `resolver`). */
const ALIAS = 'ALIAS';

/**
 * What a PowerDNS Authoritative server manages through its HTTP API: every registered record type (its rrsets
 * carry any type in presentation format, which is our canonical value), secondary zones (`Slave` zones with their
 * masters; PowerDNS has no contact nickname, and TSIG keys are its own objects, not a name on the zone), and no
 * geo services (that is Dyn's Traffic Management). PowerDNS documents no per-name limit.
 *
 * ALIAS is stored by any server but answered only by one started with `expand-alias=yes` and a `resolver`
 * (PowerDNS docs, "ALIAS"); without them the apex answers nothing for A and AAAA. So it is supported only when the
 * provider's settings say the server is set up for it (`alias: true`).
 */
export function pdnsCapabilities(options: { alias?: boolean } = {}): DnsCapabilities {
  return {
    recordTypes: RECORD_TYPES.map((type) => type.type).filter((type) => options.alias || type !== ALIAS),
    geoServices: false,
    secondaryZones: true,
    secondaryZoneContacts: false,
    oneLabelZones: true,
    maxRecordsPerName: {},
  };
}
