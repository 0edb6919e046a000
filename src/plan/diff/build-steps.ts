import type { GeoChange, SecondaryChange, WebappChange } from '../../model/change.js';
import type { DnsCompiler, ProviderOp, WafCompiler } from '../../model/provider.js';
import { type Target, targetText } from '../../model/target.js';
import type { PlanStep, StepKind } from '../types.js';
import { changesOf } from './change-kinds.js';
import { geoSteps } from './geo-steps.js';
import { orderSteps } from './step-order.js';
import type { ZoneDiff } from './zone-diff.js';

/** The providers a plan compiles its changes with; each is needed only when the plan changes its targets. */
export interface PlanProviders {
  dns?: DnsCompiler & { name: string };
  waf?: WafCompiler & { name: string; requestsPerCall: number };
}

/**
 * Every step of a plan: per changed target, the provider's calls for its changes (the compilers decide HOW; the
 * plan only keeps the calls), with the dependencies between zones and geo services of geo-steps.ts, in the
 * deterministic order of step-order.ts. Step ids are the target's `kind:name`; a geo service split in two adds
 * `#unlink` to its first step.
 */
export function buildSteps(
  changes: {
    zones: readonly ZoneDiff[];
    secondaries: readonly SecondaryChange[];
    geo: readonly GeoChange[];
    webapps: readonly WebappChange[];
  },
  providers: PlanProviders,
): PlanStep[] {
  const recordSets = changes.zones.flatMap((zone) => changesOf(zone.changes, 'record-set'));
  const created = new Set(changes.zones.flatMap((zone) => (zone.compile.create ? [zone.compile.zone] : [])));
  const geo = geoSteps(changes.geo, { created, recordSets });
  const needsDns = changes.zones.length + changes.secondaries.length + changes.geo.length > 0;
  const steps: PlanStep[] = [];
  if (needsDns) {
    const dns = required(providers.dns, 'DNS');
    const step = stepOf(dns.name);
    for (const zone of changes.zones) {
      const target: Target = { kind: 'zone', name: zone.compile.zone };
      const after = geo.zoneAfter.get(targetText(target)) ?? [];
      steps.push(step('zone', target, dns.compileZone(zone.compile), after));
    }
    for (const change of changes.secondaries) {
      const target: Target = { kind: 'secondary', name: change.address.zone };
      steps.push(step('secondary', target, dns.compileSecondary(change)));
    }
    for (const { id, change, part, after } of geo.steps) {
      const target: Target = { kind: 'geo', name: change.address.name };
      steps.push({ ...step('geo', target, dns.compileGeo(change, part), after), id });
    }
  }
  if (changes.webapps.length > 0) {
    const waf = required(providers.waf, 'WAF');
    const step = stepOf(waf.name);
    for (const change of changes.webapps)
      steps.push(step('webapp', { kind: 'webapp', name: change.address.ref }, waf.compileWebapp(change)));
  }
  return orderSteps(steps);
}

/** Steps of one provider; the id is the target's `kind:name`. */
function stepOf(provider: string) {
  return (kind: StepKind, target: Target, ops: ProviderOp[], after: string[] = []): PlanStep => ({
    id: targetText(target),
    kind,
    provider,
    target,
    after,
    ops,
  });
}

function required<T>(provider: T | undefined, what: string): T {
  if (provider === undefined)
    throw new Error(
      `computePlan: the plan changes ${what} targets, but no ${what} provider was given to compile them`,
    );
  return provider;
}
