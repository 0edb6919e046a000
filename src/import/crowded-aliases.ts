import type { LiveRecordSet } from '../model/record-set.js';
import { BESIDE_ALONE } from '../model/record-types/beside-alone.js';
import { recordType } from '../model/record-types/registry.js';
import type { DelegatedName } from './delegated-names.js';

/**
 * The names of a live zone where a set of a type that must stand alone (a CNAME: RFC 1034 §3.6.2, RFC 2181 §10.1)
 * has other data beside it, of a managed type or of one the provider does not read (`unsupported`, `fqdn TYPE`),
 * DNSSEC's own types aside (kept-checks.ts). Some servers hold such data, served that way for years; desired state
 * refuses it (validation for managed types, the plan's kept-data rule for others). Import writes these names under
 * `unmanaged`, so the files load and plan empty and edgeplan leaves the name exactly as it is. In set order.
 */
export function crowdedAliases(
  sets: readonly LiveRecordSet[],
  unsupported: readonly string[],
): DelegatedName[] {
  const types = new Map<string, string[]>();
  const add = (fqdn: string, type: string) => types.set(fqdn, [...(types.get(fqdn) ?? []), type]);
  for (const set of sets) add(set.fqdn, set.type);
  for (const key of unsupported) {
    const space = key.lastIndexOf(' ');
    if (space > 0) add(key.slice(0, space), key.slice(space + 1));
  }
  return sets.flatMap(({ fqdn, type }): DelegatedName[] => {
    if (recordType(type)?.rules?.alone !== true) return [];
    const beside = (types.get(fqdn) ?? []).filter((other) => other !== type && !BESIDE_ALONE.has(other));
    if (beside.length === 0) return [];
    const why = `${fqdn} ${type} has ${beside.join(', ')} beside it, where a ${type} must stand alone`;
    return [{ fqdn, why }];
  });
}
