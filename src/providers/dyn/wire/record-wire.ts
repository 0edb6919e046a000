import { compareStrings } from '../../../model/compare.js';
import type { LiveRecord } from '../../../model/record-set.js';
import { recordType } from '../../../model/record-types/registry.js';
import { segment } from '../session/client.js';

/**
 * How the Dyn API names a record type (vendor docs, "Record Types" and the `<Type>Record` resources): resources
 * `/<TYPE>Record/<zone>/<fqdn>/[<record_id>/]`, `<type>_records` keys in `GET /AllRecord/<zone>/?detail=Y`,
 * `<TYPE>Records` in the body of a replace-all PUT, `<type>_rdata` keys in a geo group's `rdata`.
 */

/** `/MXRecord/example.com/www.example.com/` or, with a record id, `/MXRecord/example.com/www.example.com/42/`. */
export function recordPath(type: string, zone: string, fqdn: string, ref?: string): string {
  const node = `/${type}Record/${segment(zone)}/${segment(fqdn)}/`;
  return ref === undefined ? node : `${node}${segment(ref)}/`;
}

/** `MX` → `MXRecords`: the list a replace-all PUT carries. */
export function replaceAllKey(type: string): string {
  return `${type}Records`;
}

/** `aaaa_records` → `AAAA`; null for any other key. */
export function typeOfRecordsKey(key: string): string | null {
  return typeOfKey(key, '_records');
}

/** `AAAA` → `aaaa_rdata`. */
export function rdataKey(type: string): string {
  return `${type.toLowerCase()}_rdata`;
}

/** `aaaa_rdata` → `AAAA`; null for any other key. */
export function typeOfRdataKey(key: string): string | null {
  return typeOfKey(key, '_rdata');
}

function typeOfKey(key: string, suffix: '_records' | '_rdata'): string | null {
  const type = key.endsWith(suffix) ? key.slice(0, -suffix.length) : '';
  return /^[a-z0-9]+$/.test(type) ? type.toUpperCase() : null;
}

/**
 * The records the service keeps for itself in every zone (vendor docs: a new zone gets an SOA and four NS records at
 * the apex that cannot be removed): never read as the zone's data, never written.
 */
export function isServiceRecord(type: string, fqdn: string, zone: string): boolean {
  return type === 'SOA' || (type === 'NS' && fqdn === zone);
}

/** Live records in canonical order: by value in the type's order, then by ref (record ids numerically). */
export function sortLiveRecords<R extends LiveRecord>(type: string, records: readonly R[]): R[] {
  const compare = recordType(type)?.compare ?? compareStrings;
  return [...records].sort((a, b) => compare(a.value, b.value) || compareRefs(a.ref, b.ref));
}

/** Record ids are integers the service sends as numbers or digit strings: `9` before `10`. */
function compareRefs(a: string | undefined, b: string | undefined): number {
  const numeric = (ref: string | undefined) => (ref !== undefined && /^\d+$/.test(ref) ? BigInt(ref) : null);
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  return compareStrings(a ?? '', b ?? '');
}
