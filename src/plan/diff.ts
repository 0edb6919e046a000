import type { DesiredState, LiveZone } from '../model/dns.js';
import type { LiveState } from '../model/live.js';
import { ownValue } from '../model/own-value.js';
import { compareStrings } from './order.js';
import { planServices } from './service-plan.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanStep, type PlanSummary, type ZonePlan } from './types.js';
import { planWafSection } from './waf-diff.js';
import { diffZone } from './zone-diff.js';

/**
 * The plan: what the apply must do so that live DNS matches the desired state. Pure and synchronous (no I/O, no
 * clock): the same inputs give a byte-identical `JSON.stringify(plan)`, whatever the order of the input arrays.
 *
 * Only desired zones are planned, in name order; a zone of `live.zones` that the desired state does not name is
 * never looked at. Each desired zone must have an entry in `live.zones` (`null` when it does not exist live): a
 * missing entry means the zone was not read, and planning it as absent would try to create an existing zone, so
 * that is a programming error and throws. Zones without changes are left out. Per-zone rules: see zone-diff.ts.
 * Secondary zones and geo services, and the order of all steps across services: see service-plan.ts.
 */
export function computePlan(desired: DesiredState, live: LiveState): Plan {
  const zones: ZonePlan[] = [];
  const steps: PlanStep[] = [];
  for (const zone of [...desired.zones].sort((a, b) => compareStrings(a.zone, b.zone))) {
    const diff = diffZone(zone, liveZone(live, zone.zone));
    if (diff === null) continue;
    zones.push(diff.plan);
    steps.push(diff.step);
  }
  const services = planServices(desired, live, zones, steps);
  // WAF steps depend on nothing and nothing depends on them; appended after the DNS steps.
  const waf = planWafSection(desired.waf, live.waf);
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    summary: summarise(zones),
    zones,
    ...services.sections,
    ...waf.sections,
    steps: [...services.steps, ...waf.steps],
  };
}

function liveZone(live: LiveState, zone: string): LiveZone | null {
  const found = ownValue(live.zones, zone);
  if (found === undefined)
    throw new Error(`computePlan: live state has no entry for zone ${zone} (was it read?)`);
  return found;
}

/** Counts of record set changes; `zones` counts zones with at least one change (each gets one publish). */
function summarise(zones: readonly ZonePlan[]): PlanSummary {
  const summary: PlanSummary = { create: 0, update: 0, delete: 0, zones: zones.length };
  for (const { changes } of zones) {
    for (const { action } of changes) summary[action] += 1;
  }
  return summary;
}
