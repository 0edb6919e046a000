import type { CountedStep } from '../../model/provider.js';

/**
 * The requests an apply of these PowerDNS steps sends after its plan, exactly when every answer comes at once (a
 * retry or a lost answer settled by reading costs more):
 * - one per op: a zone's one `POST` (creating it) or `PATCH`, a secondary zone's `POST`, `PUT` or `DELETE`;
 * - before a zone's `PATCH`, the `GET` of the zone that checks it is still what the plan read (write-zone.ts); a
 *   zone the step creates has nothing to compare;
 * - the check after the apply, which plans again what the steps changed (plan/review/check-scope.ts): one `GET` per
 *   changed zone (the session's later reads go to each zone directly, read.ts), and the zone list once for
 *   secondary zones.
 * The plan states it, and the apply report counts the same.
 */
export function pdnsApplyRequests(steps: readonly CountedStep[]): number {
  const zones = new Set(steps.filter((step) => step.target.kind === 'zone').map((step) => step.target.name));
  const secondaries = steps.some((step) => step.target.kind === 'secondary');
  const calls = steps.reduce((n, step) => n + step.ops.length, 0);
  const checks = steps.filter((step) => step.ops.some((op) => op.kind === 'patch-zone')).length;
  return calls + checks + zones.size + (secondaries ? 1 : 0);
}
