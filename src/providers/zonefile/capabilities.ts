import type { DnsCapabilities } from '../../model/provider.js';
import { RECORD_TYPES } from '../../model/record-types/registry.js';

/**
 * What a zone file holds that edgeplan manages: every registered type but ALIAS, which is no standard type (RFC
 * 1035 files cannot carry it: BIND refuses it, and only PowerDNS reads it). No geo services and no secondary
 * zones: a file is one primary zone. No limit per name. The apex NS set is written where the desired state declares
 * it (kept as written otherwise, change-content.ts).
 */
export const ZONEFILE_CAPABILITIES: DnsCapabilities = {
  recordTypes: RECORD_TYPES.map((type) => type.type).filter((type) => type !== 'ALIAS'),
  genericTypes: true,
  geoServices: false,
  secondaryZones: false,
  secondaryZoneContacts: false,
  oneLabelZones: true,
  maxRecordsPerName: {},
  apexNs: true,
};
