import type { DesiredZone } from '../../model/dns.js';
import { isInZone, relativeName } from '../../model/names.js';
import { recordType } from '../../model/record-types/registry.js';
import { isUnmanaged } from '../../model/unmanaged.js';

/**
 * What of a zone edgeplan manages (diff, plan-time checks and safety agree through this one predicate): a record
 * set whose name is inside the zone and matches no `unmanaged` glob, of a registered type. The live state holds
 * only the types its provider supports (LiveZone.records); every other live record is never touched.
 */
export function managedIn(zone: DesiredZone): (set: { fqdn: string; type: string }) => boolean {
  return (set) =>
    recordType(set.type) !== undefined &&
    isInZone(set.fqdn, zone.zone) &&
    !isUnmanaged(relativeName(set.fqdn, zone.zone), zone.unmanaged);
}
