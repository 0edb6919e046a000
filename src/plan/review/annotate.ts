import type { DesiredState } from '../../model/dns.js';
import type { LiveState } from '../../model/live.js';
import type { Plan } from '../types.js';
import { planFingerprints } from './fingerprint.js';
import { planApprovals } from './safety.js';

/**
 * The plan as the CLI shows and saves it: the computed plan plus what makes it reviewable (pure): the changes
 * needing approval (safety.ts), the fingerprints a later `apply --plan` checks (fingerprint.ts), and the
 * `--target` patterns it was limited to. `desired` and `live` are the (scoped) inputs the plan was computed from.
 */
export function annotatePlan(
  plan: Plan,
  desired: DesiredState,
  live: LiveState,
  scope: readonly string[] = [],
): Plan {
  return {
    ...plan,
    ...(scope.length > 0 ? { scope: [...scope] } : {}),
    needsApproval: planApprovals(plan, desired, live),
    fingerprints: planFingerprints(plan, desired, live),
  };
}
