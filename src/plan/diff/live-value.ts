import type { LiveRecord, RecordSetValue } from '../../model/record-set.js';
import { sortValues } from '../../model/record-types/registry.js';

/**
 * How a live record set is shown in a plan. The service stores one TTL per record, the model one TTL per set:
 * the set's TTL is the most common TTL among its records (a tie goes to the smallest), and `mixedTtls: true` marks
 * a set whose records disagree (the key is absent otherwise, so equal sets serialise identically). Values are in
 * the type's canonical order, a value held twice shown once. `records` must not be empty.
 */
export function liveRecordSetValue(type: string, records: readonly LiveRecord[]): RecordSetValue {
  const counts = new Map<number, number>();
  for (const { ttl } of records) counts.set(ttl, (counts.get(ttl) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const ttl = Math.min(...[...counts].filter(([, count]) => count === most).map(([candidate]) => candidate));
  const value: RecordSetValue = {
    ttl,
    values: sortValues(
      type,
      records.map((r) => r.value),
    ),
  };
  if (counts.size > 1) value.mixedTtls = true;
  return value;
}

/** True when the live records already are the desired set: same values (as sets) and every TTL equal. */
export function liveMatchesDesired(
  records: readonly LiveRecord[],
  desired: { ttl: number; values: readonly string[] },
): boolean {
  // One record against one value, most sets: compared as they are, no sets built (a shortcut: the condition made
  // false is an equivalent mutant).
  const only = records.length === 1 && desired.values.length === 1 ? records[0] : undefined;
  if (only !== undefined) return only.ttl === desired.ttl && only.value === desired.values[0];
  if (records.some((r) => r.ttl !== desired.ttl)) return false;
  // Set equality without sorting (hot path of the diff): duplicates on either side count once, as in sortValues.
  const live = new Set(records.map((r) => r.value));
  const wanted = new Set(desired.values);
  if (live.size !== wanted.size) return false;
  for (const value of wanted) if (!live.has(value)) return false;
  return true;
}
