import type { DesiredZone } from '../../model/dns.js';
import { isInZone, relativeName } from '../../model/names.js';
import { recordSetKey } from '../../model/record-set.js';
import { recordType } from '../../model/record-types/registry.js';
import { entryCovers, valueMatches } from '../../model/unmanaged.js';

/** A record set (fqdn, type), or one value of it. */
export interface ManagedQuery {
  fqdn: string;
  type: string;
  /** A canonical value of the set: asks whether edgeplan manages that value. */
  value?: string;
}

/**
 * What of a zone edgeplan manages (diff, plan-time checks and safety agree through this one predicate).
 *
 * Asked of a set: true when edgeplan manages it at least in part: its name is inside the zone, its type registered,
 * no `unmanaged` entry without a value glob covers it, and, in a `manage: declared` zone, `records` names it or
 * `absent` lists it. Asked of one value of a set: also no `unmanaged` entry with a value glob matches that value
 * (such values are another tool's: carried over when edgeplan writes the set). The live state holds only the types
 * its provider supports (LiveZone.records); every other live record is never touched.
 */
export function managedIn(zone: DesiredZone): (set: ManagedQuery) => boolean {
  const declared = zone.manage === 'declared' ? declaredIn(zone) : undefined;
  return (set) => {
    if (recordType(set.type) === undefined || !isInZone(set.fqdn, zone.zone)) return false;
    if (declared && !declared(set)) return false;
    const name = relativeName(set.fqdn, zone.zone);
    return !zone.unmanaged.some(
      (entry) =>
        entryCovers(entry, name, set.type) &&
        (entry.value === undefined ||
          (set.value !== undefined && valueMatches(entry.value, set.type, set.value, zone.zone))),
    );
  };
}

/** Whether a `declared` zone names a set: under `records`, or under `absent` (by name, or by name and type). */
function declaredIn(zone: DesiredZone): (set: ManagedQuery) => boolean {
  const keys = new Set(zone.records.map(recordSetKey));
  for (const absent of zone.absent ?? [])
    keys.add(absent.type ? recordSetKey({ ...absent, type: absent.type }) : absent.fqdn);
  return (set) => keys.has(recordSetKey(set)) || keys.has(set.fqdn);
}
