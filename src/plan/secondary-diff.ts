import type { DesiredState, LiveDnsState } from '../model/dns.js';
import type { DesiredSecondaryZone, LiveSecondaryZone, SecondaryOp } from '../model/secondary.js';
import { compareStrings } from './order.js';
import type { SecondaryZonePlan, SecondaryZoneValue } from './service-types.js';
import type { PlanStep } from './types.js';

/**
 * The diff of secondary zones. Only desired zones are planned, unless `settings.secondary_zones.manage` is `all`:
 * then a live secondary zone the desired state does not list is deleted (marked destructive).
 *
 * Per zone: absent live → `create`; masters differ as sets, or a contact/TSIG key the desired state sets differs
 * → `update` (sending the full masters list and the values it sets); else nothing. Each change is one step
 * `secondary:<zone>` of one op, with no dependency: secondary zones share nothing with primary zones or geo
 * services, so they run in parallel with everything else.
 */
export function diffSecondaryZones(
  desired: DesiredState,
  live: LiveDnsState,
): { plans: SecondaryZonePlan[]; steps: PlanStep[] } {
  const wanted = desired.secondaryZones ?? [];
  const manageAll = desired.manage?.secondaryZones === 'all';
  if (wanted.length === 0 && !manageAll) return { plans: [], steps: [] };
  if (live.secondaryZones === undefined)
    throw new Error('computePlan: live state has no secondary zones (were they read?)');

  const found = new Map(live.secondaryZones.map((zone) => [zone.zone, zone]));
  const names = new Set(wanted.map((zone) => zone.zone));
  const plans: SecondaryZonePlan[] = [];
  const steps: PlanStep[] = [];
  const add = (plan: SecondaryZonePlan, op: SecondaryOp) => {
    const id = `secondary:${plan.zone}`;
    plans.push(plan);
    steps.push({ id, kind: 'secondary', target: id, after: [], ops: [op] });
  };

  for (const zone of wanted) {
    const current = found.get(zone.zone);
    if (!current) {
      add(change('create', zone.zone, null, desiredValue(zone, null)), {
        kind: 'create-secondary',
        ...opValues(zone),
      });
    } else if (differs(zone, current)) {
      const plan = change('update', zone.zone, liveValue(current), desiredValue(zone, current));
      add(plan, { kind: 'update-secondary', ...opValues(zone) });
    }
  }
  if (manageAll) {
    for (const current of live.secondaryZones) {
      if (names.has(current.zone)) continue;
      add(change('delete', current.zone, liveValue(current), null), {
        kind: 'delete-secondary',
        zone: current.zone,
      });
    }
  }
  const order = (a: { zone: string }, b: { zone: string }) => compareStrings(a.zone, b.zone);
  return { plans: plans.sort(order), steps: steps.sort((a, b) => compareStrings(a.id, b.id)) };
}

function change(
  action: SecondaryZonePlan['action'],
  zone: string,
  before: SecondaryZoneValue | null,
  after: SecondaryZoneValue | null,
): SecondaryZonePlan {
  return { action, zone, destructive: action === 'delete', before, after };
}

function differs(desired: DesiredSecondaryZone, live: LiveSecondaryZone): boolean {
  const masters = desired.masters.join(' ') !== live.masters.join(' ');
  const contact = desired.contactNickname !== null && desired.contactNickname !== live.contactNickname;
  const tsig = desired.tsigKeyName !== null && desired.tsigKeyName !== live.tsigKeyName;
  return masters || contact || tsig;
}

/** The op's fields: the full masters list and only the optional values the desired state sets. */
function opValues(
  zone: DesiredSecondaryZone,
): Omit<Extract<SecondaryOp, { kind: 'create-secondary' }>, 'kind'> {
  return {
    zone: zone.zone,
    masters: zone.masters,
    ...(zone.contactNickname !== null ? { contactNickname: zone.contactNickname } : {}),
    ...(zone.tsigKeyName !== null ? { tsigKeyName: zone.tsigKeyName } : {}),
  };
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
