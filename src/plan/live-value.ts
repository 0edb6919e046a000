import type { LiveARecord } from '../model/dns.js';
import { sortAddresses } from '../model/ipv4.js';
import type { RecordSetValue } from './types.js';

/**
 * How a live A record set is shown in a plan. The service stores one TTL per record, the model one TTL per set:
 * the set's TTL is the most common TTL among its records (a tie goes to the smallest), and `mixedTtls: true` marks
 * a set whose records disagree (the key is absent otherwise, so equal sets serialise identically).
 * `records` must not be empty.
 */
export function liveRecordSetValue(records: readonly LiveARecord[]): RecordSetValue {
  const counts = new Map<number, number>();
  for (const { ttl } of records) counts.set(ttl, (counts.get(ttl) ?? 0) + 1);
  let ttl = Number.POSITIVE_INFINITY;
  let best = 0;
  for (const [candidate, count] of counts) {
    if (count > best || (count === best && candidate < ttl)) {
      ttl = candidate;
      best = count;
    }
  }
  const value: RecordSetValue = { ttl, addresses: sortAddresses(records.map((r) => r.address)) };
  if (counts.size > 1) value.mixedTtls = true;
  return value;
}

/** True when the live records already are the desired set: same addresses (as sets) and every TTL equal. */
export function liveMatchesDesired(
  records: readonly LiveARecord[],
  desired: { ttl: number; addresses: readonly string[] },
): boolean {
  if (records.some((r) => r.ttl !== desired.ttl)) return false;
  // Set equality without sorting (hot path of the diff): duplicates on either side count once, as in sortAddresses.
  const live = new Set(records.map((r) => r.address));
  const wanted = new Set(desired.addresses);
  if (live.size !== wanted.size) return false;
  for (const address of wanted) if (!live.has(address)) return false;
  return true;
}
