import type { SafetyRule } from '../model/safety.js';
import type { Target } from '../model/target.js';

/**
 * What a saved plan carries so that it can be applied later exactly as reviewed: per target the live state it was
 * computed from and the desired state it was computed for (fingerprint.ts), the `--target` scope it was made with,
 * and the changes the safety policy marks as needing approval (safety.ts). Plain data, sorted, deterministic.
 */

/** `sha256:<64 hex>` of the canonical JSON of a value (digest.ts). */
export type Digest = string;

export interface TargetFingerprint {
  target: Target;
  /** The plan has steps for this target: `apply --plan` refuses the plan if its live state moved. */
  changed: boolean;
  /** Digest of the target's desired state; null when the desired state does not name it (a `manage: all` delete). */
  desired: Digest | null;
  /** Zones only: the live serial the plan was computed from; null when the zone did not exist. */
  serial?: number | null;
  /** Digest of what was read live of the target; null when it did not exist live. */
  live: Digest | null;
}

export interface PlanFingerprints {
  /** Digest of the whole (scoped) desired state: every target's desired digest and the settings. */
  desired: Digest;
  /** Every target the plan looked at, sorted by target. */
  targets: TargetFingerprint[];
}

/** One change the safety policy holds back until `apply --allow-unsafe`. */
export interface Approval {
  target: Target;
  rule: SafetyRule;
  /** For people: what the change does and which threshold it crosses. */
  message: string;
}
