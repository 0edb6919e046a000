import type { DesiredState } from '../model/dns.js';
import { annotatePlan } from '../plan/annotate.js';
import { computePlan } from '../plan/diff.js';
import { scopeDesired, scopeLive, type TargetScope } from '../plan/scope.js';
import type { Plan } from '../plan/types.js';
import type { LiveReaders } from './plan-live.js';
import { readLive } from './read-live.js';

/**
 * The plan `plan`, `apply` and `drift` show: the desired state limited to `scope` (when given), live state read
 * for that part only, the pure diff, then approvals and fingerprints (annotate.ts).
 */
export async function planReviewed(
  desired: DesiredState,
  readers: LiveReaders,
  scope?: TargetScope,
): Promise<Plan> {
  const scoped = scope ? scopeDesired(desired, scope) : desired;
  const read = await readLive(scoped, readers);
  const live = scope ? scopeLive(read, scope) : read;
  return annotatePlan(computePlan(scoped, live), scoped, live, scope?.patterns ?? []);
}
