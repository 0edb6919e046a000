import type { Change } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import { sortDiagnostics } from '../../model/diagnostic.js';
import type { DesiredState, LiveZone } from '../../model/dns.js';
import type { LiveState } from '../../model/live.js';
import type { LiveWafState } from '../../model/waf.js';
import {
  PLAN_FORMAT_VERSION,
  type Plan,
  type PlanStep,
  type PlanSummary,
  type WafPlanBudget,
} from '../types.js';
import { buildSteps, type PlanProviders } from './build-steps.js';
import { diffGeoServices } from './geo-diff.js';
import { liveProblems } from './live-checks.js';
import { PlanProblemsError } from './plan-problems.js';
import { diffSecondaryZones } from './secondary-diff.js';
import { diffWaf } from './waf-diff.js';
import { zoneProblems } from './zone-checks.js';
import { diffZone } from './zone-diff.js';

export type { PlanProviders } from './build-steps.js';

/**
 * The plan: what must change so that live state matches the desired state (`changes`, provider-neutral), and the
 * providers' calls that make it (`steps`, compiled by the injected providers). Pure and synchronous (no I/O, no
 * clock): the same inputs give a byte-identical `JSON.stringify(plan)`, whatever the order of the input arrays.
 *
 * Only desired zones are planned, in name order; a zone of `live.zones` that the desired state does not name is
 * never looked at. Each desired zone must have an entry in `live.zones` (`null` when it does not exist live): a
 * missing entry means the zone was not read, and planning it as absent would try to create an existing zone, so
 * that is a programming error and throws. Per-zone rules: zone-diff.ts; secondary zones, geo services and webapps:
 * their diff files; the order of steps across services: geo-steps.ts.
 *
 * A desired state that cannot be planned against live state (zone-checks.ts, live-checks.ts, waf-diff.ts) throws one
 * PlanProblemsError with every problem. `changes` are sorted by target (zones, secondary zones, geo services,
 * webapps, each by name), then address; without a desired `waf` section the plan has no `waf` budget.
 */
export function computePlan(desired: DesiredState, live: LiveState, providers: PlanProviders = {}): Plan {
  const zones = [...desired.zones]
    .sort((a, b) => compareStrings(a.zone, b.zone))
    .map((zone) => ({ desired: zone, live: liveZone(live, zone.zone) }));
  const zoneDiffs = zones.flatMap((zone) => diffZone(zone.desired, zone.live) ?? []);
  const secondaries = diffSecondaryZones(desired, live);
  const geo = diffGeoServices(desired, live);
  const waf = desired.waf ? diffWaf(desired.waf, liveWaf(live)) : null;
  const problems = [
    ...zoneProblems(desired, zones, live),
    ...liveProblems(zones, live, geo),
    ...(waf?.problems ?? []),
  ];
  if (problems.length > 0) throw new PlanProblemsError(sortDiagnostics(problems));

  const webapps = waf?.changes ?? [];
  const steps = buildSteps({ zones: zoneDiffs, secondaries, geo, webapps }, providers);
  const changes: Change[] = [
    ...zoneDiffs.flatMap((zone) => zone.changes),
    ...secondaries,
    ...geo,
    ...webapps,
  ];
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    summary: summarise(changes, zoneDiffs.length),
    zones: zoneDiffs.map((zone) => zone.header),
    changes,
    ...(desired.waf ? { waf: wafBudget(liveWaf(live), steps, providers) } : {}),
    steps,
  };
}

function liveZone(live: LiveState, zone: string): LiveZone | null {
  const found = Object.hasOwn(live.zones, zone) ? live.zones[zone] : undefined;
  if (found === undefined)
    throw new Error(`computePlan: live state has no entry for zone ${zone} (was it read?)`);
  return found;
}

function liveWaf(live: LiveState): LiveWafState {
  if (!live.waf)
    throw new Error('computePlan: the desired state has a waf section but live WAF state was not read');
  return live.waf;
}

/** Counts of changes by action, every kind of target; `zones` counts zones with a change (one publish each). */
function summarise(changes: readonly Change[], zones: number): PlanSummary {
  const summary: PlanSummary = { create: 0, update: 0, delete: 0, zones };
  for (const { action } of changes) summary[action] += 1;
  return summary;
}

/** The least the apply spends of the WAF's hourly requests: every webapp call, then the re-read. */
function wafBudget(live: LiveWafState, steps: readonly PlanStep[], providers: PlanProviders): WafPlanBudget {
  if (!providers.waf)
    throw new Error('computePlan: the desired state has a waf section but no WAF provider was given');
  const { requestsPerCall } = providers.waf;
  const calls = steps.filter((step) => step.kind === 'webapp').reduce((n, step) => n + step.ops.length, 0);
  return {
    applyRequests: calls * requestsPerCall + live.readRequests,
    rereadRequests: live.readRequests,
    requestsPerCall,
    rateLimit: live.rateLimit,
  };
}
