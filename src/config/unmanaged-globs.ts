import { unmanagedNameGlob } from '../model/unmanaged.js';
import type { MergedZone } from './merge.js';

/**
 * The valid `unmanaged` entries of a zone as globs on names relative to it (model/unmanaged.ts), in load order: what
 * the model holds and the rules that need the zone's unmanaged names read. rules.ts reports the others.
 */
export function unmanagedGlobs(zone: MergedZone): string[] {
  return zone.unmanaged.flatMap((item) => {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') return [];
    const read = unmanagedNameGlob(item.value, zone.zone);
    return 'glob' in read ? [read.glob] : [];
  });
}
