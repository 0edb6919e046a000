import type { DnsCapabilities } from '../../model/provider.js';
import { DYN_RDATA_TYPES } from './wire/rdata.js';

/** The provider's name in plan steps (`PlanStep.provider`). */
export const DYN_PROVIDER = 'dyn';

/** Registered types the service does not serve (HTTPS and SVCB aside, whose advice says more). */
const NOT_SERVED = ['HINFO', 'OPENPGPKEY', 'SMIMEA', 'URI'];

/**
 * The service's documented calls change a zone's A records, nodes and publish; a zone is created with an `rname`,
 * a `ttl` and a `serial_style`, and nothing documents a call that changes its SOA afterwards: the SOA is the
 * service's (`soa_records` is read, never written).
 */
const SOA_ADVICE =
  "the service sets a zone's SOA itself (its contact and serial style when the zone is created: create.contact, " +
  'create.serial_style) and has no call that changes it; leave soa out of this zone, or serve it from powerdns, ' +
  'rfc2136 or zonefile';

/**
 * What the Dyn service manages: every registered record type that has its rdata mapping (rdata.ts; each has its
 * `/<TYPE>Record/` resource and `<type>_records` key), geo services and secondary zones. The vendor documents one
 * per-name limit: "Each node can only contain 13 A records" (Managed DNS API error codes); no other type has a
 * documented limit. A zone's apex holds the service's four name servers, which cannot be removed: the apex NS set
 * is not managed.
 */
export const DYN_CAPABILITIES: DnsCapabilities = {
  recordTypes: [...DYN_RDATA_TYPES],
  geoServices: true,
  secondaryZones: true,
  maxRecordsPerName: { A: 13 },
  valueProblem,
  typeAdvice: {
    HTTPS: serviceBinding('HTTPS'),
    SVCB: serviceBinding('SVCB'),
    ...Object.fromEntries(NOT_SERVED.map((type) => [type, notServed(type)])),
    SOA: SOA_ADVICE,
  },
  apexNsAdvice:
    "the service's own name servers (service_class Primary) stand at every zone's apex and cannot be removed; " +
    'leave the apex NS set out of this zone, or serve it from powerdns, rfc2136 or zonefile',
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

/**
 * What a PowerDNS, RFC 2136 or zone-file provider holds and the service does not serve: no `<type>_records` key in
 * its `AllRecord` read and no record class in the vendor's SDK (dyn-python `dyn/tm/records.py`).
 */
function notServed(type: string): string {
  return (
    `the service has no ${type} records; serve this zone from a provider that holds them (powerdns, rfc2136, ` +
    `zonefile), or leave ${type} out of this zone`
  );
}

/**
 * RFC 1183 §2.2 lets RP name the root for "no mailbox" or "no TXT name"; the service's RP fields take host names
 * (`mbox`, `txtdname`), and the emulator, written from its documentation, refuses `.` there.
 */
const RP_ROOT = 'takes host names in both RP fields, not the root ".": name a mailbox and a TXT name';

/** The CAA tags the service takes: "issue, issuewild or iodef" (help.dyn.com, Create CAA Record). */
const CAA_TAGS = new Set(['issue', 'issuewild', 'iodef']);

function valueProblem(type: string, value: string): string | null {
  if (type === 'RP') return value.split(' ').includes('.') ? RP_ROOT : null;
  if (type !== 'CAA') return null;
  const tag = value.split(' ')[1] ?? '';
  return CAA_TAGS.has(tag) ? null : `takes the CAA tags ${[...CAA_TAGS].join(', ')} only, not "${tag}"`;
}

/** The record types the provider reads and writes, for lookups. */
export const DYN_RECORD_TYPES: ReadonlySet<string> = new Set(DYN_CAPABILITIES.recordTypes);
