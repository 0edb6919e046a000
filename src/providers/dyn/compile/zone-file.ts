import type { ZoneSettings } from '../../../model/zone.js';
import type { ZoneFileSet } from './ops.js';

/**
 * RFC 1035 master files of a zone's record sets, for the service's zone-file upload (compile.ts says when it is
 * used). Pure. Canonical values are RDATA in presentation format already (model/record-types), so a record is one
 * line `<fqdn>. <ttl> IN <TYPE> <value>`, with every owner absolute; `$ORIGIN` and `$TTL` head each file, and the
 * file that creates the zone has its SOA: the contact as RNAME, serial 0 (the service numbers the zone's serials),
 * and the zone itself as MNAME, a placeholder for the service's own name servers, which it sets, as it does the
 * apex NS records. Files are split, sets whole and in order, so that each stays under ZONE_FILE_MAX_BYTES.
 */

/**
 * The service's limit is "1MB" (help.dyn.com, Upload zone file API; the vendor SDK refuses files over 1,048,576
 * bytes): files stay under the decimal megabyte, which is under either reading.
 */
export const ZONE_FILE_MAX_BYTES = 1_000_000;

/** Record types a master file carries: ALIAS is the service's own, not a DNS type (docs/record-types.md). */
export function inZoneFile(type: string): boolean {
  return type !== 'ALIAS';
}

/** SOA timers of a new zone's file: refresh, retry, expire, minimum (RFC 1912 §2.2 ranges). */
const SOA_TIMERS = '3600 600 604800 1800';

/** The file that creates `zone` with `sets`. */
export function createZoneFile(
  zone: string,
  value: Pick<ZoneSettings, 'rname' | 'ttl'>,
  sets: readonly ZoneFileSet[],
) {
  return header(zone, value.ttl, soaLine(zone, value)) + sets.map(setLines).join('');
}

/** A file that adds `sets` to `zone`, whose records have their TTLs (`$TTL` is the zone's default). */
export function addZoneFile(zone: string, ttl: number, sets: readonly ZoneFileSet[]): string {
  return header(zone, ttl) + sets.map(setLines).join('');
}

/**
 * `sets` in as few files as the limit allows, in order: the first file creates the zone, each further one adds to
 * it. A set too large for a file of its own is in none: the caller writes it another way.
 */
export function splitZoneFiles(
  zone: string,
  value: Pick<ZoneSettings, 'rname' | 'ttl'>,
  sets: readonly ZoneFileSet[],
  maxBytes = ZONE_FILE_MAX_BYTES,
): ZoneFileSet[][] {
  const firstHeader = bytes(header(zone, value.ttl, soaLine(zone, value)));
  const nextHeader = bytes(header(zone, value.ttl));
  const files: ZoneFileSet[][] = [];
  let current: ZoneFileSet[] = [];
  let size = firstHeader;
  for (const set of sets) {
    const lines = bytes(setLines(set));
    if (Math.max(firstHeader, nextHeader) + lines > maxBytes) continue;
    if (size + lines > maxBytes) {
      files.push(current);
      current = [];
      size = nextHeader;
    }
    current.push(set);
    size += lines;
  }
  if (current.length > 0) files.push(current);
  return files;
}

function header(zone: string, ttl: number, soa = ''): string {
  return `$ORIGIN ${zone}.\n$TTL ${ttl}\n${soa}`;
}

function soaLine(zone: string, value: Pick<ZoneSettings, 'rname' | 'ttl'>): string {
  return `${zone}. ${value.ttl} IN SOA ${zone}. ${mailboxName(value.rname)} 0 ${SOA_TIMERS}\n`;
}

function setLines(set: ZoneFileSet): string {
  return set.values.map((value) => `${set.fqdn}. ${set.ttl} IN ${set.type} ${value}\n`).join('');
}

/** `hostmaster@example.com` → `hostmaster.example.com.` (RFC 1035 §8: a dot in the local part is `\.`). */
export function mailboxName(rname: string): string {
  const at = rname.lastIndexOf('@');
  if (at < 0) return rname.endsWith('.') ? rname : `${rname}.`;
  const local = rname.slice(0, at).replace(/\\/g, '\\\\').replace(/\./g, '\\.');
  const domain = rname.slice(at + 1).replace(/\.$/, '');
  return `${local}.${domain}.`;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
