import { type Change, targetOf } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import { sortDiagnostics } from '../../model/diagnostic.js';
import type { DesiredState } from '../../model/dns.js';
import { dnsParts, providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';
import { implicitProviderOf } from '../../model/shown-provider.js';
import { compareTargets, type Target } from '../../model/target.js';
import type { LiveWafState } from '../../model/waf.js';
import {
  PLAN_FORMAT_VERSION,
  type Plan,
  type PlanStep,
  type PlanSummary,
  type WafPlanBudget,
  type ZoneHeader,
} from '../types.js';
import { answerNotes, compareNotes } from './answer-notes.js';
import { apexNsNotes } from './apex-ns-notes.js';
import { buildSteps, type PlanProviders } from './build-steps.js';
import { leftAloneOf } from './left-alone.js';
import { diffPart } from './part-diff.js';
import { PlanProblemsError } from './plan-problems.js';
import { soaNotes } from './soa-notes.js';
import { diffWaf } from './waf-diff.js';
import { withProviderZoneCreation } from './zone-creation.js';

export type { PlanProviders } from './build-steps.js';

/**
 * The plan: what must change so that live state matches the desired state (`changes`, provider-neutral), and the
 * providers' calls that make it (`steps`, compiled by the injected providers). Pure and synchronous (no I/O, no
 * clock): the same inputs give a byte-identical `JSON.stringify(plan)`, whatever the order of the input arrays.
 *
 * The DNS side is planned per DNS provider (part-diff.ts): without `providers:` the one provider, with it each
 * provider's share of the desired state against that provider's live state, every zone and secondary-zone change
 * carrying its provider. Only desired zones are planned, in name order; a zone of live state that the desired state
 * does not name is never looked at. Per-zone rules: zone-diff.ts; secondary zones, geo services and webapps: their
 * diff files; the order of steps across services: geo-steps.ts.
 *
 * A desired state that cannot be planned against live state (zone-checks.ts, live-checks.ts, waf-diff.ts) throws one
 * PlanProblemsError with every problem. `changes` are sorted by target (zones, secondary zones, geo services,
 * webapps, each by name, then provider), then address; without a desired `waf` section the plan has no `waf` budget.
 * `notes` name unmatched `unmanaged`/`absent` entries, apex NS sets and SOA fields that differ between a
 * zone's providers.
 * `answerNotes` say what changes in answers where the record-set changes hide it (answer-notes.ts).
 */
export function computePlan(desired: DesiredState, live: LiveState, providers: PlanProviders = {}): Plan {
  const dns = dnsParts(desired);
  const parts = dns.map((part) =>
    withProviderZoneCreation(diffPart(part, providerLive(live, part.name)), providers),
  );
  const leftAlone = leftAloneOf(dns, live);
  const waf = desired.waf ? diffWaf(desired.waf, liveWaf(live)) : null;
  const problems = [...parts.flatMap((part) => part.problems), ...(waf?.problems ?? [])];
  if (problems.length > 0) throw new PlanProblemsError(sortDiagnostics(problems));

  const webapps = waf?.changes ?? [];
  const steps = buildSteps({ parts, webapps }, providers);
  const zoneDiffs = parts
    .flatMap((part) => part.zones)
    .sort((a, b) => compareTargets(headerTarget(a.header), headerTarget(b.header)));
  const secondaries = parts
    .flatMap((part) => part.secondaries)
    .sort((a, b) => compareTargets(targetOf(a.address), targetOf(b.address)));
  const changes: Change[] = [
    ...zoneDiffs.flatMap((zone) => zone.changes),
    ...secondaries,
    ...parts.flatMap((part) => part.geo),
    ...webapps,
  ];
  const notes = [
    ...parts.flatMap((part) => part.notes),
    ...apexNsNotes(dns, live),
    ...soaNotes(dns, live),
  ].sort(compareStrings);
  const answered = dns
    .flatMap((part, i) =>
      answerNotes(providerLive(live, part.name), parts[i]?.zones.flatMap((z) => z.changes) ?? [], part.name),
    )
    .sort(compareNotes);
  const implicit = implicitProviderOf(desired);
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    ...(implicit === undefined ? {} : { implicitProvider: implicit }),
    summary: summarise(changes, zoneDiffs.length),
    zones: zoneDiffs.map((zone) => zone.header),
    changes,
    ...(leftAlone.length > 0 ? { leftAlone } : {}),
    ...(desired.waf ? { waf: wafBudget(liveWaf(live), steps, providers) } : {}),
    steps,
    ...(notes.length > 0 ? { notes } : {}),
    ...(answered.length > 0 ? { answerNotes: answered } : {}),
  };
}

function headerTarget(header: ZoneHeader): Target {
  // Stryker disable next-line StringLiteral: equivalent, every header becomes a zone target, so kinds never differ
  return { kind: 'zone', name: header.zone, provider: header.provider };
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
  const opsOf = (kind: PlanStep['kind']) =>
    steps.filter((step) => step.kind === kind).reduce((n, step) => n + step.ops.length, 0);
  const purges = opsOf('purge');
  return {
    applyRequests: (opsOf('webapp') + purges) * requestsPerCall + live.readRequests,
    rereadRequests: live.readRequests,
    requestsPerCall,
    rateLimit: live.rateLimit,
    ...(purges > 0 ? { purges } : {}),
  };
}
