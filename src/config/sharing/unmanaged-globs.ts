import type { MergedZone } from '../read/merge.js';
import { readUnmanaged } from './unmanaged-entries.js';

/**
 * The name globs of a zone's valid `unmanaged` entries (relative to the zone, model/unmanaged.ts), in load order,
 * whatever types or values an entry limits itself to: for the rules that only ask whether another tool may own a
 * name (delegation-rules.ts). unmanaged-entries.ts reads the entries and reports the others.
 */
export function unmanagedGlobs(zone: MergedZone): string[] {
  return readUnmanaged(zone).entries.map(({ entry }) => entry.name);
}
