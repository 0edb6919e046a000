import type { DesiredState } from '../../model/dns.js';
import type { LiveState } from '../../model/live.js';
import type { Plan, PlanAccounts } from '../types.js';
import { planFingerprints } from './fingerprint.js';
import { planApprovals } from './safety.js';

/**
 * The plan as the CLI shows and saves it: the computed plan plus what makes it reviewable (pure): the changes
 * needing approval (safety.ts), the fingerprints a later `apply --plan` checks (fingerprint.ts), the `--target`
 * patterns it was limited to (undefined: none, the whole desired state; an empty list: nothing), and the accounts it was read from, by provider name (`apply --plan` refuses a plan
 * of another account). `desired` and `live` are the (scoped) inputs the plan was computed from. `fingerprints:
 * false` leaves the fingerprints out, for a plan that is neither saved nor printed as JSON (a digest of every record
 * read is then work for nobody).
 */
export function annotatePlan(
  plan: Plan,
  desired: DesiredState,
  live: LiveState,
  scope: readonly string[] | undefined = undefined,
  accounts: PlanAccounts = {},
  { fingerprints = true }: { fingerprints?: boolean } = {},
): Plan {
  return {
    ...plan,
    ...(Object.keys(accounts).length > 0 ? { accounts } : {}),
    ...(scope !== undefined ? { scope: [...scope] } : {}),
    needsApproval: planApprovals(plan, desired, live),
    ...(fingerprints ? { fingerprints: planFingerprints(plan, desired, live) } : {}),
  };
}
