import type { DesiredState } from '../model/dns.js';
import { ownValue } from '../model/own-value.js';
import { desiredDigests, desiredStateDigest } from './fingerprint.js';
import { compareStrings } from './order.js';
import type { Digest, PlanFingerprints, TargetFingerprint } from './review-types.js';

/**
 * Is a saved plan still the plan of today's desired and live state? Pure comparisons; the reads are in
 * apply/live-fingerprints.ts. Each function returns one sentence per target that differs (sorted), none when fresh.
 */

/** What the re-check read of one changed target: a zone's serial always, its digest only when the serial moved. */
export interface CurrentFingerprint {
  serial?: number | null;
  /** Absent: not read (a zone whose serial did not move). */
  live?: Digest | null;
}

/** The desired state must be the one the plan was made from: same targets, same values, same settings. */
export function desiredMismatches(fingerprints: PlanFingerprints, desired: DesiredState): string[] {
  const current = desiredDigests(desired);
  const planned = new Map(
    fingerprints.targets.flatMap((t) => (t.desired === null ? [] : [[t.target, t.desired] as const])),
  );
  const problems: string[] = [];
  for (const [target, digest] of planned) {
    const now = current.get(target);
    if (now === undefined) problems.push(`${target}: in the plan's desired state, not in the current one`);
    else if (now !== digest) problems.push(`${target}: its desired state changed since the plan`);
  }
  for (const target of current.keys()) {
    if (!planned.has(target)) problems.push(`${target}: in the current desired state, not in the plan`);
  }
  if (problems.length === 0 && desiredStateDigest(desired) !== fingerprints.desired)
    problems.push('settings: `settings.*` (ownership or safety) changed since the plan');
  return problems.sort(compareStrings);
}

/** Changed targets whose live state moved since the plan, each saying how; `current` is keyed by target. */
export function movedTargets(
  fingerprints: PlanFingerprints,
  current: ReadonlyMap<string, CurrentFingerprint>,
): string[] {
  return fingerprints.targets
    .filter((t) => t.changed)
    .flatMap((t) => {
      const now = current.get(t.target);
      if (!now) return [`${t.target}: could not be read again`];
      const how = t.target.startsWith('zone:') ? zoneMoved(t, now) : objectMoved(t, now.live ?? null);
      return how === null ? [] : [`${t.target}: ${how}`];
    });
}

function zoneMoved(planned: TargetFingerprint, now: CurrentFingerprint): string | null {
  const before = planned.serial ?? null;
  const after = now.serial ?? null;
  if (before === after) return null;
  if (before === null) return `did not exist when planned, exists now (serial ${after})`;
  if (after === null) return `existed when planned (serial ${before}), is gone now`;
  // Published since: the plan still holds when the zone's A records are exactly the ones planned.
  if (now.live !== undefined && now.live === planned.live) return null;
  return `serial ${before} → ${after}, and its A records differ from the ones planned`;
}

const WHAT: Record<string, string> = {
  secondary: 'its masters, contact or TSIG key',
  geo: 'its groups or linked nodes',
  webapp: 'its enabled good bots',
};

function objectMoved(planned: TargetFingerprint, now: Digest | null): string | null {
  if (planned.live === now) return null;
  if (planned.live === null) return 'did not exist when planned, exists now';
  if (now === null) return 'existed when planned, is gone now';
  const kind = planned.target.slice(0, planned.target.indexOf(':'));
  return `${ownValue(WHAT, kind) ?? 'its live state'} changed since the plan`;
}
