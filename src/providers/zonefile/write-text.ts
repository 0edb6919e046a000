import { compareStrings } from '../../model/compare.js';
import { reversedLabels } from './names.js';
import { soaText } from './soa.js';
import type { ZoneContent } from './zone-content.js';

/** One line of the written file before it is placed: its owner (absolute), the origin its RDATA needs. */
interface Line {
  owner: string;
  ttl: number;
  type: string;
  rdata: string;
  origin: string;
}

/**
 * A zone as the file edgeplan writes anew, for a new zone or a change it cannot make in place (splice-text.ts)
 * (deterministic: the same content gives the same bytes): `$ORIGIN` of the zone, the SOA, then every record in
 * DNS's canonical order of names (RFC 4034 §6.1: the apex first, each name before the names below it), the apex NS
 * first among the apex's types, then by type; a set's values in their type's order, kept records in the order the
 * file had them. Each record is one line, `name ttl IN TYPE rdata`, names relative to the zone (`@` the apex). A
 * kept record written under another `$ORIGIN` is written under it again, so that relative names in its RDATA keep
 * their meaning.
 */
export function zoneFileText(content: ZoneContent): string {
  const origin = `${content.zone}.`;
  const lines: Line[] = [
    ...content.sets.flatMap((set) =>
      set.records.map((record) => ({
        owner: `${set.fqdn}.`,
        ttl: record.ttl,
        type: set.type,
        rdata: record.value,
        origin,
      })),
    ),
    ...content.kept.map((record) => ({
      owner: record.owner,
      ttl: record.ttl,
      type: record.type,
      rdata: record.rdata.join(' '),
      origin: record.origin,
    })),
  ];
  // A stable sort: a set's values stay in their type's order, kept records in the file's.
  lines.sort((a, b) => compareLines(a, b, origin));
  const { soa } = content;
  const out = [
    `; Zone ${content.zone}, written by edgeplan. It reads this file before each plan; an apply changes only the`,
    '; lines of the records it changes, and the SOA serial: other lines and comments are kept as written.',
    `$ORIGIN ${origin}`,
    row('@', soa.ttl, 'SOA', soaText(soa)),
  ];
  let current = origin;
  for (const line of lines) {
    if (line.origin !== current) {
      out.push(`$ORIGIN ${line.origin}`);
      current = line.origin;
    }
    out.push(
      row(current === origin ? ownerText(line.owner, origin) : line.owner, line.ttl, line.type, line.rdata),
    );
  }
  if (current !== origin) out.push(`$ORIGIN ${origin}`);
  return `${out.join('\n')}\n`;
}

/** One record as one line: `name ttl IN TYPE rdata`. */
export function row(owner: string, ttl: number, type: string, rdata: string): string {
  return `${owner}\t${ttl}\tIN\t${type}\t${rdata}`;
}

/** `@` for the apex, the labels before the zone for a name inside it; any other name absolute. */
export function ownerText(owner: string, origin: string): string {
  if (owner.toLowerCase() === origin.toLowerCase()) return '@';
  const below = owner.slice(0, -origin.length - 1);
  return owner.toLowerCase().endsWith(`.${origin.toLowerCase()}`) ? below : owner;
}

function compareLines(a: Line, b: Line, origin: string): number {
  return (
    compareNames(a.owner, b.owner) ||
    apexRank(a, origin) - apexRank(b, origin) ||
    compareStrings(a.type, b.type)
  );
}

/** The apex's NS set comes right after the SOA, as zone files usually have it. */
function apexRank(line: Line, origin: string): number {
  return line.type === 'NS' && line.owner.toLowerCase() === origin.toLowerCase() ? 0 : 1;
}

function compareNames(a: string, b: string): number {
  const left = reversedLabels(a);
  const right = reversedLabels(b);
  for (const [i, label] of left.entries()) {
    const other = right[i];
    // a is below b: b comes first.
    if (other === undefined) return 1;
    const order = compareStrings(label, other);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}
