import type { DesiredZone, LiveZone } from '../../model/dns.js';
import { isInZone, relativeName } from '../../model/names.js';
import { entryCovers, entryText, type UnmanagedEntry, valueMatches } from '../../model/unmanaged.js';

/**
 * The `unmanaged` entries of a zone that match nothing live, as plan notes (`plan.notes`): an entry that covers
 * nothing is a typo or a record another tool has since removed, and is said, never silently ignored. A live record of
 * a type edgeplan does not manage (`LiveZone.unsupported`) matches an entry without a value glob by name and type. A
 * zone that does not exist live yet has nothing to match: no notes.
 */
export function unmatchedEntryNotes(
  desired: DesiredZone,
  live: LiveZone | null,
  provider?: string,
): string[] {
  if (live === null) return [];
  const on = provider === undefined ? '' : ` on ${provider}`;
  return desired.unmanaged
    .filter((entry) => !matchesLive(entry, live))
    .map(
      (entry) => `zone ${desired.zone}${on}: unmanaged entry "${entryText(entry)}" matched no live record`,
    );
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
    const [fqdn = '', type = ''] = key.split(' ');
    return covers(fqdn, type);
  });
}
