import { type Address, type Change, type DnsAddress, targetOf } from '../../model/change.js';
import { compareTargets, type DnsTarget, type Target, targetText } from '../../model/target.js';

/** The change type of one kind of address (`record-set` → RecordSetChange). */
export type ChangeOfKind<K extends Address['kind']> = Extract<Change, { address: { kind: K } }>;

/** Narrows a change by its address's kind (the union's discriminant is nested, so `switch` cannot). */
export function isChangeOf<K extends Address['kind']>(change: Change, kind: K): change is ChangeOfKind<K> {
  return change.address.kind === kind;
}

/** The changes of one kind, in plan order. */
export function changesOf<K extends Address['kind']>(changes: readonly Change[], kind: K): ChangeOfKind<K>[] {
  return changes.filter((change): change is ChangeOfKind<K> => isChangeOf(change, kind));
}

/** The target a change of `C` belongs to: on a DNS provider for zone, record-set and secondary changes. */
export type TargetOfChange<C extends Change> = C['address'] extends DnsAddress ? DnsTarget : Target;

/** Changes grouped by the target they belong to (a record set to its zone), targets in plan order. */
export function changesByTarget<C extends Change>(
  changes: readonly C[],
): { target: TargetOfChange<C>; changes: C[] }[] {
  const groups = new Map<string, { target: TargetOfChange<C>; changes: C[] }>();
  for (const change of changes) {
    const target = targetOf(change.address) as TargetOfChange<C>;
    const key = targetText(target);
    const group = groups.get(key) ?? { target, changes: [] };
    group.changes.push(change);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => compareTargets(a.target, b.target));
}
