import picomatch from 'picomatch';
import type { DesiredState } from '../model/dns.js';
import type { LiveState } from '../model/live.js';

/**
 * `--target kind:glob` (repeatable): limits plan, apply and drift to part of the desired state. Kinds are `zone`,
 * `secondary`, `geo` and `webapp`; the glob (picomatch, case-insensitive, `*` crosses dots) is matched against the
 * name as the desired state writes it (a webapp by its key under `waf.webapps`). No pattern: everything.
 *
 * Reading follows the scope: a zone out of scope is not read, the secondary-zone and geo-service lists are read
 * only when a pattern of their kind is given, the WAF only for a `webapp:` pattern. Under `manage: all`, a live
 * object the desired state does not list is deleted only when a pattern matches its name.
 */
export const TARGET_KINDS = ['zone', 'secondary', 'geo', 'webapp'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface TargetScope {
  /** The patterns as given, sorted and unique (recorded in a saved plan). */
  patterns: string[];
  matches(target: string): boolean;
  hasKind(kind: TargetKind): boolean;
}

export class TargetPatternError extends Error {
  override readonly name = 'TargetPatternError';
}

export function parseTargets(patterns: readonly string[]): TargetScope {
  const byKind = new Map<string, string[]>();
  for (const pattern of patterns) {
    const colon = pattern.indexOf(':');
    const kind = colon > 0 ? pattern.slice(0, colon) : '';
    const glob = pattern.slice(colon + 1);
    if (!(TARGET_KINDS as readonly string[]).includes(kind) || glob === '')
      throw new TargetPatternError(
        `--target ${JSON.stringify(pattern)}: expected kind:name with kind one of ${TARGET_KINDS.join(', ')} (e.g. zone:example.com, geo:"Global*")`,
      );
    byKind.set(kind, [...(byKind.get(kind) ?? []), glob]);
  }
  const matchers = new Map(
    [...byKind].map(([kind, globs]) => [kind, picomatch(globs, { dot: true, nocase: true, bash: true })]),
  );
  return {
    patterns: [...new Set(patterns)].sort(),
    hasKind: (kind) => matchers.has(kind),
    matches(target) {
      const colon = target.indexOf(':');
      const matcher = matchers.get(target.slice(0, colon));
      return matcher?.(target.slice(colon + 1)) ?? false;
    },
  };
}

/** The part of the desired state in scope; sections without a pattern of their kind are dropped, ownership too. */
export function scopeDesired(desired: DesiredState, scope: TargetScope): DesiredState {
  const webapps = (desired.waf?.webapps ?? []).filter((w) => scope.matches(`webapp:${w.ref}`));
  const manage = desired.manage ?? { secondaryZones: 'listed', geoServices: 'listed' };
  const { waf: _waf, ...rest } = desired;
  return {
    ...rest,
    zones: desired.zones.filter((zone) => scope.matches(`zone:${zone.zone}`)),
    secondaryZones: (desired.secondaryZones ?? []).filter((z) => scope.matches(`secondary:${z.zone}`)),
    geoServices: (desired.geoServices ?? []).filter((s) => scope.matches(`geo:${s.name}`)),
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
      ? { secondaryZones: live.secondaryZones.filter((z) => scope.matches(`secondary:${z.zone}`)) }
      : {}),
    ...(live.geoServices
      ? { geoServices: live.geoServices.filter((s) => scope.matches(`geo:${s.name}`)) }
      : {}),
  };
}

/**
 * Patterns that match nothing the desired state names, where nothing live could match either (a kind whose
 * section is not `manage: all`): almost always a typo, reported before anything is read.
 */
export function unmatchedPatterns(desired: DesiredState, patterns: readonly string[]): string[] {
  const targets = [
    ...desired.zones.map((z) => `zone:${z.zone}`),
    ...(desired.secondaryZones ?? []).map((z) => `secondary:${z.zone}`),
    ...(desired.geoServices ?? []).map((s) => `geo:${s.name}`),
    ...(desired.waf?.webapps ?? []).map((w) => `webapp:${w.ref}`),
  ];
  const ownsAll = (kind: string) =>
    (kind === 'secondary' && desired.manage?.secondaryZones === 'all') ||
    (kind === 'geo' && desired.manage?.geoServices === 'all');
  return patterns.filter((pattern) => {
    const one = parseTargets([pattern]);
    return !targets.some((t) => one.matches(t)) && !ownsAll(pattern.slice(0, pattern.indexOf(':')));
  });
}
