import { compareStrings } from '../../model/compare.js';
import type { DesiredState } from '../../model/dns.js';
import { implicitProviderOf, shownTargetText } from '../../model/shown-provider.js';
import { type Target, type TargetKind, targetText } from '../../model/target.js';
import type { Digest, PlanFingerprints, TargetFingerprint } from '../review-types.js';
import { desiredDigests, desiredStateDigest } from './fingerprint.js';

/**
 * Is a saved plan still the plan of today's desired and live state? Pure comparisons of the file's fingerprints with
 * today's (the plan recomputed by `apply --plan`). Each function returns one sentence per target that differs
 * (sorted), none when fresh. A plan converted from a version 1 file has digests of the old model: apply skips both
 * checks for it and relies on its steps (saved-plan-match.ts).
 */

/** The desired state must be the one the plan was made from: same targets, same values, same settings. */
export function desiredMismatches(fingerprints: PlanFingerprints, desired: DesiredState): string[] {
  const current = desiredDigests(desired);
  const implicit = implicitProviderOf(desired);
  const shown = (target: Target) => shownTargetText(target, implicit);
  const planned = new Map(
    fingerprints.targets.flatMap((t) =>
      t.desired === null ? [] : [[targetText(t.target), { target: t.target, digest: t.desired }] as const],
    ),
  );
  const problems: string[] = [];
  for (const [key, { target, digest }] of planned) {
    const now = current.get(key)?.digest;
    if (now === undefined)
      problems.push(`${shown(target)}: in the plan's desired state, not in the current one`);
    else if (now !== digest) problems.push(`${shown(target)}: its desired state changed since the plan`);
  }
  for (const [key, { target }] of current) {
    if (!planned.has(key)) problems.push(`${shown(target)}: in the current desired state, not in the plan`);
  }
  if (problems.length === 0 && desiredStateDigest(desired, current) !== fingerprints.desired)
    problems.push('settings: `settings.*` (ownership or safety) changed since the plan');
  return problems.sort(compareStrings);
}

/**
 * Targets whose live state moved since the plan, each saying how. Only targets with steps count, in the plan or in
 * today's plan (`current`): a target neither changes may move freely. A target missing on one side (a live object
 * a `manage: all` plan deletes) was not live there, or, missing from the file, out of its scope. A zone moved when
 * its managed records did: a publish that left them as planned (someone changed a record edgeplan does not manage)
 * only bumped its serial. Targets as the plan shows them (`implicit`: model/shown-provider.ts).
 */
export function movedTargets(
  planned: PlanFingerprints,
  current: PlanFingerprints,
  implicit: string | undefined,
): string[] {
  const before = byTarget(planned, implicit);
  const after = byTarget(current, implicit);
  return [...new Set([...before.keys(), ...after.keys()])].sort(compareStrings).flatMap((text) => {
    const was = before.get(text);
    const now = after.get(text);
    const target =
      was?.target ??
      // Stryker disable next-line OptionalChaining: equivalent, each key is from one of the two maps, so `now` is set when `was` is not
      now?.target;
    if (!target || (!was?.changed && !now?.changed)) return [];
    const how =
      target.kind === 'zone' ? zoneMoved(was, now) : objectMoved(target.kind, was, now?.live ?? null);
    return how === null ? [] : [`${text}: ${how}`];
  });
}

/** By the target as the plan shows it: the text each line starts with, and sorts by. */
function byTarget(
  fingerprints: PlanFingerprints,
  implicit: string | undefined,
): Map<string, TargetFingerprint> {
  return new Map(fingerprints.targets.map((t) => [shownTargetText(t.target, implicit), t]));
}

function zoneMoved(planned?: TargetFingerprint, now?: TargetFingerprint): string | null {
  if ((planned?.live ?? null) === (now?.live ?? null)) return null;
  const before = planned?.serial ?? null;
  const after = now?.serial ?? null;
  if (before === null) return `did not exist when planned, exists now (serial ${after})`;
  if (after === null) return `existed when planned (serial ${before}), is gone now`;
  if (before === after) return `its records differ from the ones planned (serial ${before})`;
  return `serial ${before} → ${after}, and its records differ from the ones planned`;
}

const WHAT: Readonly<Record<Exclude<TargetKind, 'zone'>, string>> = {
  secondary: 'its masters, contact or TSIG key',
  geo: 'its groups or linked nodes',
  webapp: 'its enabled good bots',
};

function objectMoved(
  kind: Exclude<TargetKind, 'zone'>,
  planned: TargetFingerprint | undefined,
  now: Digest | null,
): string | null {
  if (!planned)
    return now === null ? null : 'not in the plan, exists now (created since, or outside its scope)';
  if (planned.live === now) return null;
  if (planned.live === null) return 'did not exist when planned, exists now';
  if (now === null) return 'existed when planned, is gone now';
  return `${WHAT[kind]} changed since the plan`;
}
