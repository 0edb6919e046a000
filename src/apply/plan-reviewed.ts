import type { DesiredState } from '../model/dns.js';
import { annotatePlan, scopeDesired, scopeLive, type TargetScope } from '../plan/index.js';
import type { Plan } from '../plan/types.js';
import { planWithLive } from './plan-live.js';
import { accountsOf, type Providers } from './providers.js';

/**
 * The plan `plan`, `apply` and `drift` show: the desired state limited to `scope` (when given), live state read
 * for that part only, the pure diff, then approvals, fingerprints and the providers' accounts (plan/review/annotate.ts).
 */
export async function planReviewed(
  desired: DesiredState,
  providers: Providers,
  scope?: TargetScope,
): Promise<Plan> {
  const scoped = scope ? scopeDesired(desired, scope) : desired;
  const { plan, live } = await planWithLive(scoped, providers, (read) =>
    scope ? scopeLive(read, scope, scoped) : read,
  );
  return annotatePlan(plan, scoped, live, scope?.patterns ?? [], accountsOf(providers));
}
