import type { RecordSetChange, ZoneChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { DesiredZone, LiveZone } from '../../model/dns.js';
import type { ChangeSource } from '../../model/provenance.js';
import type { RecordSetWork, ZoneCompileInput } from '../../model/provider.js';
import {
  type LiveRecord,
  PROVIDER_TTL,
  type RecordSet,
  type RecordSetValue,
  recordSetKey,
} from '../../model/record-set.js';
import { asLiveHolds } from '../../model/record-types/met-by-live.js';
import { recordType, requireRecordType, sortValues } from '../../model/record-types/registry.js';
import type { ZoneSettings } from '../../model/zone.js';
import type { ZoneHeader } from '../types.js';
import { liveMatchesDesired, liveRecordSetValue } from './live-value.js';
import { type ManagedQuery, managedIn } from './managed.js';

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
 * (the desired ones as the live set holds them: met-by-live.ts) differ as sets or any live record's TTL differs
 * from the desired TTL → `update`; else nothing. A type change at one name is therefore the delete of one set and
 * the create of another.
 *
 * An absent zone is created with its `create:` contact and serial style (default `hostmaster@<zone>`, an
 * incrementing serial) and the zone's default TTL, and is always a change, even with no records. Returns null
 * when nothing changes. `provider` (the DNS provider's name) is put on every address and the header.
 */
export function diffZone(desired: DesiredZone, live: LiveZone | null, provider: string): ZoneDiff | null {
  const { zone } = desired;
  const managed = managedIn(desired);
  const wanted = desiredSets(desired.records, managed);
  const found = live === null ? new Map<string, LiveSet>() : liveSets(live, managed);

  const sets: RecordSetWork[] = [];
  const diff = (identity: LiveSet | RecordSet, wantedSet: RecordSet | null, current: LiveSet | undefined) => {
    const records = current?.records ?? [];
    const kept = current?.kept ?? [];
    const desiredSet = asLive(wantedSet, records);
    if (desiredSet === null ? records.length === 0 : liveMatchesDesired(records, desiredSet)) return;
    const { fqdn, type } = identity;
    const all = [...records, ...kept];
    const before = all.length > 0 ? liveRecordSetValue(type, all) : null;
    const after = withKept(type, desiredSet, kept);
    const change: RecordSetChange = {
      address: { kind: 'record-set', zone, fqdn, type, provider },
      action: after === null ? 'delete' : before === null ? 'create' : 'update',
      before,
      after,
      ...(kept.length > 0
        ? {
            kept: sortValues(
              type,
              kept.map((record) => record.value),
            ),
          }
        : {}),
      ...(after !== null && wantedSet?.source ? { provenance: changeSource(wantedSet.source) } : {}),
    };
    sets.push({ change, live: sortLive(type, all) });
  };
  for (const [key, after] of wanted) {
    const current = found.get(key);
    // A value completed from live (SOA) is never created in a zone that exists: it is the provider's own, and one
    // that is not read is not managed. A zone the plan creates gets it with the zone: its provider completes it.
    if (current === undefined && live !== null && recordType(after.type)?.complete !== undefined) continue;
    diff(after, after, current);
  }
  for (const [key, current] of found) if (!wanted.has(key)) diff(current, null, current);
  sets.sort(
    (a, b) =>
      compareStrings(a.change.address.fqdn, b.change.address.fqdn) ||
      compareStrings(a.change.address.type, b.change.address.type),
  );

  if (live !== null && sets.length === 0) return null;
  const create: ZoneSettings | null =
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
            address: { kind: 'zone', zone, provider },
            action: 'create',
            before: null,
            after: create,
          },
        ];
  return {
    header: {
      zone,
      serial: live === null ? null : live.serial,
      ...(desired.manage ? { manage: desired.manage } : {}),
      provider,
    },
    changes: [...zoneChange, ...sets.map((set) => set.change)],
    compile: { zone, create, sets },
  };
}

/**
 * The desired set as the live records hold it (met-by-live.ts): a desired TXT text met by a live value of the same
 * text split elsewhere takes that value, so the set compares equal and an update writes it back as it is. A value
 * that leaves fields to the provider (SOA) and is not met is completed from the one live value (`complete`), and a
 * TTL left to the provider (PROVIDER_TTL) is the live one: so a plan writes only the fields the YAML names.
 */
function asLive(desired: RecordSet | null, records: readonly LiveRecord[]): RecordSet | null {
  if (desired === null || records.length === 0) return desired;
  const type = recordType(desired.type);
  if (type?.metBy === undefined && desired.ttl !== PROVIDER_TTL) return desired;
  const live = records.map((record) => record.value);
  const held = type?.metBy === undefined ? desired.values : asLiveHolds(desired.type, desired.values, live);
  const complete = type?.complete;
  const [only] = live;
  const values =
    complete === undefined || only === undefined || live.length > 1
      ? held
      : held.map((value) => complete(value, only));
  const ttl = desired.ttl === PROVIDER_TTL ? liveRecordSetValue(desired.type, records).ttl : desired.ttl;
  return { ...desired, ttl, values };
}

/** A managed live set: the records edgeplan manages, and those another tool owns (`kept`, by a value glob). */
interface LiveSet {
  fqdn: string;
  type: string;
  records: readonly LiveRecord[];
  kept: readonly LiveRecord[];
}

type Managed = (set: ManagedQuery) => boolean;

/**
 * What is written for a set: the desired values and the kept ones (providers write whole sets), with the desired TTL;
 * with no desired set, the kept values alone at their live TTL; null when nothing remains (a delete).
 */
function withKept(
  type: string,
  desired: RecordSet | null,
  kept: readonly LiveRecord[],
): RecordSetValue | null {
  if (kept.length === 0) return desired && { ttl: desired.ttl, values: [...desired.values] };
  const keptValues = kept.map((record) => record.value);
  if (desired === null)
    return { ttl: liveRecordSetValue(type, kept).ttl, values: sortValues(type, keptValues) };
  return { ttl: desired.ttl, values: sortValues(type, [...new Set([...desired.values, ...keptValues])]) };
}

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
 * Live records by `fqdn type` of the managed sets, each split into managed and kept values; a set repeated in the
 * input is merged, an empty one dropped.
 */
function liveSets(live: LiveZone, managed: Managed): Map<string, LiveSet> {
  const sets = new Map<string, LiveSet>();
  for (const set of live.records) {
    if (set.records.length === 0 || !managed(set)) continue;
    const { fqdn, type } = set;
    const mine: LiveRecord[] = [];
    const kept: LiveRecord[] = [];
    for (const record of set.records)
      (managed({ fqdn, type, value: record.value }) ? mine : kept).push(record);
    const key = recordSetKey(set);
    const merged = sets.get(key);
    sets.set(
      key,
      merged === undefined
        ? { fqdn, type, records: mine, kept }
        : { fqdn, type, records: [...merged.records, ...mine], kept: [...merged.kept, ...kept] },
    );
  }
  return sets;
}

/** Live records in canonical order: by value (the type's order), then ref. */
function sortLive(type: string, records: readonly LiveRecord[]): LiveRecord[] {
  const compare = requireRecordType(type).compare ?? compareStrings;
  // Stryker disable next-line StringLiteral: equivalent, Dyn gives every record a ref, PowerDNS none and no value twice
  return [...records].sort((a, b) => compare(a.value, b.value) || compareStrings(a.ref ?? '', b.ref ?? ''));
}

/** A set's provenance as a change carries it: its place as `file:line:col` (model/provenance.ts). */
function changeSource(source: NonNullable<RecordSet['source']>): ChangeSource {
  const { file, line, col } = source.at;
  return { at: `${file}:${line}:${col}`, via: source.via };
}
