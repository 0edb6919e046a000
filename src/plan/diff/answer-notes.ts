import type { Change, RecordSetChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { LiveDnsState } from '../../model/dns.js';
import { isInZone } from '../../model/names.js';
import { recordSetKey } from '../../model/record-set.js';
import type { AnswerNote } from '../types.js';

/** Where a value of each type names another name: CNAME, ALIAS, NS and PTR whole, MX its 2nd field, SRV its 4th. */
const TARGET_FIELD = new Map([
  ['CNAME', 0],
  ['ALIAS', 0],
  ['NS', 0],
  ['MX', 1],
  ['SRV', 3],
]);

/** A zone's record sets by `fqdn TYPE`: the values served there. */
type Sets = Map<string, { fqdn: string; type: string; values: readonly string[] }>;

/**
 * What changes in DNS answers where a record-set diff does not show it (pure; the same inputs give the same notes,
 * sorted by zone and name):
 * - `nxdomain`: a name that exists now stops existing (its last record set is deleted and nothing is left below it)
 *   while record sets after the plan still point at it: CNAME, ALIAS, MX, SRV and NS targets;
 * - `mx-without-address`: an MX target that has an A or AAAA set now keeps existing but loses every address.
 * Names are judged inside the zones the plan read of one provider (`live`, `provider` its name),
 * after its record-set changes (`changes`) are applied to what is live, so that names edgeplan does not manage count
 * as they are; pointers count from any of those zones. Targets in zones the plan did not read are not judged.
 */
export function answerNotes(live: LiveDnsState, changes: readonly Change[], provider: string): AnswerNote[] {
  const sets = changes.filter((c): c is RecordSetChange => c.address.kind === 'record-set');
  // Stryker disable next-line ConditionalExpression: a speed shortcut; without changes every name stays as it is
  if (sets.length === 0) return [];
  const zones = new Map<string, { before: Sets; after: Sets }>();
  for (const [zone, state] of Object.entries(live.zones)) {
    if (!state) continue;
    const before: Sets = new Map(
      state.records.map((s) => [recordSetKey(s), { ...s, values: s.records.map((r) => r.value) }]),
    );
    const after: Sets = new Map(before);
    for (const { address, after: value } of sets) {
      if (address.zone !== zone) continue;
      const key = recordSetKey(address);
      if (value === null) after.delete(key);
      else after.set(key, { fqdn: address.fqdn, type: address.type, values: value.values });
    }
    zones.set(zone, { before, after });
  }
  const notes: AnswerNote[] = [];
  for (const [name, pointedAtBy] of pointers(zones)) {
    const found = closestZone(zones, name);
    if (!found) continue;
    const [zone, sides] = found;
    if (exists(sides.before, name, zone) && !exists(sides.after, name, zone)) {
      notes.push({ kind: 'nxdomain', zone, provider, name, pointedAtBy });
      continue;
    }
    const mx = pointedAtBy.filter((p) => p.endsWith(' MX'));
    if (mx.length > 0 && hasAddress(sides.before, name) && !hasAddress(sides.after, name))
      notes.push({ kind: 'mx-without-address', zone, provider, name, pointedAtBy: mx });
  }
  return notes.sort(compareNotes);
}

/** By zone, provider, name, kind. */
export function compareNotes(a: AnswerNote, b: AnswerNote): number {
  return (
    compareStrings(a.zone, b.zone) ||
    compareStrings(a.provider, b.provider) ||
    compareStrings(a.name, b.name) ||
    compareStrings(a.kind, b.kind)
  );
}

/** Every name the sets after the plan point at, with `fqdn TYPE` of the sets that do, each once, sorted. */
function pointers(zones: ReadonlyMap<string, { after: Sets }>): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const { after } of zones.values()) {
    for (const set of after.values()) {
      const field = TARGET_FIELD.get(set.type);
      if (field === undefined) continue;
      for (const value of set.values) {
        // Stryker disable next-line StringLiteral: canonical values always have the field; '' is in no zone either
        const target = (value.split(' ')[field] ?? '').replace(/\.$/, '');
        found.set(target, (found.get(target) ?? new Set()).add(`${set.fqdn} ${set.type}`));
      }
    }
  }
  return new Map([...found].map(([name, by]) => [name, [...by].sort(compareStrings)]));
}

/** The zone read that holds `name` most closely (a sub-zone before its parent), if any. */
function closestZone<T>(zones: ReadonlyMap<string, T>, name: string): [string, T] | undefined {
  return [...zones].filter(([zone]) => isInZone(name, zone)).sort(([a], [b]) => b.length - a.length)[0];
}

/** The apex, a name with a record set, or one with record sets below it (an empty non-terminal). */
function exists(sets: Sets, name: string, zone: string): boolean {
  if (name === zone) return true;
  for (const set of sets.values()) if (set.fqdn === name || set.fqdn.endsWith(`.${name}`)) return true;
  return false;
}

function hasAddress(sets: Sets, name: string): boolean {
  return sets.has(`${name} A`) || sets.has(`${name} AAAA`);
}
