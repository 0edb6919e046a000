import type { DesiredZone, LiveZone } from '../../model/dns.js';
import { type ManagedQuery, managedIn } from './managed.js';

/** Why a plan keeps a live record as it is: the words a plan-time problem uses. */
export type KeptReason = 'not read' | 'unmanaged' | 'undeclared' | 'kept values';

/** Types the plan keeps at one name, each with why (the first reason found for it). */
export type KeptTypes = ReadonlyMap<string, KeptReason>;

/**
 * The live data a plan leaves at the names of `names` (fqdns): every live record it neither writes nor deletes. That
 * is a record of a type the provider does not read (`LiveZone.unsupported`), a set no `unmanaged` entry lets it
 * manage or a `manage: declared` zone does not declare (managed.ts, the diff's own predicate), and the values of a
 * managed set an `unmanaged` value glob keeps (the diff carries them over, so the type stays at its name). A zone
 * that does not exist live keeps nothing. By fqdn; names without kept data are absent.
 */
export function keptData(
  desired: DesiredZone,
  live: LiveZone | null,
  names: ReadonlySet<string>,
): Map<string, Map<string, KeptReason>> {
  const kept = new Map<string, Map<string, KeptReason>>();
  if (live === null) return kept;
  const keep = (fqdn: string, type: string, reason: KeptReason) => {
    if (!names.has(fqdn)) return;
    const types = kept.get(fqdn) ?? new Map<string, KeptReason>();
    if (!types.has(type)) types.set(type, reason);
    kept.set(fqdn, types);
  };
  for (const entry of live.unsupported) {
    const space = entry.lastIndexOf(' ');
    keep(entry.slice(0, space), entry.slice(space + 1), 'not read');
  }
  // Without unmanaged entries or `manage: declared`, the diff manages every live set it reads: a shortcut over
  // 100,000 records (the condition made false is an equivalent mutant: the loop below then finds nothing).
  if (!keepsManagedTypes(desired)) return kept;
  const managed = managedIn(desired);
  const reason = entireReason(desired);
  for (const set of live.records) {
    if (set.records.length === 0 || !names.has(set.fqdn)) continue;
    if (!managed(set)) keep(set.fqdn, set.type, reason(set));
    else if (set.records.some(({ value }) => !managed({ fqdn: set.fqdn, type: set.type, value })))
      keep(set.fqdn, set.type, 'kept values');
  }
  return kept;
}

/** Whether the zone leaves some live sets of managed types alone: `unmanaged` entries, or `manage: declared`. */
export function keepsManagedTypes(desired: DesiredZone): boolean {
  return desired.unmanaged.length > 0 || desired.manage === 'declared';
}

/** Why a whole live set is not managed: an `unmanaged` entry covers it, or a `declared` zone does not name it. */
function entireReason(desired: DesiredZone): (set: ManagedQuery) => KeptReason {
  if (desired.manage !== 'declared') return () => 'unmanaged';
  const { manage: _declared, ...every } = desired;
  const byEntries = managedIn(every);
  return (set) => (byEntries(set) ? 'undeclared' : 'unmanaged');
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
