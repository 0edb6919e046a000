import { recordType, sortValues } from './registry.js';

/**
 * A desired set's values as the live (or served) set holds them: each desired value that is not live itself but
 * that a live value meets (the type's `metBy`, record-type.ts) is replaced by that live value, so that comparing
 * canonical strings then finds them equal, and a plan that changes the set for another reason writes that live
 * value back as it is. A live value meets one desired value at most, and a live value that is itself desired
 * meets no other. The values come back in the type's order; for a type without `metBy`, unchanged.
 */
export function asLiveHolds(type: string, desired: readonly string[], live: readonly string[]): string[] {
  const metBy = recordType(type)?.metBy;
  if (metBy === undefined) return [...desired];
  const wanted = new Set(desired);
  const free = live.filter((value) => !wanted.has(value));
  const taken = new Set<string>();
  const values = desired.map((value) => {
    if (live.includes(value)) return value;
    const meeting = free.find((candidate) => !taken.has(candidate) && metBy(value, candidate));
    if (meeting === undefined) return value;
    taken.add(meeting);
    return meeting;
  });
  return sortValues(type, values);
}
