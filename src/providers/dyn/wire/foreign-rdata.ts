import type { ForeignRecord } from '../../../model/foreign-record.js';

/**
 * Presentation form (RFC 1035 §5.1) of the rdata the service returns for a type edgeplan does not manage, its fields
 * in the order of the type's RFC, as the vendor SDK (dyninc/dyn-python `dyn/tm/records.py`) names them. A type not
 * listed here keeps the service's own field order: the record is still named and listed, only its text may read
 * differently from a zone file's.
 */
const FIELD_ORDER: ReadonlyMap<string, readonly string[]> = new Map([
  ['CDNSKEY', ['flags', 'protocol', 'algorithm', 'public_key']],
  ['CDS', ['keytag', 'algorithm', 'digtype', 'digest']],
  ['CSYNC', ['soa_serial', 'flags', 'types']],
  ['DHCID', ['digest']],
  ['DNAME', ['dname']],
  ['DNSKEY', ['flags', 'protocol', 'algorithm', 'public_key']],
  ['IPSECKEY', ['precedence', 'gatetype', 'algorithm', 'gateway', 'public_key']],
  ['KEY', ['flags', 'protocol', 'algorithm', 'public_key']],
  ['KX', ['preference', 'exchange']],
  ['LOC', ['latitude', 'longitude', 'altitude', 'size', 'horiz_pre', 'vert_pre']],
  ['NSAP', ['nsap']],
  ['PX', ['preference', 'map822', 'mapx400']],
  ['RP', ['mbox', 'txtdname']],
]);

/** The service's rdata object as one line of text; CSYNC's comma-separated types as the RFC's space-separated list. */
export function foreignRdata(type: string, rdata: Readonly<Record<string, unknown>>): string {
  const order = FIELD_ORDER.get(type) ?? Object.keys(rdata);
  return order
    .filter((field) => Object.hasOwn(rdata, field))
    .map((field) => String(rdata[field]))
    .map((text) => (type === 'CSYNC' ? text.replaceAll(',', ' ') : text))
    .join(' ');
}

/** A record of the service's AllRecord answer of a type edgeplan does not manage. */
export function foreignRecord(
  fqdn: string,
  type: string,
  item: { ttl: number; rdata: Readonly<Record<string, unknown>> },
): ForeignRecord {
  return { fqdn, type, ttl: item.ttl, rdata: foreignRdata(type, item.rdata) };
}
