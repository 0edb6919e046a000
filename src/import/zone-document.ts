import { compareStrings } from '../model/compare.js';
import { foreignLine } from '../model/foreign-record.js';
import type { ZoneInventory } from '../model/inventory.js';
import { relativeName, writtenNameProblem } from '../model/names.js';
import { type LiveRecordSet, recordSetKey } from '../model/record-set.js';
import { requireRecordType } from '../model/record-types/registry.js';
import { DEFAULT_TTL } from '../model/zone.js';
import { crowdedAliases } from './crowded-aliases.js';
import { delegatedNames } from './delegated-names.js';
import { misplacedSets } from './misplaced-sets.js';

/** The record sets of one name as YAML writes them: `{ ttl?, <type key>: values }`. */
export type NameDocument = Record<string, unknown>;

/** A zone of the desired state as import writes it: plain data in the shape of the YAML (`ZoneSchema`). */
export interface ZoneDocument {
  default_ttl: number;
  /** A name's sets in one map, or a list of maps when their TTLs differ (one map per TTL). */
  records: Record<string, NameDocument | NameDocument[]>;
  /** Whole names as literal globs, then names with the types left alone there (misplaced-sets.ts). */
  unmanaged?: (string | { name: string; types: string[] })[];
}

/**
 * One live zone as desired state that plans empty against it. Each name's record sets are written under the name
 * relative to the zone (`@` the apex), values as their type writes them in YAML; sets of one name with different
 * TTLs become a list of maps, one per TTL. The zone's `default_ttl` is its most common set TTL (the smallest on a
 * tie), so most names need no `ttl`. What the model cannot express is listed in `notes`, never dropped silently:
 * - a set whose records differ in TTL, or have TTL 0 (the model gives a set one TTL of at least 1), or a type that
 *   holds one value holding several: the whole name is written under `unmanaged` as a literal glob, so edgeplan
 *   leaves it exactly as it is;
 * - a set below a delegation that is not its glue, and a name server inside its delegation without glue
 *   (delegated-names.ts), and a CNAME with other data beside it (crowded-aliases.ts): the name is written under
 *   `unmanaged`, as above; glue is written like any record;
 * - a set its type may not have where it is (misplaced-sets.ts: a DS at the apex, or beside no NS): written under
 *   `unmanaged` by name and type (`{ name, types }`), so the name's other sets stay managed;
 * - records of types the provider cannot manage (`unsupported`), and the provider's own or disabled records
 *   (`providerOwned`): never touched.
 */
export function zoneDocument(
  inventory: ZoneInventory,
  allow: ReadonlyMap<string, readonly string[]> = new Map(),
): {
  document: ZoneDocument;
  notes: string[];
  warnings: string[];
} {
  const { zone } = inventory;
  const notes: string[] = [];
  const doubled = new Set<string>();
  const writtenName = (fqdn: string) => {
    const relative = relativeName(fqdn, zone);
    if (writtenNameProblem(relative, zone) === null) return relative;
    doubled.add(fqdn);
    return `${fqdn}.`;
  };
  const byName = new Map<string, { set: LiveRecordSet; ttl: number }[]>();
  const unmanaged = new Set<string>();
  const misplaced = new Map(misplacedSets(zone, inventory.records).map((m) => [`${m.fqdn} ${m.type}`, m]));
  const typed = new Map<string, string[]>();
  for (const set of inventory.records) {
    const name = writtenName(set.fqdn);
    const wrong = misplaced.get(`${set.fqdn} ${set.type}`);
    if (wrong) {
      typed.set(name, [...(typed.get(name) ?? []), set.type]);
      notes.push(`zone:${zone}: ${wrong.why}; written under unmanaged by type, left as it is`);
      continue;
    }
    const held = heldTtl(set);
    if (typeof held === 'string') {
      unmanaged.add(name);
      notes.push(
        `zone:${zone}: ${set.fqdn} ${set.type} ${held}; the name is written under unmanaged, left as it is`,
      );
      continue;
    }
    byName.set(name, [...(byName.get(name) ?? []), { set, ttl: held }]);
  }
  // A misplaced set is left alone by type already: it crowds no CNAME.
  const placed = inventory.records.filter((set) => !misplaced.has(`${set.fqdn} ${set.type}`));
  const awkward = [
    ...delegatedNames(zone, inventory.records),
    ...crowdedAliases(placed, inventory.unsupported),
  ];
  for (const { fqdn, why } of awkward) {
    unmanaged.add(writtenName(fqdn));
    notes.push(`zone:${zone}: ${why}; the name is written under unmanaged, left as it is`);
  }
  for (const name of unmanaged) byName.delete(name);
  const defaultTtl =
    mostCommon([...byName.values()].flatMap((sets) => sets.map((s) => s.ttl))) ?? DEFAULT_TTL;
  // Object.fromEntries, not `records[name] =`: a node named `__proto__` must become an own key.
  const records = Object.fromEntries(
    [...byName]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([name, sets]) => [name, nameDocument(sets, zone, defaultTtl, allow)]),
  );
  notes.push(...foreignNotes(inventory));
  const owned = inventory.providerOwned ?? [];
  if (owned.length > 0)
    notes.push(
      `zone:${zone}: ${owned.length} record sets the provider keeps for itself or does not serve, left as they are:`,
      ...owned.map((name) => `  ${name}`),
    );
  const globs = [
    ...[...unmanaged].sort(compareStrings).map(literalGlob),
    ...[...typed]
      .filter(([name]) => !unmanaged.has(name))
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([name, types]) => ({ name: literalGlob(name), types: types.sort(compareStrings) })),
  ];
  return {
    document: { default_ttl: defaultTtl, records, ...(globs.length > 0 ? { unmanaged: globs } : {}) },
    notes,
    warnings: [...doubled].sort(compareStrings).map((fqdn) => doubledWarning(fqdn, zone)),
  };
}

/**
 * The records of types edgeplan does not manage, every one named (a line each, as a zone file writes it when the
 * provider read its data), after a line that counts them: import prints these and writes them into the zone's file.
 */
function foreignNotes(inventory: ZoneInventory): string[] {
  const { zone, unsupported, foreign } = inventory;
  if (unsupported.length === 0) return [];
  const lines = foreign === undefined ? unsupported : foreign.map(foreignLine);
  const what = foreign === undefined ? 'record sets' : 'records';
  return [
    `zone:${zone}: ${lines.length} ${what} of types edgeplan does not manage, left as they are:`,
    ...lines.map((line) => `  ${line}`),
  ];
}

/**
 * A live name that ends in its zone's name twice (`mx.example.com.example.com`): almost always a name written in the
 * source zone file without its trailing dot. Import keeps it as the zone serves it, written absolute (a relative
 * key ending in the zone's name is refused when loaded), and says which name was likely meant.
 */
function doubledWarning(fqdn: string, zone: string): string {
  const meant = fqdn.slice(0, -(zone.length + 1));
  return (
    `zone:${zone}: ${fqdn} is written as "${fqdn}." as the zone serves it; its name ends in the zone's name twice: ` +
    `likely "${meant}." written without its trailing dot in the zone's source`
  );
}

/** The one TTL desired state writes for a live set, or why it cannot write the set (a sentence after its name). */
function heldTtl(set: LiveRecordSet): number | string {
  const ttls = [...new Set(set.records.map((r) => r.ttl))].sort((a, b) => a - b);
  const [ttl] = ttls;
  if (ttls.length > 1) return `has records with different TTLs (${ttls.join(', ')})`;
  if (ttl === undefined) return 'has no records';
  if (ttl < 1) return 'has TTL 0';
  if (requireRecordType(set.type).single && set.records.length > 1)
    return `has ${set.records.length} records, where the type holds one`;
  return ttl;
}

/** One map when every set of the name has the same TTL, else one map per TTL (in TTL order). */
function nameDocument(
  sets: readonly { set: LiveRecordSet; ttl: number }[],
  zone: string,
  defaultTtl: number,
  allow: ReadonlyMap<string, readonly string[]>,
): NameDocument | NameDocument[] {
  const ttls = [...new Set(sets.map((s) => s.ttl))].sort((a, b) => a - b);
  const maps = ttls.map((ttl) => {
    const entries = sets
      .filter((s) => s.ttl === ttl)
      .map(({ set }) => {
        const type = requireRecordType(set.type);
        const values = set.records.map((record) => type.toYaml(record.value, zone));
        return [type.key, type.single ? values[0] : values] as const;
      })
      .sort(([a], [b]) => compareStrings(a, b));
    const lints = [
      ...new Set(sets.filter((s) => s.ttl === ttl).flatMap(({ set }) => allow.get(recordSetKey(set)) ?? [])),
    ].sort(compareStrings);
    return Object.fromEntries([
      ...entries,
      ...(ttl !== defaultTtl ? [['ttl', ttl] as const] : []),
      ...(lints.length > 0 ? [['allow_lints', lints] as const] : []),
    ]);
  });
  return maps.length === 1 ? (maps[0] as NameDocument) : maps;
}

/** A glob (picomatch) that matches exactly `name`: every special character escaped. */
export function literalGlob(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@|,^$]/g, (c) => `\\${c}`);
}

/** The value that occurs most often, the smallest of those on a tie; undefined for none. */
function mostCommon(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || a - b)[0]?.[0];
}
