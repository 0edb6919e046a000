import type { CountedStep, ProviderOp } from '../../../model/provider.js';
import type { Target } from '../../../model/target.js';

/**
 * The requests an apply of these Dyn steps sends after its plan, exactly when every answer comes at once (a job the
 * service starts, a retry, a lost answer or a session renewed cost more; the login and logout of the run aside):
 * - one per op, and before a zone's publish the read of its serial (compare-and-publish, write.ts), which a zone
 *   the step creates does not need;
 * - the check after the apply, which plans again what the steps changed (plan/review/check-scope.ts): each changed
 *   zone's records, one `AllRecord` each (the session's later reads go to each zone directly, read/read.ts), or the
 *   zone list alone for secondary zones created or updated without zones (a secondary zone named like a primary
 *   one is a plan error); the secondary-zone list for secondary zones; the geo-service list for geo services.
 * The plan states it (`Apply: N DNS requests`), and the apply report counts the same.
 */
export function dynApplyRequests(steps: readonly CountedStep[]): number {
  const kinds = (kind: Target['kind']) => steps.filter((step) => step.target.kind === kind);
  const zones = kinds('zone');
  const secondaries = kinds('secondary');
  const calls = steps.reduce((n, step) => n + step.ops.length + serialReads(step.ops), 0);
  const zoneReads = new Set(zones.map((step) => step.target.name)).size;
  const kept = secondaries.some((step) => step.ops.some((op) => op.kind !== 'delete-secondary'));
  const accountRead = zones.length === 0 && kept ? 1 : 0;
  const listReads = (secondaries.length > 0 ? 1 : 0) + (kinds('geo').length > 0 ? 1 : 0);
  return calls + zoneReads + accountRead + listReads;
}

/** One serial read before the publish, unless the ops create the zone. */
function serialReads(ops: readonly ProviderOp[]): number {
  const creates = ops.some((op) => op.kind === 'create-zone' || op.kind === 'create-zone-from-file');
  return ops.some((op) => op.kind === 'publish') && !creates ? 1 : 0;
}
