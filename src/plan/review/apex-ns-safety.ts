import { targetOf } from '../../model/change.js';
import { changesOf } from '../diff/change-kinds.js';
import type { Approval } from '../review-types.js';
import type { Plan } from '../types.js';

/**
 * The `apex-ns` safety rule: a plan that creates, changes or deletes the apex NS set of a zone that exists. The
 * apex NS set names the servers that answer for the zone (RFC 1034 §4.2.1); resolvers find them through the
 * parent's delegation, which must name the same servers (RFC 1034 §4.2.2), so a change here is a change of who
 * serves the zone, like a large delete. A zone the plan creates gets its first apex NS set without approval
 * (`zone-create` guards the creation itself). One approval per change, naming the servers added and removed.
 */
export function apexNsApprovals(plan: Plan): Approval[] {
  const created = new Set(changesOf(plan.changes, 'zone').map((change) => targetOf(change.address).name));
  return changesOf(plan.changes, 'record-set')
    .filter(
      ({ address }) => address.type === 'NS' && address.fqdn === address.zone && !created.has(address.zone),
    )
    .map(({ address, before, after }) => {
      const was = before?.values ?? [];
      const now = after?.values ?? [];
      const added = now.filter((value) => !was.includes(value));
      const removed = was.filter((value) => !now.includes(value));
      const parts = [
        ...(added.length > 0 ? [`adds ${added.join(', ')}`] : []),
        ...(removed.length > 0 ? [`removes ${removed.join(', ')}`] : []),
      ];
      const what = parts.length > 0 ? parts.join(' and ') : 'changes its TTL';
      const message =
        `changes the apex NS set of ${address.zone} (${what}): the parent zone's delegation must name the ` +
        'same servers';
      return { target: targetOf(address), rule: 'apex-ns', message } satisfies Approval;
    });
}
