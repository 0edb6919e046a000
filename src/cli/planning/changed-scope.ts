import type { DesiredState } from '../../model/dns.js';
import { implicitProviderOf, shownTarget } from '../../model/shown-provider.js';
import { type TargetPattern, targetText } from '../../model/target.js';
import { desiredTargets, type TargetScope } from '../../plan/review/scope.js';
import type { PlanChangedSince } from '../../plan/types.js';
import type { ChangedTargets } from './changed-targets.js';

/**
 * `plan --changed-since REF` as a scope (pure): the `--target` patterns that name exactly the changed targets, each
 * on every provider it is on, kept to `--target` when that is given too; and the desired state's targets it leaves
 * out. The patterns are what a saved plan records as its scope, so `apply --plan` reads, plans and deletes within
 * the same targets. A removed target keeps its pattern (its deletion is planned, e.g. a secondary zone under
 * `manage: all`). A zone that lists a changed template is changed, and so is a zone `same_as` a changed zone. No changed target: no pattern, an empty scope that plans nothing. Everything changed (`all`):
 * no scope of its own, `--target` alone decides.
 */
export interface ChangedScope {
  /** null: everything changed, plan as without the flag. */
  patterns: string[] | null;
  changedSince: PlanChangedSince;
}

export function scopeOfChanges(
  desired: DesiredState,
  changed: ChangedTargets,
  since: { ref: string; commit: string },
  user: TargetScope | undefined,
): ChangedScope {
  if (changed.all) return { patterns: null, changedSince: { ...since, all: changed.reason, leftOut: [] } };
  const wanted = (target: TargetPattern) => user?.matches(target) ?? true;
  const implicit = implicitProviderOf(desired);
  const changedKeys = new Set(changed.targets.map((t) => `${t.kind}:${t.name}`));
  // A zone that lists a changed template serves what changed (docs/templates.md) …
  for (const zone of desired.zones)
    if (zone.templates?.some((name) => changedKeys.has(`template:${name}`)))
      changedKeys.add(`zone:${zone.zone}`);
  // … and so does a zone that is `same_as` a changed zone (a mirror of a mirror is refused: one pass is enough).
  for (const zone of desired.zones)
    if (zone.sameAs !== undefined && changedKeys.has(`zone:${zone.sameAs}`))
      changedKeys.add(`zone:${zone.zone}`);
  const patterns = new Set<string>();
  const leftOut: string[] = [];
  const named = new Set<string>();
  for (const target of desiredTargets(desired)) {
    const key = `${target.kind}:${target.name}`;
    named.add(key);
    if (!wanted(target)) continue;
    const shown = shownTarget(target, implicit);
    if (changedKeys.has(key)) patterns.add(exactPattern(shown));
    else leftOut.push(targetText(shown));
  }
  for (const { kind, name } of changed.targets) {
    // A template is no target: the zones that list it are planned above, or, removed with it, as removed zones.
    if (kind === 'template') continue;
    const target = { kind, name } satisfies TargetPattern;
    if (!named.has(`${kind}:${name}`) && wanted(target)) patterns.add(exactPattern(target));
  }
  return { patterns: [...patterns], changedSince: { ...since, leftOut } };
}

/**
 * A `--target` pattern that matches this name alone: every glob character escaped (picomatch reads `\x` as x).
 * `target` as the plan shows it (no provider on the implicit one's, as scopes were written before providers).
 */
export function exactPattern(target: TargetPattern): string {
  const name = target.name.replace(/[\\*?[\]{}()!+@|^$,]/g, '\\$&');
  return targetText({ ...target, name });
}
