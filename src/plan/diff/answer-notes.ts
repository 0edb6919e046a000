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
 * Names are judged inside the zones the plan read of one provider (`live`, `provider` its name under `providers:`),
 * after its record-set changes (`changes`) are applied to what is live, so that names edgeplan does not manage count
 * as they are. Targets in zones the plan did not read are not judged.
 */
export function answerNotes(live: LiveDnsState, changes: readonly Change[], provider?: string): AnswerNote[] {
  const notes: AnswerNote[] = [];
  for (const [zone, state] of Object.entries(live.zones)) {
    if (!state) continue;
    const before: Sets = new Map(
      state.records.map((s) => [recordSetKey(s), { ...s, values: s.records.map((r) => r.value) }]),
    );
    const mine = changes.filter(
      (c): c is RecordSetChange => c.address.kind === 'record-set' && c.address.zone === zone,
    );
    if (mine.length === 0) continue;
    const after: Sets = new Map(before);
    for (const { address, after: value } of mine) {
      const key = recordSetKey(address);
      if (value === null) after.delete(key);
      else after.set(key, { fqdn: address.fqdn, type: address.type, values: value.values });
    }
    const on = provider === undefined ? {} : { provider };
    notes.push(...zoneNotes(zone, before, after).map((note) => ({ ...note, ...on })));
  }
  return notes.sort(compareNotes);
}

/** By zone, provider, name, kind. */
export function compareNotes(a: AnswerNote, b: AnswerNote): number {
  return (
    compareStrings(a.zone, b.zone) ||
    compareStrings(a.provider ?? '', b.provider ?? '') ||
    compareStrings(a.name, b.name) ||
    compareStrings(a.kind, b.kind)
  );
}

function zoneNotes(zone: string, before: Sets, after: Sets): AnswerNote[] {
  const pointers = new Map<string, string[]>();
  for (const set of after.values()) {
    const field = TARGET_FIELD.get(set.type);
    if (field === undefined) continue;
    for (const value of set.values) {
      const target = (value.split(' ')[field] ?? '').replace(/\.$/, '');
      if (target === '' || !isInZone(target, zone)) continue;
      const list = pointers.get(target) ?? [];
      const by = `${set.fqdn} ${set.type}`;
      if (!list.includes(by)) list.push(by);
      pointers.set(target, list);
    }
  }
  const notes: AnswerNote[] = [];
  for (const [name, by] of pointers) {
    const pointedAtBy = by.sort(compareStrings);
    if (exists(before, name, zone) && !exists(after, name, zone)) {
      notes.push({ kind: 'nxdomain', zone, name, pointedAtBy });
      continue;
    }
    const mx = pointedAtBy.filter((p) => p.endsWith(' MX'));
    if (mx.length > 0 && hasAddress(before, name) && !hasAddress(after, name))
      notes.push({ kind: 'mx-without-address', zone, name, pointedAtBy: mx });
  }
  return notes;
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
