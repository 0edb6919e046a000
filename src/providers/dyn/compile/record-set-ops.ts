import type { LiveRecord, RecordSetValue } from '../../../model/record-set.js';
import { sortValues } from '../../../model/record-types/registry.js';
import { sortLiveRecords } from '../wire/record-wire.js';
import type { DynZoneOp } from './ops.js';

/**
 * The calls that turn one live record set (every record of one type at one name) into the desired one, split in
 * two phases because a zone runs every delete before any write (compile.ts): removing first keeps a name under the
 * service's per-name record limit and frees it for a type that must stand alone (a CNAME).
 */
export interface RecordSetOps {
  /** `delete-record` ops, in live record order (value, then ref), or one `delete-records`. */
  deletes: DynZoneOp[];
  /**
   * `update-record` ops ordered by the value they leave, then `add-record` ops ordered by value; or one
   * `replace-records`.
   */
  writes: DynZoneOp[];
}

/** A live record the service can address on its own (Dyn: by record_id). */
type Addressable = LiveRecord & { ref: string };

export interface RecordSetTarget {
  zone: string;
  fqdn: string;
  type: string;
}

/**
 * The fewest requests that make the change: the per-record ops below when the change takes at most one of them,
 * else ONE node-wide op for the type (`delete-records` when the set goes away, `replace-records` otherwise). A
 * node-wide op is atomic at the service, so the name never holds more than its desired records midway. Live
 * records without a ref cannot be addressed one by one: their set is always changed node-wide.
 */
export function recordSetOps(
  target: RecordSetTarget,
  desired: RecordSetValue | null,
  live: readonly LiveRecord[],
): RecordSetOps {
  const addressable = live.filter((record): record is Addressable => record.ref !== undefined);
  if (addressable.length === live.length) {
    const perRecord = perRecordOps(target, desired, addressable);
    if (perRecord.deletes.length + perRecord.writes.length <= 1) return perRecord;
  }
  if (desired === null) return { deletes: [{ kind: 'delete-records', ...target }], writes: [] };
  const values = sortValues(target.type, desired.values);
  return { deletes: [], writes: [{ kind: 'replace-records', ...target, values, ttl: desired.ttl }] };
}

/**
 * Per-record ops for one set. `desired` null deletes every live record; `live` empty creates the set. Otherwise:
 * - every desired value already live keeps one live record (one with the desired TTL if any, else the lowest
 *   ref); a kept record with another TTL gets an `update-record` to the desired TTL;
 * - every other live record (a value no longer wanted, or a duplicate of a kept one) is "removed";
 * - removed records (sorted) are paired with added values (sorted): each pair becomes one `update-record` that
 *   rewrites the record in place (new value, desired TTL), saving a delete + add;
 * - removed records left over are deleted, added values left over are added.
 * Call it only for a set that differs from its desired value: it emits no op to collapse duplicates alone.
 */
function perRecordOps(
  target: RecordSetTarget,
  desired: RecordSetValue | null,
  live: readonly Addressable[],
): RecordSetOps {
  const ordered = sortLiveRecords(target.type, live);
  if (desired === null) return { deletes: ordered.map((r) => deleteOp(target, r)), writes: [] };
  const { ttl } = desired;
  const wanted = sortValues(target.type, desired.values);
  const wantedSet = new Set(wanted);
  const kept = new Map<string, Addressable>();
  for (const record of ordered) {
    if (!wantedSet.has(record.value)) continue;
    const current = kept.get(record.value);
    // Equivalent mutants (left to the report, not disabled: a directive would hide this line's other mutants too):
    // which of two wrong-TTL duplicates is kept shows only in results of two calls or more (a TTL update and a
    // delete), which recordSetOps replaces by one node-wide call.
    if (current === undefined || (current.ttl !== ttl && record.ttl === ttl)) kept.set(record.value, record);
  }
  const keptRecords = new Set(kept.values());
  const removed = ordered.filter((r) => !keptRecords.has(r));
  const added = wanted.filter((value) => !kept.has(value));
  const paired = Math.min(removed.length, added.length);

  const updates: DynZoneOp[] = [];
  for (const value of wanted) {
    const keeper = kept.get(value);
    const addedIndex = added.indexOf(value);
    // Equivalent mutants (left to the report, as above): where the guard is false, removed[addedIndex] is undefined
    // too (a kept value has index -1; an index ≥ paired means every removed record is paired already); the guard
    // says what is meant.
    const rewritten = keeper === undefined && addedIndex < paired ? removed[addedIndex] : undefined;
    const record = keeper !== undefined && keeper.ttl !== ttl ? keeper : rewritten;
    if (record !== undefined) updates.push({ kind: 'update-record', ...target, ref: record.ref, value, ttl });
  }
  const adds = added.slice(paired).map((value): DynZoneOp => ({ kind: 'add-record', ...target, value, ttl }));
  return { deletes: removed.slice(paired).map((r) => deleteOp(target, r)), writes: [...updates, ...adds] };
}

function deleteOp(target: RecordSetTarget, record: Addressable): DynZoneOp {
  return { kind: 'delete-record', ...target, ref: record.ref };
}
