import { isUnmanaged } from '../config/unmanaged.js';
import type { DesiredState, DesiredZone, LiveZone } from '../model/dns.js';
import type { LiveState } from '../model/live.js';
import { isInZone, relativeName } from '../model/names.js';
import { ownValue } from '../model/own-value.js';
import { DEFAULT_SAFETY, type SafetyPolicy } from '../model/safety.js';
import { compareStrings } from './order.js';
import type { Approval } from './review-types.js';
import type { Plan, ZonePlan } from './types.js';

/**
 * The changes of a plan that the safety policy (`settings.safety`, DEFAULT_SAFETY when absent) marks as needing
 * approval, pure. Zones count live *managed* A record sets (names inside the zone matching no `unmanaged` glob,
 * as the diff does):
 * - zone-delete-share: the plan deletes more than `maxPercent` % of them, in a zone with at least `minRecords`;
 * - zone-last-records: the plan deletes every one of them and creates none;
 * - secondary-zone-delete / geo-service-delete: the plan deletes a secondary zone / a geo service;
 * - webapp-all-bots-disabled: a webapp with enabled bots is left with none enabled.
 * Sorted by target, then rule; one entry per target and rule.
 */
export function planApprovals(plan: Plan, desired: DesiredState, live: LiveState): Approval[] {
  const policy = desired.safety ?? DEFAULT_SAFETY;
  const approvals: Approval[] = [];
  const byZone = new Map(desired.zones.map((zone) => [zone.zone, zone]));
  for (const zone of plan.zones) {
    const wanted = byZone.get(zone.zone);
    const found = ownValue(live.zones, zone.zone) ?? null;
    if (wanted && found) approvals.push(...zoneApprovals(zone, wanted, found, policy));
  }
  for (const secondary of plan.secondaryZones ?? []) {
    if (secondary.action === 'delete' && policy.secondaryZoneDelete) {
      const message = `deletes the secondary zone ${secondary.zone} and the data copied from its masters`;
      approvals.push({ target: `secondary:${secondary.zone}`, rule: 'secondary-zone-delete', message });
    }
  }
  for (const service of plan.geoServices ?? []) {
    if (service.action === 'delete' && policy.geoServiceDelete) {
      const message = `deletes the geo service "${service.name}" and its links to ${service.unlinked.length} node(s)`;
      approvals.push({ target: `geo:${service.name}`, rule: 'geo-service-delete', message });
    }
  }
  if (policy.webappAllBotsDisabled) approvals.push(...webappApprovals(plan, live));
  return approvals.sort((a, b) => compareStrings(a.target, b.target) || compareStrings(a.rule, b.rule));
}

function zoneApprovals(
  zone: ZonePlan,
  desired: DesiredZone,
  live: LiveZone,
  policy: SafetyPolicy,
): Approval[] {
  const managed = live.nodes.filter(
    (node) =>
      node.records.length > 0 &&
      isInZone(node.fqdn, zone.zone) &&
      !isUnmanaged(relativeName(node.fqdn, zone.zone), desired.unmanaged),
  ).length;
  const deletes = zone.changes.filter((change) => change.action === 'delete').length;
  const creates = zone.changes.filter((change) => change.action === 'create').length;
  if (deletes === 0) return [];
  const target = `zone:${zone.zone}`;
  const approvals: Approval[] = [];
  const share = policy.zoneDeleteShare;
  if (share && managed >= share.minRecords && deletes * 100 > share.maxPercent * managed) {
    const percent = Math.round((deletes * 1000) / managed) / 10;
    const message =
      `deletes ${deletes} of ${managed} managed A record sets (${percent} %, more than ${share.maxPercent} % ` +
      `of a zone with at least ${share.minRecords})`;
    approvals.push({ target, rule: 'zone-delete-share', message });
  }
  if (policy.zoneLastRecords && deletes === managed && creates === 0) {
    const message = `deletes the zone's last ${deletes === 1 ? 'managed A record set' : `${deletes} managed A record sets`}`;
    approvals.push({ target, rule: 'zone-last-records', message });
  }
  return approvals;
}

function webappApprovals(plan: Plan, live: LiveState): Approval[] {
  const webapps = Object.values(live.waf?.webapps ?? {});
  return plan.steps.flatMap((step) =>
    step.ops.flatMap((op): Approval[] => {
      if (op.kind !== 'set-good-bots') return [];
      const found = webapps.find((webapp) => webapp?.id === op.webappId);
      const enabled = new Set(found?.bots.filter((bot) => bot.enabled).map((bot) => bot.id) ?? []);
      if (enabled.size === 0) return [];
      for (const id of op.disable) enabled.delete(id);
      for (const id of op.enable) enabled.add(id);
      if (enabled.size > 0) return [];
      const message = `disables every good bot of webapp ${op.webapp} (${op.disable.length} now enabled)`;
      return [{ target: step.target, rule: 'webapp-all-bots-disabled', message }];
    }),
  );
}

/** `--allow-unsafe` refusal text: one line per change needing approval. */
export function describeApprovals(approvals: readonly Approval[]): string {
  return approvals.map((a) => `  ${a.target}: ${a.message} [${a.rule}]`).join('\n');
}
