import type { ARecordSet, DnsOp, LiveARecord } from '../model/dns.js';
import { sortAddresses } from '../model/ipv4.js';
import { sortLiveRecords } from './order.js';

/**
 * The writes that turn one live A record set into the desired one, split in two phases because the zone runs every
 * delete before any write (see zone-diff.ts): removing first keeps a node under the service's per-node record limit.
 */
export interface RecordSetOps {
  /** `delete-record` ops, in live record order (address, then recordId), or one `delete-records`. */
  deletes: DnsOp[];
  /**
   * `update-record` ops ordered by the address they leave, then `add-record` ops ordered by address; or one
   * `replace-records`.
   */
  writes: DnsOp[];
}

/**
 * Ops for one fqdn, the fewest requests that make the change: the per-record ops below when the change takes at
 * most one of them, else ONE node-wide op (`delete-records` when the set goes away, `replace-records` otherwise).
 * A node-wide op is atomic at the service, so the node never holds more than its desired records (≤ 13) midway.
 */
export function recordSetOps(
  zone: string,
  fqdn: string,
  desired: ARecordSet | null,
  live: readonly LiveARecord[],
): RecordSetOps {
  const perRecord = perRecordOps(zone, fqdn, desired, live);
  if (perRecord.deletes.length + perRecord.writes.length <= 1) return perRecord;
  if (desired === null) return { deletes: [{ kind: 'delete-records', zone, fqdn }], writes: [] };
  const addresses = sortAddresses(desired.addresses);
  return { deletes: [], writes: [{ kind: 'replace-records', zone, fqdn, addresses, ttl: desired.ttl }] };
}

/**
 * Per-record ops for one fqdn. `desired` null deletes every live record; `live` empty creates the set. Otherwise:
 * - every desired address already live keeps one live record (one with the desired TTL if any, else the lowest
 *   recordId); a kept record with another TTL gets an `update-record` to the desired TTL;
 * - every other live record (an address no longer wanted, or a duplicate of a kept one) is "removed";
 * - removed records (sorted) are paired with added addresses (sorted): each pair becomes one `update-record` that
 *   rewrites the record in place (new address, desired TTL), saving a delete + add;
 * - removed records left over are deleted, added addresses left over are added.
 * Call it only for a set that differs from its desired value: it emits no op to collapse duplicates alone.
 */
function perRecordOps(
  zone: string,
  fqdn: string,
  desired: ARecordSet | null,
  live: readonly LiveARecord[],
): RecordSetOps {
  const ordered = sortLiveRecords(live);
  if (desired === null) {
    return { deletes: ordered.map((r) => deleteOp(zone, fqdn, r)), writes: [] };
  }
  const { ttl } = desired;
  const wanted = sortAddresses(desired.addresses);
  const wantedSet = new Set(wanted);
  const kept = new Map<string, LiveARecord>();
  for (const record of ordered) {
    if (!wantedSet.has(record.address)) continue;
    const current = kept.get(record.address);
    if (current === undefined || (current.ttl !== ttl && record.ttl === ttl))
      kept.set(record.address, record);
  }
  const keptRecords = new Set(kept.values());
  const removed = ordered.filter((r) => !keptRecords.has(r));
  const added = wanted.filter((address) => !kept.has(address));
  const paired = Math.min(removed.length, added.length);

  const updates: DnsOp[] = [];
  for (const address of wanted) {
    const keeper = kept.get(address);
    const addedIndex = added.indexOf(address);
    if (keeper !== undefined && keeper.ttl !== ttl) {
      updates.push({ kind: 'update-record', zone, fqdn, recordId: keeper.recordId, address, ttl });
    } else if (keeper === undefined && addedIndex < paired) {
      const target = removed[addedIndex] as LiveARecord;
      updates.push({ kind: 'update-record', zone, fqdn, recordId: target.recordId, address, ttl });
    }
  }
  const adds: DnsOp[] = added
    .slice(paired)
    .map((address) => ({ kind: 'add-record', zone, fqdn, address, ttl }));
  return {
    deletes: removed.slice(paired).map((r) => deleteOp(zone, fqdn, r)),
    writes: [...updates, ...adds],
  };
}

function deleteOp(zone: string, fqdn: string, record: LiveARecord): DnsOp {
  return { kind: 'delete-record', zone, fqdn, recordId: record.recordId };
}
