import type { GeoChange, SecondaryChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DesiredZone, LiveDnsState, LiveZone } from '../../model/dns.js';
import type { DnsPart } from '../../model/dns-providers.js';
import { shownProvider } from '../../model/shown-provider.js';
import { allowedFindingProblems } from './allowed-findings.js';
import { withDeclaredApexNs } from './declared-apex-ns.js';
import { diffGeoServices } from './geo-diff.js';
import { liveProblems } from './live-checks.js';
import { diffSecondaryZones } from './secondary-diff.js';
import { unreadSoaNote } from './soa-notes.js';
import { unmatchedEntryNotes } from './unmatched-entries.js';
import { zoneProblems } from './zone-checks.js';
import { diffZone, type ZoneDiff } from './zone-diff.js';

/** One DNS provider's part of a plan: its zones, secondary zones and geo services against its live state. */
export interface PartDiff {
  /** The provider's name (the key of its compiler, `PlanProviders.dns`), on every address of its changes. */
  name: string;
  /** The implicit provider (model/shown-provider.ts), whose targets the plan shows without one; see DnsPart. */
  implicit?: string;
  /** Zones with changes, by name. */
  zones: ZoneDiff[];
  secondaries: SecondaryChange[];
  geo: GeoChange[];
  /** What live state shows the desired state cannot be applied as it is (zone-checks.ts, live-checks.ts). */
  problems: Diagnostic[];
  /** `unmanaged` and `absent` entries that matched nothing live (unmatched-entries.ts), by zone. */
  notes: string[];
}

/**
 * The diff of one provider's part (dns-providers.ts). Each desired zone must have an entry in the provider's
 * `live.zones` (`null` when it does not exist live): a missing entry means the zone was not read, and planning it
 * as absent would try to create an existing zone, so that is a programming error and throws.
 */
export function diffPart(part: DnsPart, live: LiveDnsState): PartDiff {
  const { desired, name, implicit } = part;
  const shown = shownProvider(name, implicit);
  const zones = [...desired.zones]
    .sort((a, b) => compareStrings(a.zone, b.zone))
    .map((zone) => ({ desired: zone, live: liveZone(live, zone) }));
  const { changes: geo, problems: geoProblems } = diffGeoServices(desired, live);
  const diffs = zones.map((zone) => ({ zone, diff: diffZone(zone.desired, zone.live, name) }));
  const allowed = diffs.flatMap(({ zone, diff }) =>
    allowedFindingProblems(zone.desired, diff?.changes ?? []),
  );
  return {
    name,
    ...(implicit === undefined ? {} : { implicit }),
    zones: diffs.flatMap(({ diff }) => diff ?? []),
    secondaries: diffSecondaryZones(desired, live, name),
    geo,
    problems: [
      ...zoneProblems(desired, zones, live),
      ...liveProblems(zones, live, geo),
      ...geoProblems,
      ...allowed,
    ],
    notes: zones.flatMap((zone) => [
      ...unmatchedEntryNotes(zone.desired, zone.live, shown),
      ...unreadSoaNote(zone.desired, zone.live, shown),
    ]),
  };
}

/** The zone's live state; its apex NS set among its records when the desired zone declares one. */
function liveZone(live: LiveDnsState, desired: DesiredZone): LiveZone | null {
  const zone = desired.zone;
  const found = Object.hasOwn(live.zones, zone) ? live.zones[zone] : undefined;
  if (found === undefined)
    throw new Error(`computePlan: live state has no entry for zone ${zone} (was it read?)`);
  return found && withDeclaredApexNs(found, desired);
}
