import { isDeepStrictEqual } from 'node:util';
import { compareStrings } from '../../model/compare.js';
import { compareRecordSets, PROVIDER_TTL, recordSetKey } from '../../model/record-set.js';
import { completeSoa } from '../../model/record-types/soa.js';
import { modelName } from './names.js';
import type { ZonefileNewZone, ZonefileOp } from './ops.js';
import type { FileRecord } from './read-entries.js';
import { firstSerial, NEW_ZONE_TIMERS, nextSerial, rnameOf, type Soa, serialStyleOf } from './soa.js';
import type { ZoneContent, ZoneRead } from './zone-content.js';

/**
 * A zone's content after the op (pure): each deleted set gone, each replaced set exactly its new values with the
 * new TTL, and a set the file kept as written (one that could not be read) replaced or deleted whole; every other
 * record as it was. A replaced apex NS set stays among the records kept as written, the zone's own, where a read
 * puts it (zone-content.ts), and is the content's `apexNs`.
 */
export function changedContent(content: ZoneContent, op: ZonefileOp): ZoneContent {
  const touched = new Set([...op.delete, ...op.replace].map(recordSetKey));
  const untouched = (set: { fqdn: string; type: string }) => !touched.has(recordSetKey(set));
  const replaced = op.replace.map((set) => ({
    fqdn: set.fqdn,
    type: set.type,
    records: set.values.map((value) => ({ value, ttl: set.ttl })),
  }));
  const isApexNs = (set: { fqdn: string; type: string }) => set.fqdn === content.zone && set.type === 'NS';
  const isSoa = (set: { type: string }) => set.type === 'SOA';
  const apexNs = replaced.find(isApexNs);
  const soa = op.replace.find(isSoa);
  const origin = `${content.zone}.`;
  const kept = [
    ...(apexNs?.records ?? []).map(({ value, ttl }) => ({
      line: 0,
      owner: origin,
      ttl,
      type: 'NS',
      rdata: [value],
      origin,
    })),
    ...content.kept.filter((record) => untouched({ fqdn: modelName(record.owner), type: record.type })),
  ];
  return {
    ...content,
    soa: soa === undefined ? content.soa : withSoaFields(content.soa, soa),
    sets: [
      ...content.sets.filter(untouched),
      ...replaced.filter((set) => !isApexNs(set) && !isSoa(set)),
    ].sort(compareRecordSets),
    kept,
    ...(apexNs ? { apexNs } : {}),
    unsupported: content.unsupported.filter((key) => !touched.has(key)),
    notes: [],
  };
}

/**
 * The SOA with the fields of a replaced SOA set (its one value: record-types/soa.ts, the serial left out) and its
 * TTL; the serial as it was (nextVersion puts it up).
 */
function withSoaFields(soa: Soa, set: { ttl: number; values: readonly string[] }): Soa {
  const whole = completeSoa(set.values[0] ?? '', soaFields(soa));
  const [mname = soa.mname, rname = soa.rname, ...timers] = whole.split(' ');
  const [refresh = soa.refresh, retry = soa.retry, expire = soa.expire, minimum = soa.minimum] =
    timers.map(Number);
  const ttl = set.ttl === PROVIDER_TTL ? soa.ttl : set.ttl;
  return { ttl, mname, rname, serial: soa.serial, refresh, retry, expire, minimum };
}

/** The SOA's fields as a value of the model writes them, in order, the serial left out (record-types/soa.ts). */
function soaFields(soa: Soa): string {
  return [soa.mname, soa.rname, soa.refresh, soa.retry, soa.expire, soa.minimum].join(' ');
}

/** The content with the SOA's serial up once, in the serial's own style (soa.ts), at `nowMs`. */
export function nextVersion(content: ZoneContent, nowMs: number): ZoneContent {
  const { soa } = content;
  return { ...content, soa: { ...soa, serial: nextSerial(serialStyleOf(soa.serial), soa.serial, nowMs) } };
}

/**
 * The content of a zone the plan creates, before its records: an SOA naming the first name server, the contact
 * as its RNAME, the zone's TTL and a first serial in the zone's serial style; the apex NS set the provider names.
 */
export function newZoneContent(zone: string, create: ZonefileNewZone, nowMs: number): ZoneContent {
  const origin = `${zone}.`;
  const [mname = origin] = create.nameservers;
  return {
    zone,
    soa: {
      ttl: create.ttl,
      mname,
      rname: rnameOf(create.contact),
      serial: firstSerial(create.serialStyle, nowMs),
      ...NEW_ZONE_TIMERS,
    },
    sets: [],
    kept: create.nameservers.map((name) => ({
      line: 0,
      owner: origin,
      ttl: create.ttl,
      type: 'NS',
      rdata: [name],
      origin,
    })),
    unsupported: [],
    notes: [],
  };
}

/**
 * Why `read`, the file about to be written as read back, is not `content` (the SOA, the managed sets, the kept
 * records and the sets named as not managed); null when it is. The writer's last guard: a file edgeplan could not
 * read back is never written.
 */
export function readBackProblem(read: ZoneRead, content: ZoneContent): string | null {
  if (!read.ok) return read.problems.map((p) => `line ${p.line}, column ${p.col}: ${p.message}`).join('; ');
  const again = read.content;
  if (!isDeepStrictEqual(again.soa, content.soa)) return 'the SOA differs';
  if (!isDeepStrictEqual(again.sets, content.sets)) return 'the record sets differ';
  if (!isDeepStrictEqual(again.unsupported, content.unsupported)) return 'the sets kept as written differ';
  if (!isDeepStrictEqual(keptKeys(again.kept), keptKeys(content.kept)))
    return 'the records kept as written differ';
  return null;
}

/** Records kept as written, compared by what they mean (where in the file they are does not matter), sorted. */
function keptKeys(kept: readonly FileRecord[]): string[] {
  return kept
    .map((record) =>
      [
        record.owner.toLowerCase(),
        record.ttl,
        record.type,
        record.origin.toLowerCase(),
        ...record.rdata,
      ].join(' '),
    )
    .sort(compareStrings);
}
