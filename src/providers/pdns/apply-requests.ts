import type { CountedStep } from '../../model/provider.js';

/**
 * The requests an apply of these PowerDNS steps sends after its plan, exactly when every answer comes at once (a
 * retry or a lost answer settled by reading costs more):
 * - one per op: a zone's one `POST` (creating it) or `PATCH`, a secondary zone's `POST`, `PUT` or `DELETE`, a DNS
 *   UPDATE;
 * - before a zone's `PATCH`, the `GET` of the zone that checks it is still what the plan read (write-zone.ts); a
 *   zone the step creates has nothing to compare;
 * - around each UPDATE, the `GET` of the zone's SOA that the message's prerequisite names and the one that reads
 *   the serial it left (providers/rfc2136/write.ts, through update-client.ts);
 * - the check after the apply, which plans again what the steps changed (plan/review/check-scope.ts): one `GET` per
 *   changed zone (the session's later reads go to each zone directly, read.ts), and the zone list once for
 *   secondary zones.
 * The plan states it, and the apply report counts the same.
 */
export function pdnsApplyRequests(steps: readonly CountedStep[]): number {
  const zones = new Set(steps.filter((step) => step.target.kind === 'zone').map((step) => step.target.name));
  const secondaries = steps.some((step) => step.target.kind === 'secondary');
  const ops = steps.flatMap((step) => step.ops);
  const checks = ops.filter((op) => op.kind === 'patch-zone').length;
  const updateReads = 2 * ops.filter((op) => op.kind === 'update').length;
  return ops.length + checks + updateReads + zones.size + (secondaries ? 1 : 0);
}
