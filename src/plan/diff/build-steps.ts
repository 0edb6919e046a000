import { targetOf, type WebappChange } from '../../model/change.js';
import { ownValue } from '../../model/own-value.js';
import type { DnsCompiler, ProviderOp, WafCompiler } from '../../model/provider.js';
import { shownTargetText } from '../../model/shown-provider.js';
import type { Target } from '../../model/target.js';
import type { PlanStep, StepKind } from '../types.js';
import { changesOf } from './change-kinds.js';
import { geoSteps } from './geo-steps.js';
import type { PartDiff } from './part-diff.js';
import { orderSteps } from './step-order.js';

/** A DNS provider as a plan needs it: its compiler, and the name its steps give (`PlanStep.provider`). */
export type PlanDnsCompiler = DnsCompiler & { name: string };

/**
 * The compilers a plan is made with: the DNS providers by name (`DesiredState.dnsProviders`), and the WAF's; each is
 * needed only when the plan changes its targets.
 */
export interface PlanProviders {
  dns?: Readonly<Record<string, PlanDnsCompiler>>;
  waf?: WafCompiler & { name: string; requestsPerCall: number };
}

/**
 * Every step of a plan: per changed target, the provider's calls for its changes (the compilers decide HOW; the
 * plan only keeps the calls), with the dependencies between zones and geo services of geo-steps.ts, in the
 * deterministic order of step-order.ts. Each DNS provider's part is compiled by that provider. Step ids are the
 * target's text as the plan shows it (`zone:example.com@pdns`; `zone:example.com` on the implicit provider:
 * model/shown-provider.ts); a geo service split in two adds `#unlink` to its first step.
 */
export function buildSteps(
  changes: { parts: readonly PartDiff[]; webapps: readonly WebappChange[] },
  providers: PlanProviders,
): PlanStep[] {
  const steps: PlanStep[] = changes.parts.flatMap((part) => partSteps(part, providers));
  if (changes.webapps.length > 0) {
    const waf = required(providers.waf, 'WAF');
    const step = stepOf(waf.name, undefined);
    for (const change of changes.webapps) {
      const target: Target = { kind: 'webapp', name: change.address.ref };
      const bots = step('webapp', target, waf.compileWebapp(change));
      steps.push(bots);
      // The purge asked for after the change: its own step, after the good bots, never sent when they failed.
      const purge = waf.compilePurge(change);
      if (purge.length > 0)
        steps.push({ ...step('purge', target, purge, [bots.id]), id: `${bots.id}#purge` });
    }
  }
  return orderSteps(steps);
}

/** The steps of one DNS provider's part, compiled by that provider. */
function partSteps(part: PartDiff, providers: PlanProviders): PlanStep[] {
  if (part.zones.length + part.secondaries.length + part.geo.length === 0) return [];
  const { name: provider, implicit } = part;
  const recordSets = part.zones.flatMap((zone) => changesOf(zone.changes, 'record-set'));
  const created = new Set(part.zones.filter((zone) => zone.compile.create).map((zone) => zone.compile.zone));
  const geo = geoSteps(part.geo, { created, recordSets, provider, implicit });
  const dns = required(
    ownValue(providers.dns ?? {}, provider),
    provider === implicit ? 'DNS' : `DNS (${provider})`,
  );
  const step = stepOf(dns.name, implicit);
  const steps: PlanStep[] = [];
  for (const zone of part.zones) {
    const target: Target = { kind: 'zone', name: zone.compile.zone, provider };
    const after = geo.zoneAfter.get(shownTargetText(target, implicit)) ?? [];
    steps.push(step('zone', target, dns.compileZone(zone.compile), after));
  }
  for (const change of part.secondaries) {
    if (!dns.compileSecondary) throw lacking(dns.name, 'secondary zones');
    steps.push(step('secondary', targetOf(change.address), dns.compileSecondary(change)));
  }
  for (const { id, change, part: geoPart, after } of geo.steps) {
    const target: Target = { kind: 'geo', name: change.address.name };
    if (!dns.compileGeo) throw lacking(dns.name, 'geo services');
    steps.push({ ...step('geo', target, dns.compileGeo(change, geoPart), after), id });
  }
  return steps;
}

/** Steps of one provider; the id is the target's `kind:name` as the plan shows it (`implicit`: shown-provider.ts). */
function stepOf(provider: string, implicit: string | undefined) {
  return (kind: StepKind, target: Target, ops: ProviderOp[], after: string[] = []): PlanStep => ({
    id: shownTargetText(target, implicit),
    kind,
    provider,
    target,
    after,
    ops,
  });
}

/**
 * A change of a section the provider has no compiler for: a desired state checked against the provider's
 * capabilities never gets here; one built by hand may.
 */
function lacking(provider: string, what: string): Error {
  return new Error(
    `computePlan: the plan changes ${what} on DNS provider ${provider}, which has no ${what}; nothing was planned`,
  );
}

function required<T>(provider: T | undefined, what: string): T {
  if (provider === undefined)
    throw new Error(
      `computePlan: the plan changes ${what} targets, but no ${what} provider was given to compile them`,
    );
  return provider;
}
