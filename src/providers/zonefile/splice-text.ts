import { recordSetKey } from '../../model/record-set.js';
import { absoluteName, modelName } from './names.js';
import type { ZonefileOp, ZonefileReplace } from './ops.js';
import type { PlacedRecord } from './read-entries.js';
import { type Soa, soaText } from './soa.js';
import { ownerText, row } from './write-text.js';

/** Rows to write before a line of the file, under the zone's origin. */
interface Insertion {
  /** 0-based index of the line they go before (the file's line count: at its end). */
  before: number;
  /** The `$ORIGIN` in effect there (absolute). */
  origin: string;
  owner: string;
  rows: string[];
}

/**
 * A zone file's text with an op made in place, so that a change is as small a diff as it can be: the lines of
 * each deleted or replaced set go, a replaced set's new rows take the place of its first record, a new set follows
 * the last record of its name (or ends the file), and the SOA's serial becomes `soa`'s where it is written (a
 * replaced SOA is written whole as `soa`: its fields, TTL and serial). Every
 * other line (comments, blank lines, directives, layout) stays byte for byte, but for a record that named no owner
 * (RFC 1035 §5.1: it takes the owner of the record before it) whose record before it went: it gets its owner
 * written. New rows are written under the zone's origin (a `$ORIGIN` pair around them where another is in effect).
 * The result is not trusted: the writer reads it back and falls back to the whole file written anew (write.ts).
 */
export function splicedZoneText(
  text: string,
  records: readonly PlacedRecord[],
  op: ZonefileOp,
  soa: Soa,
): string {
  const origin = `${op.zone}.`;
  const lines = text.split('\n');
  if (lines.at(-1) !== '') lines.push('');
  const touched = new Set([...op.delete, ...op.replace].map(recordSetKey));
  const replacing = new Map(op.replace.map((set) => [recordSetKey(set), set]));
  const removed = new Set<number>();
  const insertions: Insertion[] = [];
  const lastOfName = new Map<string, PlacedRecord>();
  for (const record of records) {
    const fqdn = modelName(record.owner);
    lastOfName.set(fqdn, record);
    const key = recordSetKey({ fqdn, type: record.type });
    if (record.type === 'SOA' && !touched.has(key)) replaceSerial(lines, record, soa.serial);
    if (!touched.has(key)) continue;
    for (let line = record.line; line <= record.lastLine; line++) removed.add(line - 1);
    const replaced = replacing.get(key);
    // A replaced SOA is written whole, with its serial (its set's value leaves the serial out: record-types/soa.ts).
    const set =
      replaced && record.type === 'SOA' ? { ...replaced, ttl: soa.ttl, values: [soaText(soa)] } : replaced;
    if (set === undefined) continue;
    replacing.delete(key);
    insertions.push(insertion(set, record.line - 1, record.origin, origin, true));
  }
  let endOrigin = originAtEnd(lines, records, origin);
  for (const set of replacing.values()) {
    const last = lastOfName.get(set.fqdn);
    if (last) insertions.push(insertion(set, last.lastLine, last.origin, origin, true));
    else {
      insertions.push(insertion(set, lines.length - 1, endOrigin, origin, false));
      endOrigin = origin;
    }
  }
  giveOwners(lines, records, removed, insertions);
  return joined(lines, removed, insertions);
}

/** `set`'s rows before line `before`; `restore`: the origin in effect there is set again after them. */
function insertion(
  set: ZonefileReplace,
  before: number,
  inEffect: string,
  origin: string,
  restore: boolean,
): Insertion {
  const owner = ownerText(`${set.fqdn}.`, origin);
  const rows = set.values.map((value) => row(owner, set.ttl, set.type, value));
  const around = restore ? [`$ORIGIN ${inEffect}`] : [];
  const wrapped = inEffect === origin ? rows : [`$ORIGIN ${origin}`, ...rows, ...around];
  return { before, origin: inEffect, owner: `${set.fqdn}.`, rows: wrapped };
}

/** The origin in effect at the end of the file: the last record's, unless a `$ORIGIN` follows it. */
function originAtEnd(lines: readonly string[], records: readonly PlacedRecord[], origin: string): string {
  const last = records.at(-1);
  const after = lines.slice(last?.lastLine ?? 0);
  for (const line of after.reverse()) {
    const directive = /^\$ORIGIN\s+(\S+)/i.exec(line);
    if (directive?.[1]) return absoluteName(directive[1], last?.origin ?? origin);
  }
  return last?.origin ?? origin;
}

/**
 * A record written without an owner takes the one of the record before it in the file: where that record went, or
 * new rows now come before it, the record's first line gets its own owner written, so it keeps it.
 */
function giveOwners(
  lines: string[],
  records: readonly PlacedRecord[],
  removed: ReadonlySet<number>,
  insertions: readonly Insertion[],
): void {
  const inOrder = [...insertions].sort((a, b) => a.before - b.before);
  let next = 0;
  let ownerBefore: string | undefined;
  for (const record of records) {
    const start = record.line - 1;
    for (; next < inOrder.length && (inOrder[next]?.before ?? 0) <= start; next++)
      ownerBefore = inOrder[next]?.owner;
    if (removed.has(start)) continue;
    if (record.ownerless && ownerBefore?.toLowerCase() !== record.owner.toLowerCase())
      lines[start] = `${ownerText(record.owner, record.origin)}${lines[start]}`;
    ownerBefore = record.owner;
  }
}

/**
 * The SOA's serial (the third field after its type) replaced where the record writes it; the rest of its lines,
 * comments and parentheses included, as they were.
 */
function replaceSerial(lines: string[], soa: PlacedRecord, serial: number): void {
  let afterType = -1;
  for (let index = soa.line - 1; index < soa.lastLine; index++) {
    const line = lines[index];
    if (line === undefined) return;
    for (const field of line.replace(/;.*/, '').matchAll(/[^\s()]+/g)) {
      if (afterType < 0) {
        if (field[0].toUpperCase() === 'SOA') afterType = 0;
      } else if (afterType++ === 2) {
        lines[index] = `${line.slice(0, field.index)}${serial}${line.slice(field.index + field[0].length)}`;
        return;
      }
    }
  }
}

function joined(
  lines: readonly string[],
  removed: ReadonlySet<number>,
  insertions: readonly Insertion[],
): string {
  // Appended in place and written row by row: a file that gains 100,000 sets gets them all before one line.
  const byLine = new Map<number, string[]>();
  for (const added of insertions) {
    const rows = byLine.get(added.before);
    if (rows) for (const row of added.rows) rows.push(row);
    else byLine.set(added.before, [...added.rows]);
  }
  const out: string[] = [];
  lines.forEach((line, index) => {
    for (const row of byLine.get(index) ?? []) out.push(row);
    if (!removed.has(index)) out.push(line);
  });
  return out.join('\n');
}
