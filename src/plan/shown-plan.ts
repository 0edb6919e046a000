import { providerOfShown, shownJson } from '../model/shown-provider.js';
import type { Plan } from './types.js';

/**
 * A plan as it is written (JSON, saved plan files) and read back. In memory every zone and secondary-zone target and
 * every change address, zone header and note names its DNS provider; written, those on the implicit provider name
 * none (model/shown-provider.ts), and `implicitProvider` is not written, so that a plan of a desired state without
 * `providers:` is byte for byte what it was before providers had names, and a saved plan of that time still applies.
 */

/** `plan` as it is written: without `implicitProvider`, and without the implicit provider's name. */
export function shownPlan(plan: Plan): Omit<Plan, 'implicitProvider'> {
  const { implicitProvider, ...written } = plan;
  return shownJson(written, implicitProvider);
}

/** What a saved plan names on a DNS provider: `provider` absent on the implicit provider's. */
interface Shown {
  provider?: string;
  kind?: unknown;
}

const DNS_ADDRESSES = new Set<unknown>(['zone', 'record-set', 'secondary']);

function isShown(value: unknown): value is Shown {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A saved plan as read (`plan`: checked and typed by plan-file.ts) with every provider named: a target, address,
 * zone header or note on a DNS provider that names none is on the implicit provider, and the plan then says which
 * one that is (`implicitProvider`). A plan under `providers:` names every provider and is returned as it is.
 */
export function namedPlan<T extends Plan>(plan: T): T {
  let implicit = false;
  const named = <V extends Shown>(value: V): V & { provider: string } => {
    if (value.provider !== undefined) return value as V & { provider: string };
    implicit = true;
    return { ...value, provider: providerOfShown(undefined) };
  };
  const target = <V extends { target: Plan['steps'][number]['target'] }>(item: V): V =>
    item.target.kind === 'zone' || item.target.kind === 'secondary'
      ? { ...item, target: named(item.target) }
      : item;
  // The sections for people are as the file wrote them (plan-file.ts): only well-formed entries are named.
  const address = (change: Shown & { address?: unknown }): Shown & { address?: unknown } => {
    const on = change.address;
    return isShown(on) && DNS_ADDRESSES.has(on.kind) ? { ...change, address: named(on) } : change;
  };
  const people = (key: 'zones' | 'changes' | 'leftAlone' | 'answerNotes', name: (item: Shown) => Shown) => {
    const list: unknown = plan[key];
    if (list === undefined) return {};
    return { [key]: Array.isArray(list) ? list.map((item) => (isShown(item) ? name(item) : item)) : list };
  };
  const read: T = {
    ...plan,
    ...people('zones', named),
    ...people('changes', address),
    ...people('leftAlone', named),
    ...people('answerNotes', named),
    steps: plan.steps.map(target),
    ...(plan.needsApproval ? { needsApproval: plan.needsApproval.map(target) } : {}),
    ...(plan.fingerprints
      ? { fingerprints: { ...plan.fingerprints, targets: plan.fingerprints.targets.map(target) } }
      : {}),
  };
  return implicit ? { ...read, implicitProvider: providerOfShown(undefined) } : read;
}
