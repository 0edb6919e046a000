import { type MissingGlue, missingGlue, type NamedSet } from '../../model/delegations.js';
import { providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';
import { recordSetKey } from '../../model/record-set.js';
import { changesByTarget, changesOf } from '../diff/change-kinds.js';
import type { Approval } from '../review-types.js';
import type { Plan } from '../types.js';

/**
 * The `delegation-glue` safety rule: a plan that leaves a delegation of a zone without the glue of a name server
 * inside it (model/delegations.ts), where the zone as it is live does not lack that glue already. It deletes the
 * glue while the delegation stays, or creates or changes a delegation to such a name server without any. What the
 * desired state shows, config refuses first (delegation-rules.ts); this rule holds what only live state shows: an NS
 * set or its glue under an `unmanaged` name, which the plan keeps as it is live. It compares the zone as it is live
 * with the zone as the plan leaves it (its live record sets with the plan's record-set changes made), so glue that
 * was already missing before the plan holds back no plan. One approval per zone, naming each name server.
 */
export function glueApprovals(plan: Plan, live: LiveState): Approval[] {
  return changesByTarget(changesOf(plan.changes, 'record-set')).flatMap(({ target, changes }) => {
    const zones = providerLive(live, target.provider).zones;
    const liveSets = (Object.hasOwn(zones, target.name) ? zones[target.name]?.records : undefined) ?? [];
    const before = liveSets.map(
      (set): NamedSet => ({ fqdn: set.fqdn, type: set.type, values: set.records.map((r) => r.value) }),
    );
    const after = new Map(before.map((set) => [recordSetKey(set), set]));
    for (const { address, after: value } of changesOf(changes, 'record-set')) {
      if (value === null) after.delete(recordSetKey(address));
      else after.set(recordSetKey(address), { fqdn: address.fqdn, type: address.type, values: value.values });
    }
    const lacking = new Set(missingGlue(target.name, before).map(glueText));
    const left = missingGlue(target.name, [...after.values()])
      .map(glueText)
      .filter((text) => !lacking.has(text));
    if (left.length === 0) return [];
    const servers = left.length === 1 ? 'a name server' : `${left.length} name servers`;
    const message =
      `leaves ${servers} inside ${left.length === 1 ? 'its' : 'their'} delegation without glue, the address ` +
      `resolvers can learn only from this zone: ${left.join(', ')}`;
    return [{ target, rule: 'delegation-glue', message } satisfies Approval];
  });
}

function glueText({ delegation, server }: MissingGlue): string {
  return `${server} (delegation ${delegation})`;
}
