import type { LiveRecordSet } from '../model/record-set.js';
import { requireRecordType } from '../model/record-types/registry.js';

/** A live record set that desired state cannot hold where it is, and why (one sentence, after the zone). */
export interface MisplacedSet {
  fqdn: string;
  type: string;
  why: string;
}

/**
 * The live sets of a zone that break a placement rule of their type (`RecordType.rules`, which validation applies:
 * config/rules/type-rules.ts): a type never at the apex found there (a DS at the apex belongs in the parent zone), a type
 * only at the apex found elsewhere, a type that stands only beside another (DS beside its delegation's NS) found
 * alone, a set whose sole value stands beside others (a null MX beside an MX, an SVCB AliasMode value beside a
 * ServiceMode one: `rules.soleValue`). They are facts of a mis-built live zone: import writes each under `unmanaged` by name and type, so the
 * files load, plan empty and leave it exactly as it is, and lists it. `sets` are every set import writes, so the
 * set a rule needs beside is looked for among them. In set order.
 */
export function misplacedSets(zone: string, sets: readonly LiveRecordSet[]): MisplacedSet[] {
  const present = new Set(sets.map(({ fqdn, type }) => `${fqdn} ${type}`));
  return sets.flatMap(({ fqdn, type, records }): MisplacedSet[] => {
    const why =
      brokenRule(type, fqdn === zone, (besides) => present.has(`${fqdn} ${besides}`)) ??
      crowdedSoleValue(
        type,
        records.map((record) => record.value),
      );
    return why === null ? [] : [{ fqdn, type, why: `${fqdn} ${type} ${why} (validation refuses it)` }];
  });
}

/** Which placement rule a set of `type` breaks, or null. */
function brokenRule(type: string, atApex: boolean, beside: (type: string) => boolean): string | null {
  const rules = requireRecordType(type).rules;
  if (rules?.apex === 'never' && atApex) return `is at the zone apex, where ${type} never is`;
  if (rules?.apex === 'only' && !atApex) return `is not at the zone apex, where ${type} only is`;
  if (rules?.besides !== undefined && !beside(rules.besides))
    return `has no ${rules.besides} beside it, which ${type} needs`;
  return null;
}

/** A set that holds a sole value (`rules.soleValue`) beside other values, named by the first such value, or null. */
function crowdedSoleValue(type: string, values: readonly string[]): string | null {
  const sole = requireRecordType(type).rules?.soleValue;
  const found = values.length > 1 ? values.find((value) => sole?.is(value)) : undefined;
  return found === undefined
    ? null
    : `holds "${found}" beside other values, where it is the only one of its set`;
}
