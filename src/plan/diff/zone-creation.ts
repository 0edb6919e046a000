import type { RecordSetChange, ZoneChange } from '../../model/change.js';
import { ownValue } from '../../model/own-value.js';
import type { ZoneSettings } from '../../model/zone.js';
import type { PlanProviders } from './build-steps.js';
import type { PartDiff } from './part-diff.js';

/**
 * A part's zone creations as its provider shows them (`DnsCompiler.zoneCreation`): PowerDNS zones take no contact
 * or serial style, so their plan shows the provider's own settings instead. Only the changes' `after` is replaced;
 * the zone's compile input keeps the desired value. Without that compiler (a plan computed without providers, or
 * one that shows the desired value) the part is returned as it is.
 */
export function withProviderZoneCreation(part: PartDiff, providers: PlanProviders): PartDiff {
  const zoneCreation = ownValue(providers.dns ?? {}, part.name)?.zoneCreation;
  if (!zoneCreation) return part;
  return {
    ...part,
    zones: part.zones.map((zone) => ({
      ...zone,
      changes: zone.changes.map((change): ZoneChange | RecordSetChange =>
        isDesiredCreation(change) ? { ...change, after: zoneCreation(change.after) } : change,
      ),
    })),
  };
}

/** A zone's creation as the diff writes it (the desired ZoneSettings): of a zone's changes, only its value has `rname`. */
function isDesiredCreation(
  change: ZoneChange | RecordSetChange,
): change is ZoneChange & { after: ZoneSettings } {
  return change.after !== null && 'rname' in change.after;
}
