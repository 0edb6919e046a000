import type { DesiredZone, LiveZone } from '../../model/dns.js';
import { managedIn } from './managed.js';

/** Why a plan keeps a live record as it is: the words a plan-time problem uses. */
export type KeptReason = 'not read' | 'unmanaged' | 'undeclared' | 'kept values';

/** Types the plan keeps at one name, each with why (the first reason found for it). */
export type KeptTypes = ReadonlyMap<string, KeptReason>;

/**
 * The live data a plan leaves at the names of `names` (fqdns): every live record it neither writes nor deletes. That
 * is a set no `unmanaged` entry lets it manage or a `manage: declared` zone does not declare (managed.ts, the diff's
 * own predicate), the values of a managed set an `unmanaged` value glob keeps (the diff carries them into the set it
 * writes, so the type stays at its name), and a record of a type the provider does not read (`LiveZone.unsupported`;
 * last, so that this reason is the one kept for a type, and the one the rule of unreadable records asks about). By
 * fqdn; other names are absent.
 */
export function keptData(
  desired: DesiredZone,
  live: LiveZone,
  names: ReadonlySet<string>,
): Map<string, Map<string, KeptReason>> {
  const kept = new Map<string, Map<string, KeptReason>>();
  const keep = (fqdn: string, type: string, reason: KeptReason) =>
    kept.set(fqdn, (kept.get(fqdn) ?? new Map<string, KeptReason>()).set(type, reason));
  // Without unmanaged entries or `manage: declared`, the diff manages every live set it reads: a shortcut over
  // 100,000 records (the condition made false is an equivalent mutant: the loop then finds nothing).
  // Stryker disable next-line ConditionalExpression: equivalent, as said above
  if (keepsManagedTypes(desired)) {
    const managed = managedIn(desired);
    const { manage: _declared, ...every } = desired;
    const byEntries = managedIn(every);
    for (const set of live.records) {
      // Names without a desired set are not asked about: a shortcut (the name check made false is equivalent).
      // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent for the name check, as said above
      if (set.records.length === 0 || !names.has(set.fqdn)) continue;
      if (!managed(set)) keep(set.fqdn, set.type, byEntries(set) ? 'undeclared' : 'unmanaged');
      else if (set.records.some(({ value }) => !managed({ fqdn: set.fqdn, type: set.type, value })))
        keep(set.fqdn, set.type, 'kept values');
    }
  }
  for (const entry of live.unsupported) {
    const space = entry.lastIndexOf(' ');
    const fqdn = entry.slice(0, space);
    // Stryker disable next-line ConditionalExpression: equivalent, other names are never asked about
    if (names.has(fqdn)) keep(fqdn, entry.slice(space + 1), 'not read');
  }
  return kept;
}

/** Whether the zone leaves some live sets of managed types alone: `unmanaged` entries, or `manage: declared`. */
export function keepsManagedTypes(desired: DesiredZone): boolean {
  // Stryker disable next-line all: equivalent, only ever a shortcut (keptData, kept-checks.ts): true finds the same
  return desired.unmanaged.length > 0 || desired.manage === 'declared';
}

/** The words for a reason, as a problem names the kept data: `TXT (an unmanaged entry covers it)`. */
export function keptText(type: string, reason: KeptReason): string {
  switch (reason) {
    case 'not read':
      return `${type} (records edgeplan does not read)`;
    case 'unmanaged':
      return `${type} (an unmanaged entry covers it)`;
    case 'undeclared':
      return `${type} (not declared in this manage: declared zone)`;
    case 'kept values':
      return `${type} (values an unmanaged value glob keeps)`;
  }
}
