import { compareStrings } from './compare.js';

/**
 * A live record of a type edgeplan does not manage (DNAME, LOC, DNSKEY, an unknown `TYPE65534`…): kept as the
 * provider serves it so that it can be listed, never in a step. `rdata` is its presentation form (RFC 1035 §5.1),
 * RFC 3597 `\# <length> <hex>` for a type the provider knows no text form of (PowerDNS writes it so).
 */
export interface ForeignRecord {
  fqdn: string;
  type: string;
  ttl: number;
  rdata: string;
}

/** `<fqdn> <TYPE>`: the key `LiveZone.unsupported` lists. */
export function foreignName(record: Pick<ForeignRecord, 'fqdn' | 'type'>): string {
  return `${record.fqdn} ${record.type}`;
}

/** One line as a zone file writes it: `<fqdn>. <ttl> <TYPE> <rdata>`. */
export function foreignLine(record: ForeignRecord): string {
  return `${record.fqdn}. ${record.ttl} ${record.type} ${record.rdata}`;
}

/** By name, then type, then rdata: two reads of the same records list them alike. */
export function sortForeign(records: readonly ForeignRecord[]): ForeignRecord[] {
  return [...records].sort(
    (a, b) => compareStrings(foreignName(a), foreignName(b)) || compareStrings(a.rdata, b.rdata),
  );
}

/** The unique `<fqdn> <TYPE>` keys of `records`, sorted. */
export function foreignNames(records: readonly ForeignRecord[]): string[] {
  return [...new Set(records.map(foreignName))].sort(compareStrings);
}
