import type { DnsCapabilities } from '../../model/provider.js';
import { DYN_RDATA_TYPES } from './wire/rdata.js';

/** The provider's name in plan steps (`PlanStep.provider`). */
export const DYN_PROVIDER = 'dyn';

/**
 * What the Dyn service manages: every registered record type that has its rdata mapping (rdata.ts; each has its
 * `/<TYPE>Record/` resource and `<type>_records` key), geo services and secondary zones. The vendor documents one
 * per-name limit: "Each node can only contain 13 A records" (Managed DNS API error codes); no other type has a
 * documented limit.
 */
export const DYN_CAPABILITIES: DnsCapabilities = {
  recordTypes: [...DYN_RDATA_TYPES],
  geoServices: true,
  secondaryZones: true,
  maxRecordsPerName: { A: 13 },
  valueProblem,
  typeAdvice: { HTTPS: serviceBinding('HTTPS'), SVCB: serviceBinding('SVCB') },
};

/**
 * HTTPS and SVCB (RFC 9460) are not in the service: its `AllRecord` read lists no such keys and the vendor's SDK
 * no such record class (dyn-python `dyn/tm/records.py`), so it has no `/<TYPE>Record/` resource to write them to.
 */
function serviceBinding(type: string): string {
  return (
    `the service has no ${type} records (RFC 9460); serve this zone from a provider that holds them ` +
    '(powerdns, rfc2136, zonefile), or publish the same endpoints as A/AAAA records and leave ' +
    `${type} out of this zone`
  );
}

/** The CAA tags the service takes: "issue, issuewild or iodef" (help.dyn.com, Create CAA Record). */
const CAA_TAGS = new Set(['issue', 'issuewild', 'iodef']);

function valueProblem(type: string, value: string): string | null {
  if (type !== 'CAA') return null;
  const tag = value.split(' ')[1] ?? '';
  return CAA_TAGS.has(tag) ? null : `takes the CAA tags ${[...CAA_TAGS].join(', ')} only, not "${tag}"`;
}

/** The record types the provider reads and writes, for lookups. */
export const DYN_RECORD_TYPES: ReadonlySet<string> = new Set(DYN_CAPABILITIES.recordTypes);
