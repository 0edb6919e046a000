import { compareStrings } from '../../model/compare.js';
import type { DesiredState, LiveDnsState } from '../../model/dns.js';
import { EdgeplanError } from '../../model/edgeplan-error.js';
import { visibleName } from '../../model/idn.js';
import type { LiveState } from '../../model/live.js';
import {
  type DnsTargetKind,
  parseTargetPattern,
  TARGET_KINDS,
  type Target,
  type TargetKind,
  type TargetPattern,
  targetMatcher,
} from '../../model/target.js';

/**
 * `--target kind:glob` (repeatable): limits plan, apply and drift to part of the desired state. Kinds are `zone`,
 * `secondary`, `geo` and `webapp`; the glob (picomatch, case-insensitive, `*` crosses dots) is matched against the
 * name as the desired state writes it (a webapp by its key under `waf.webapps`; a zone's Unicode labels as their
 * A-labels, as the desired state holds them: model/idn.ts). No pattern: everything.
 *
 * A zone or secondary zone is a target per DNS provider: `zone:example.com` matches it on every provider,
 * `zone:example.com@pdns` only on `pdns` (the provider exactly, the name a glob). The provider of a desired state
 * without `providers:` is named `dyn`, so `zone:example.com@dyn` matches its zone too.
 *
 * Reading follows the scope: a zone out of scope is not read, the secondary-zone and geo-service lists are read
 * only when a pattern of their kind is given, the WAF only for a `webapp:` pattern. Under `manage: all`, a live
 * object the desired state does not list is deleted only when a pattern matches its name.
 */
export interface TargetScope {
  /** The patterns as given, sorted and unique (recorded in a saved plan). */
  patterns: string[];
  /** A target; or a pattern's kind and name (`plan --changed-since`, a removed target), on no provider. */
  matches(target: Target | TargetPattern): boolean;
  hasKind(kind: TargetKind): boolean;
}

export class TargetPatternError extends EdgeplanError {
  override readonly code = 'EP6001';
  override readonly name = 'TargetPatternError';
}

export function parseTargets(patterns: readonly string[]): TargetScope {
  const byKind = new Map<TargetKind, ((target: Target | TargetPattern) => boolean)[]>();
  for (const text of patterns) {
    const pattern = parseTargetPattern(text);
    if (pattern !== null && 'problem' in pattern)
      throw new TargetPatternError(`--target ${JSON.stringify(visibleName(text))}: ${pattern.problem}`);
    if (pattern === null)
      throw new TargetPatternError(
        `--target ${JSON.stringify(text)}: expected kind:name with kind one of ${TARGET_KINDS.join(', ')} (e.g. zone:example.com, zone:example.com@pdns, geo:"Global*")`,
      );
    byKind.set(pattern.kind, [...(byKind.get(pattern.kind) ?? []), targetMatcher(pattern)]);
  }
  return {
    patterns: [...new Set(patterns)].sort(compareStrings),
    hasKind: (kind) => byKind.has(kind),
    matches: (target) => byKind.get(target.kind)?.some((matcher) => matcher(target)) ?? false,
  };
}

/**
 * The part of the desired state in scope; sections without a pattern of their kind are dropped, ownership too.
 * A zone or secondary zone keeps the providers it is in scope on, and is dropped with none.
 */
export function scopeDesired(desired: DesiredState, scope: TargetScope): DesiredState {
  const webapps = (desired.waf?.webapps ?? []).filter((w) => scope.matches({ kind: 'webapp', name: w.ref }));
  const manage = desired.manage ?? { secondaryZones: 'listed', geoServices: 'listed' };
  const { waf: _waf, ...rest } = desired;
  return {
    ...rest,
    zones: inScope(desired.zones, 'zone', scope),
    secondaryZones: inScope(desired.secondaryZones ?? [], 'secondary', scope),
    geoServices: (desired.geoServices ?? []).filter((s) => scope.matches({ kind: 'geo', name: s.name })),
    manage: {
      secondaryZones: scope.hasKind('secondary') ? manage.secondaryZones : 'listed',
      geoServices: scope.hasKind('geo') ? manage.geoServices : 'listed',
    },
    ...(webapps.length > 0 ? { waf: { webapps } } : {}),
  };
}

/** Zones or secondary zones in scope, each with only the providers it is in scope on. */
function inScope<T extends { zone: string; providers: string[] }>(
  zones: readonly T[],
  kind: DnsTargetKind,
  scope: TargetScope,
): T[] {
  return zones.flatMap((zone) => {
    const providers = zone.providers.filter((provider) => scope.matches({ kind, name: zone.zone, provider }));
    return providers.length > 0 ? [{ ...zone, providers }] : [];
  });
}

/**
 * Live secondary zones and geo services out of scope are left out, so `manage: all` never deletes them; under
 * `providers:`, in each provider's live state. A live geo service that an in-scope desired service (`scoped`) is
 * renamed from stays: it is that service under its old name.
 */
export function scopeLive(live: LiveState, scope: TargetScope, scoped: DesiredState): LiveState {
  // Stryker disable next-line ArrayDeclaration: equivalent, an entry added to either `[]` is no service name
  const renamed = new Set((scoped.geoServices ?? []).flatMap((s) => s.renamedFrom ?? []));
  const geoInScope = (name: string) => renamed.has(name) || scope.matches({ kind: 'geo', name });
  return {
    ...live,
    dns: Object.fromEntries(
      Object.entries(live.dns).map(([name, state]) => [name, scopeLiveDns(state, scope, name, geoInScope)]),
    ),
  };
}

function scopeLiveDns<T extends LiveDnsState>(
  live: T,
  scope: TargetScope,
  provider: string,
  geoInScope: (name: string) => boolean,
): T {
  return {
    ...live,
    ...(live.secondaryZones
      ? {
          secondaryZones: live.secondaryZones.filter((z) =>
            scope.matches({ kind: 'secondary', name: z.zone, provider }),
          ),
        }
      : {}),
    ...(live.geoServices ? { geoServices: live.geoServices.filter((s) => geoInScope(s.name)) } : {}),
  };
}

/** Every target the desired state names (a zone or secondary zone once per provider it is on). */
export function desiredTargets(desired: DesiredState): Target[] {
  const perProvider = (kind: DnsTargetKind, zone: { zone: string; providers: string[] }): Target[] =>
    zone.providers.map((provider) => ({ kind, name: zone.zone, provider }));
  return [
    ...desired.zones.flatMap((z) => perProvider('zone', z)),
    ...(desired.secondaryZones ?? []).flatMap((z) => perProvider('secondary', z)),
    ...(desired.geoServices ?? []).map((s): Target => ({ kind: 'geo', name: s.name })),
    ...(desired.waf?.webapps ?? []).map((w): Target => ({ kind: 'webapp', name: w.ref })),
  ];
}

/**
 * Patterns that match nothing the desired state names, where nothing live could match either (a kind whose
 * section is not `manage: all`): almost always a typo, reported before anything is read.
 */
export function unmatchedPatterns(desired: DesiredState, patterns: readonly string[]): string[] {
  const targets = desiredTargets(desired);
  const ownsAll = (kind: TargetKind) =>
    (kind === 'secondary' && desired.manage?.secondaryZones === 'all') ||
    (kind === 'geo' && desired.manage?.geoServices === 'all');
  return patterns.filter((text) => {
    const one = parseTargets([text]);
    return (
      !targets.some((t) => one.matches(t)) && !TARGET_KINDS.some((kind) => one.hasKind(kind) && ownsAll(kind))
    );
  });
}
