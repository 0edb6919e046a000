import type { LiveARecord } from '../model/dns.js';
import { sortAddresses } from '../model/ipv4.js';

/**
 * Ordering used by the diff. Strings compare by UTF-16 code unit, never with `localeCompare`, so a plan does not
 * depend on the locale of the machine that computed it.
 */
export function compareStrings(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** Live records in canonical order: by address (numeric, as `sortAddresses`), then by recordId. */
export function sortLiveRecords(records: readonly LiveARecord[]): LiveARecord[] {
  const rank = new Map(sortAddresses(records.map((r) => r.address)).map((address, i) => [address, i]));
  const rankOf = (address: string): number => rank.get(address) ?? 0;
  return [...records].sort((a, b) => rankOf(a.address) - rankOf(b.address) || a.recordId - b.recordId);
}
