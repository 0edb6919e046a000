import type { AbsentSet, DesiredZone, LiveZone } from '../../model/dns.js';
import { isInZone, relativeName } from '../../model/names.js';
import { entryCovers, entryText, type UnmanagedEntry, valueMatches } from '../../model/unmanaged.js';
import { managedIn } from './managed.js';

/**
 * The entries of a zone that match nothing live, as plan notes (`plan.notes`): an entry that covers nothing is a
 * typo or a record another tool has since removed, and is said, never silently ignored.
 * - `unmanaged`: a live record of a type edgeplan does not manage (`LiveZone.unsupported`) matches an entry without
 *   a value glob by name and type.
 * - `absent` (of a `manage: declared` zone): an entry matches a live record set edgeplan manages (managed.ts) at its
 *   name, of its type when it names one; one that matches none deletes nothing, which the note says.
 * A zone that does not exist live yet has nothing to match: no notes. `shown`: the zone's provider as the plan
 * shows it (model/shown-provider.ts; none for the implicit provider).
 */
export function unmatchedEntryNotes(
  desired: DesiredZone,
  live: LiveZone | null,
  shown: string | undefined,
): string[] {
  if (live === null) return [];
  const on = shown === undefined ? '' : ` on ${shown}`;
  const unmanaged = desired.unmanaged
    .filter((entry) => !matchesLive(entry, live))
    .map(
      (entry) => `zone ${desired.zone}${on}: unmanaged entry "${entryText(entry)}" matched no live record`,
    );
  const managed = managedIn(desired);
  const absent = (desired.absent ?? [])
    .filter((entry) => !live.records.some((set) => absentCovers(entry, set) && managed(set)))
    .map(
      (entry) =>
        `zone ${desired.zone}${on}: absent entry "${absentText(entry, desired.zone)}" matched no live record ` +
        'set edgeplan manages: nothing to delete',
    );
  return [...unmanaged, ...absent];
}

function absentCovers(entry: AbsentSet, set: { fqdn: string; type: string }): boolean {
  return set.fqdn === entry.fqdn && (entry.type === undefined || set.type === entry.type);
}

/** An `absent` entry as it is written: its name relative to the zone, then its type when it names one. */
function absentText(entry: AbsentSet, zone: string): string {
  const name = relativeName(entry.fqdn, zone);
  return entry.type === undefined ? name : `${name} ${entry.type}`;
}

function matchesLive(entry: UnmanagedEntry, live: LiveZone): boolean {
  const covers = (fqdn: string, type: string) =>
    isInZone(fqdn, live.zone) && entryCovers(entry, relativeName(fqdn, live.zone), type);
  const managed = live.records.some(
    (set) =>
      covers(set.fqdn, set.type) &&
      set.records.some(
        (record) => entry.value === undefined || valueMatches(entry.value, set.type, record.value, live.zone),
      ),
  );
  if (managed || entry.value !== undefined) return managed;
  return live.unsupported.some((key) => {
    // Stryker disable next-line StringLiteral: `<fqdn> <TYPE>` keys split in two; the defaults are for tsc only
    const [fqdn = '', type = ''] = key.split(' ');
    return covers(fqdn, type);
  });
}
