import picomatch from 'picomatch';
import { compareStrings } from '../../model/compare.js';
import type { DesiredState } from '../../model/dns.js';
import type { LiveState } from '../../model/live.js';
import { parseTarget, TARGET_KINDS, type Target, type TargetKind } from '../../model/target.js';

/**
 * `--target kind:glob` (repeatable): limits plan, apply and drift to part of the desired state. Kinds are `zone`,
 * `secondary`, `geo` and `webapp`; the glob (picomatch, case-insensitive, `*` crosses dots) is matched against the
 * name as the desired state writes it (a webapp by its key under `waf.webapps`). No pattern: everything.
 *
 * Reading follows the scope: a zone out of scope is not read, the secondary-zone and geo-service lists are read
 * only when a pattern of their kind is given, the WAF only for a `webapp:` pattern. Under `manage: all`, a live
 * object the desired state does not list is deleted only when a pattern matches its name.
 */
export interface TargetScope {
  /** The patterns as given, sorted and unique (recorded in a saved plan). */
  patterns: string[];
  matches(target: Target): boolean;
  hasKind(kind: TargetKind): boolean;
}

export class TargetPatternError extends Error {
  override readonly name = 'TargetPatternError';
}

export function parseTargets(patterns: readonly string[]): TargetScope {
  const byKind = new Map<TargetKind, string[]>();
  for (const text of patterns) {
    const pattern = parseTarget(text);
    if (pattern === null)
      throw new TargetPatternError(
        `--target ${JSON.stringify(text)}: expected kind:name with kind one of ${TARGET_KINDS.join(', ')} (e.g. zone:example.com, geo:"Global*")`,
      );
    byKind.set(pattern.kind, [...(byKind.get(pattern.kind) ?? []), pattern.name]);
  }
  const matchers = new Map(
    [...byKind].map(([kind, globs]) => [kind, picomatch(globs, { dot: true, nocase: true, bash: true })]),
  );
  return {
    patterns: [...new Set(patterns)].sort(compareStrings),
    hasKind: (kind) => matchers.has(kind),
    matches: (target) => matchers.get(target.kind)?.(target.name) ?? false,
  };
}

/** The part of the desired state in scope; sections without a pattern of their kind are dropped, ownership too. */
export function scopeDesired(desired: DesiredState, scope: TargetScope): DesiredState {
  const webapps = (desired.waf?.webapps ?? []).filter((w) => scope.matches({ kind: 'webapp', name: w.ref }));
  const manage = desired.manage ?? { secondaryZones: 'listed', geoServices: 'listed' };
  const { waf: _waf, ...rest } = desired;
  return {
    ...rest,
    zones: desired.zones.filter((zone) => scope.matches({ kind: 'zone', name: zone.zone })),
    secondaryZones: (desired.secondaryZones ?? []).filter((z) =>
      scope.matches({ kind: 'secondary', name: z.zone }),
    ),
    geoServices: (desired.geoServices ?? []).filter((s) => scope.matches({ kind: 'geo', name: s.name })),
    manage: {
      secondaryZones: scope.hasKind('secondary') ? manage.secondaryZones : 'listed',
      geoServices: scope.hasKind('geo') ? manage.geoServices : 'listed',
    },
    ...(webapps.length > 0 ? { waf: { webapps } } : {}),
  };
}

/** Live secondary zones and geo services out of scope are left out, so `manage: all` never deletes them. */
export function scopeLive(live: LiveState, scope: TargetScope): LiveState {
  return {
    ...live,
    ...(live.secondaryZones
      ? {
          secondaryZones: live.secondaryZones.filter((z) =>
            scope.matches({ kind: 'secondary', name: z.zone }),
          ),
        }
      : {}),
    ...(live.geoServices
      ? { geoServices: live.geoServices.filter((s) => scope.matches({ kind: 'geo', name: s.name })) }
      : {}),
  };
}

/** Every target the desired state names. */
export function desiredTargets(desired: DesiredState): Target[] {
  return [
    ...desired.zones.map((z): Target => ({ kind: 'zone', name: z.zone })),
    ...(desired.secondaryZones ?? []).map((z): Target => ({ kind: 'secondary', name: z.zone })),
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
