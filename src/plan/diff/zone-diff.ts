import type { RecordSetChange, ZoneChange, ZoneValue } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { DesiredZone, LiveZone } from '../../model/dns.js';
import type { RecordSetWork, ZoneCompileInput } from '../../model/provider.js';
import { type LiveRecord, type RecordSet, recordSetKey } from '../../model/record-set.js';
import { requireRecordType, sortValues } from '../../model/record-types/registry.js';
import { onProvider } from '../../model/target.js';
import type { ZoneHeader } from '../types.js';
import { liveMatchesDesired, liveRecordSetValue } from './live-value.js';
import { managedIn } from './managed.js';

/** One zone's part of a plan: its header, its changes, and what its provider compiles them from. */
export interface ZoneDiff {
  header: ZoneHeader;
  /** The zone's creation (when absent live) first, then record-set changes by fqdn, then type. */
  changes: (ZoneChange | RecordSetChange)[];
  compile: ZoneCompileInput;
}

/**
 * The diff of one desired zone against its live state (`null`: the zone does not exist live).
 *
 * A record set is (fqdn, type); only managed sets count (managed.ts), on both sides: a live set at an unmanaged
 * name or of a type edgeplan does not manage is never deleted, and a desired set there (a contradiction the config
 * rules refuse) is skipped too, so edgeplan never writes over what another tool owns. A set repeated in the input
 * is merged; a live set without records is no set.
 *
 * Per set: live records but not desired → `delete`; desired but no live records → `create`; both, and the values
 * differ as sets or any live record's TTL differs from the desired TTL → `update`; else nothing. A type change at
 * one name is therefore the delete of one set and the create of another.
 *
 * An absent zone is created with its `create:` contact and serial style (default `hostmaster@<zone>`, an
 * incrementing serial) and the zone's default TTL, and is always a change, even with no records. Returns null
 * when nothing changes. `provider` (a DNS provider under `providers:`) is put on every address and the header.
 */
export function diffZone(desired: DesiredZone, live: LiveZone | null, provider?: string): ZoneDiff | null {
  const { zone } = desired;
  const managed = managedIn(desired);
  const wanted = desiredSets(desired.records, managed);
  const found = live === null ? new Map<string, LiveSet>() : liveSets(live, managed);

  const sets: RecordSetWork[] = [];
  const diff = (identity: LiveSet | RecordSet, after: RecordSet | null, records: readonly LiveRecord[]) => {
    if (after !== null && liveMatchesDesired(records, after)) return;
    const { fqdn, type } = identity;
    const before = records.length > 0 ? liveRecordSetValue(type, records) : null;
    const change: RecordSetChange = {
      address: onProvider({ kind: 'record-set' as const, zone, fqdn, type }, provider),
      action: after === null ? 'delete' : before === null ? 'create' : 'update',
      before,
      after: after && { ttl: after.ttl, values: [...after.values] },
    };
    sets.push({ change, live: sortLive(type, records) });
  };
  for (const [key, after] of wanted) diff(after, after, found.get(key)?.records ?? []);
  for (const [key, current] of found) if (!wanted.has(key)) diff(current, null, current.records);
  sets.sort(
    (a, b) =>
      compareStrings(a.change.address.fqdn, b.change.address.fqdn) ||
      compareStrings(a.change.address.type, b.change.address.type),
  );

  if (live !== null && sets.length === 0) return null;
  const create: ZoneValue | null =
    live === null
      ? {
          rname: desired.create?.contact ?? `hostmaster@${zone}`,
          ttl: desired.defaultTtl,
          serialStyle: desired.create?.serialStyle ?? 'increment',
        }
      : null;
  const zoneChange: ZoneChange[] =
    create === null
      ? []
      : [
          {
            address: onProvider({ kind: 'zone' as const, zone }, provider),
            action: 'create',
            before: null,
            after: create,
          },
        ];
  return {
    header: onProvider({ zone, serial: live === null ? null : live.serial }, provider),
    changes: [...zoneChange, ...sets.map((set) => set.change)],
    compile: { zone, create, sets },
  };
}

interface LiveSet {
  fqdn: string;
  type: string;
  records: readonly LiveRecord[];
}

type Managed = (set: { fqdn: string; type: string }) => boolean;

/**
 * The managed desired sets by `fqdn type`, values canonicalised (the model promises it; re-sorting is cheap
 * insurance). Read only: a set of one value (most of them, at 100,000 records) is used as it is.
 */
function desiredSets(records: readonly RecordSet[], managed: Managed): Map<string, RecordSet> {
  const sets = new Map<string, RecordSet>();
  for (const set of records) {
    if (!managed(set)) continue;
    // A one-value set needs no sort: a shortcut (the condition made false is an equivalent mutant).
    const canonical = set.values.length < 2 ? set : { ...set, values: sortValues(set.type, set.values) };
    sets.set(recordSetKey(set), canonical);
  }
  return sets;
}

/**
 * Live records by `fqdn type` of the managed sets, read only; a set repeated in the input is merged, an empty one
 * dropped.
 */
function liveSets(live: LiveZone, managed: Managed): Map<string, LiveSet> {
  const sets = new Map<string, LiveSet>();
  for (const set of live.records) {
    if (set.records.length === 0 || !managed(set)) continue;
    const key = recordSetKey(set);
    const merged = sets.get(key);
    sets.set(key, merged ? { ...set, records: [...merged.records, ...set.records] } : set);
  }
  return sets;
}

/** Live records in canonical order: by value (the type's order), then ref. */
function sortLive(type: string, records: readonly LiveRecord[]): LiveRecord[] {
  const compare = requireRecordType(type).compare ?? compareStrings;
  // Stryker disable next-line StringLiteral: equivalent, Dyn gives every record a ref, PowerDNS none and no value twice
  return [...records].sort((a, b) => compare(a.value, b.value) || compareStrings(a.ref ?? '', b.ref ?? ''));
}
