import { delegationsIn, isGlueOf, missingGlue, type NamedSet } from '../model/delegations.js';
import type { LiveRecordSet } from '../model/record-set.js';

/** A name of a live zone that import writes under `unmanaged`, and why (one sentence, after the zone). */
export interface DelegatedName {
  fqdn: string;
  why: string;
}

/**
 * The names of a live zone that desired state cannot hold as they are, because of its delegations
 * (model/delegations.ts; config/rules/delegation-rules.ts refuses them): a set below a delegated name that is not its
 * glue, which resolvers never see (the data belongs to the child zone), and a name server inside its delegation
 * with no address in the zone (no glue). Import writes these names under `unmanaged`, so the files load and plan
 * empty and edgeplan leaves them exactly as they are; glue itself is written like any record. In set order.
 */
export function delegatedNames(zone: string, sets: readonly LiveRecordSet[]): DelegatedName[] {
  const named = sets.map(
    (set): NamedSet => ({ fqdn: set.fqdn, type: set.type, values: set.records.map((r) => r.value) }),
  );
  const delegations = delegationsIn(zone, named);
  const below = named.flatMap(({ fqdn, type }): DelegatedName[] => {
    const cut = delegations.above(fqdn);
    if (!cut || isGlueOf(cut, { fqdn, type })) return [];
    const why = `${fqdn} ${type} lies below the delegation ${cut.fqdn} and is not its glue (resolvers never see it)`;
    return [{ fqdn, why }];
  });
  const unglued = missingGlue(zone, named).map(({ delegation, server }) => ({
    fqdn: server,
    why: `${server}, a name server of the delegation ${delegation} inside it, has no address in the zone (no glue)`,
  }));
  return [...below, ...unglued];
}
