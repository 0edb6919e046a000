import type { Diagnostic } from '../../model/diagnostic.js';
import { relativeName } from '../../model/names.js';
import { entryCovers, entryText, valueMatches } from '../../model/unmanaged.js';
import type { ReadRecord } from '../desired/read-records.js';
import type { MergedDocument, MergedZone } from '../read/merge.js';
import { diagnosticAt } from '../read/positioned.js';
import { type PlacedAbsent, readAbsent } from './absent-entries.js';
import { type PlacedUnmanaged, readUnmanaged } from './unmanaged-entries.js';

/**
 * How a zone shares itself with other tools: its `unmanaged` entries and `absent` list are valid (see their
 * readers), and nothing is both edgeplan's and another tool's: a record name an entry for every type covers, a set
 * of a type an entry covers, a value a value glob matches, a set `absent` lists and `records` declares.
 */
export function sharingDiagnostics(merged: MergedDocument, records: readonly ReadRecord[]): Diagnostic[] {
  return merged.zones.flatMap((zone) => {
    const unmanaged = readUnmanaged(zone);
    const absent = readAbsent(zone);
    // A zone that shares nothing (no entries) conflicts with nothing: it costs nothing per record.
    const shared = unmanaged.entries.length > 0 || absent.entries.length > 0;
    const mine = shared ? records.filter((record) => record.zone === zone) : [];
    return [
      ...unmanaged.diagnostics,
      ...absent.diagnostics,
      ...(unmanaged.entries.length > 0
        ? mine.flatMap((record) => conflicts(zone, record, unmanaged.entries))
        : []),
      ...absentDeclared(absent.entries, mine),
    ];
  });
}

/** The `absent` entries that name a set (or a name) `records` declares, each reported where it is written. */
function absentDeclared(entries: readonly PlacedAbsent[], mine: readonly ReadRecord[]): Diagnostic[] {
  if (entries.length === 0) return [];
  const declared = new Set(
    mine.flatMap((read) => [
      read.record.fqdn,
      ...read.sets.map((set) => setKey(read.record.fqdn, set.type.type)),
    ]),
  );
  return entries
    .filter(({ set }) => declared.has(set.type ? setKey(set.fqdn, set.type) : set.fqdn))
    .map(({ written, pos }) =>
      diagnosticAt(pos, `absent entry "${written}" names a record set declared under records; keep one`),
    );
}

function setKey(fqdn: string, type: string): string {
  return `${fqdn} ${type}`;
}

/** The first entry that claims each part of `read`, reported where that part is written. */
function conflicts(zone: MergedZone, read: ReadRecord, entries: readonly PlacedUnmanaged[]): Diagnostic[] {
  const name = relativeName(read.record.fqdn, zone.zone);
  const written = read.record.name;
  const whole = entries.find(
    ({ entry }) => entry.types === undefined && entry.value === undefined && entryCovers(entry, name, ''),
  );
  if (whole)
    return [
      diagnosticAt(
        read.record.keyPos,
        `record "${written}" matches unmanaged glob "${whole.written}" of its zone; a name cannot be both managed and unmanaged`,
      ),
    ];
  return read.sets.flatMap((set) => {
    const type = set.type.type;
    const covering = entries.filter(({ entry }) => entryCovers(entry, name, type));
    const typed = covering.find(({ entry }) => entry.value === undefined);
    if (typed)
      return [
        diagnosticAt(
          set.keyPos,
          `record "${written}" ${type} matches unmanaged entry "${entryText(typed.entry)}" of its zone; a record set cannot be both managed and unmanaged`,
        ),
      ];
    return set.values.flatMap(({ value, pos }) => {
      const claimed = covering.find(
        ({ entry }) => entry.value !== undefined && valueMatches(entry.value, type, value, zone.zone),
      );
      if (!claimed) return [];
      return [
        diagnosticAt(
          pos,
          `${type} value ${value} of record "${written}" matches unmanaged entry "${entryText(claimed.entry)}" of its zone; a value cannot be both managed and unmanaged`,
        ),
      ];
    });
  });
}
