import type { SecondaryChange, SecondaryZoneValue } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { DesiredState, LiveDnsState } from '../../model/dns.js';
import type { DesiredSecondaryZone, LiveSecondaryZone } from '../../model/secondary.js';

/**
 * The diff of secondary zones. Only desired zones are planned, unless `settings.secondary_zones.manage` is `all`:
 * then a live secondary zone the desired state does not list is deleted.
 *
 * Per zone: absent live → `create`; masters differ as sets, or a contact/TSIG key the desired state sets differs
 * → `update`; else nothing. `after` is what the zone will be: the desired values, and the live ones the desired
 * state leaves alone (a contact it does not set). Secondary zones share nothing with primary zones or geo
 * services: their steps depend on nothing. `provider` (the DNS provider's name) is put on every address.
 */
export function diffSecondaryZones(
  desired: DesiredState,
  live: LiveDnsState,
  provider: string,
): SecondaryChange[] {
  const wanted = desired.secondaryZones ?? [];
  const manageAll = desired.manage?.secondaryZones === 'all';
  if (wanted.length === 0 && !manageAll) return [];
  if (live.secondaryZones === undefined)
    throw new Error('computePlan: live state has no secondary zones (were they read?)');

  const found = new Map(live.secondaryZones.map((zone) => [zone.zone, zone]));
  const names = new Set(wanted.map((zone) => zone.zone));
  const changes: SecondaryChange[] = [];
  const add = (
    zone: string,
    action: SecondaryChange['action'],
    before: SecondaryZoneValue | null,
    after: SecondaryZoneValue | null,
  ) =>
    changes.push({
      address: { kind: 'secondary', zone, provider },
      action,
      before,
      after,
    });

  for (const zone of wanted) {
    const current = found.get(zone.zone);
    if (!current) add(zone.zone, 'create', null, desiredValue(zone, null));
    else if (differs(zone, current))
      add(zone.zone, 'update', liveValue(current), desiredValue(zone, current));
  }
  if (manageAll) {
    for (const current of live.secondaryZones) {
      if (!names.has(current.zone)) add(current.zone, 'delete', liveValue(current), null);
    }
  }
  return changes.sort((a, b) => compareStrings(a.address.zone, b.address.zone));
}

function differs(desired: DesiredSecondaryZone, live: LiveSecondaryZone): boolean {
  const masters = desired.masters.join(' ') !== live.masters.join(' ');
  const contact = desired.contactNickname !== null && desired.contactNickname !== live.contactNickname;
  const tsig = desired.tsigKeyName !== null && desired.tsigKeyName !== live.tsigKeyName;
  return masters || contact || tsig;
}

function liveValue(zone: LiveSecondaryZone): SecondaryZoneValue {
  return value(zone.masters, zone.contactNickname, zone.tsigKeyName);
}

/** What the zone will be: the desired values, and the live ones the desired state leaves alone. */
function desiredValue(zone: DesiredSecondaryZone, live: LiveSecondaryZone | null): SecondaryZoneValue {
  return value(
    zone.masters,
    zone.contactNickname ?? live?.contactNickname ?? '',
    zone.tsigKeyName ?? live?.tsigKeyName ?? '',
  );
}

function value(masters: string[], contactNickname: string, tsigKeyName: string): SecondaryZoneValue {
  return {
    masters: [...masters],
    ...(contactNickname !== '' ? { contactNickname } : {}),
    ...(tsigKeyName !== '' ? { tsigKeyName } : {}),
  };
}
