import type { DesiredState } from '../model/dns.js';
import { annotatePlan } from '../plan/review/annotate.js';
import { scopeDesired, scopeLive, type TargetScope } from '../plan/review/scope.js';
import { type Plan, planHasChanges } from '../plan/types.js';
import { planWithLive } from './plan-live.js';
import { accountsOf, type Providers } from './providers.js';

/** What a reviewed plan carries: `fingerprints: false` for a plan that is neither saved nor printed as JSON. */
export interface ReviewOptions {
  fingerprints?: boolean;
}

/**
 * The plan `plan`, `apply` and `drift` show: the desired state limited to `scope` (when given), live state read
 * for that part only, the pure diff, then approvals, fingerprints and the providers' accounts (plan/review/annotate.ts).
 */
export function planReviewed(
  desired: DesiredState,
  providers: Providers,
  scope?: TargetScope,
  options: ReviewOptions = {},
): Promise<Plan> {
  return planScoped(desired, providers, scope, true, options);
}

/**
 * The check after an apply: the same plan as `planReviewed`, read and diffed the same way, but reviewed only when
 * it still has steps. A converged check is only asked whether it is empty, and nothing prints or saves it, so its
 * approvals and fingerprints (a digest of every record read) are not computed; one that is not converged is shown,
 * and is the plan `planReviewed` makes.
 */
export function planChecked(desired: DesiredState, providers: Providers, scope?: TargetScope): Promise<Plan> {
  return planScoped(desired, providers, scope, false, {});
}

async function planScoped(
  desired: DesiredState,
  providers: Providers,
  scope: TargetScope | undefined,
  reviewEmpty: boolean,
  options: ReviewOptions,
): Promise<Plan> {
  const scoped = scope ? scopeDesired(desired, scope) : desired;
  const { plan, live } = await planWithLive(scoped, providers, (read) =>
    scope ? scopeLive(read, scope, scoped) : read,
  );
  if (!reviewEmpty && !planHasChanges(plan)) return plan;
  return annotatePlan(plan, scoped, live, scope?.patterns, accountsOf(providers), options);
}
