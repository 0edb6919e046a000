import type { RecordSetChange } from '../../model/change.js';
import { type LiveRecordSet, type RecordSetValue, recordSetKey } from '../../model/record-set.js';
import type { PdnsDelete, PdnsReplace } from './ops.js';
import { zoneRecords } from './read.js';
import type { ZoneWire } from './wire.js';

/**
 * The record sets one zone request changes, each with what the plan read of it and what the request makes it: the
 * writer's measure of "the zone is still what the plan read" (before its PATCH) and of "the PATCH took effect"
 * (after a lost answer). A PATCH is applied whole or not at all, so every set is at its `after`, or none is.
 */
export interface ZoneSet {
  fqdn: string;
  type: string;
  /** As the plan read it (null: absent); undefined when the writer was not told (no `begin`). */
  before?: RecordSetValue | null;
  /** What the request makes it (null: deleted). */
  after: { ttl: number; values: readonly string[] } | null;
}

/** Where each set of a zone stands in a read of the zone: at what the plan read, at what the request makes it. */
export interface SetState {
  set: ZoneSet;
  live: LiveRecordSet | undefined;
  atBefore: boolean;
  atAfter: boolean;
}

/** The sets a request changes, with the `before` of the plan's change of the same set when the writer was told. */
export function zoneSets(
  deletes: readonly PdnsDelete[],
  replaces: readonly PdnsReplace[],
  planned: readonly RecordSetChange[] | undefined,
): ZoneSet[] {
  const before = new Map(planned?.map((change) => [recordSetKey(change.address), change.before]));
  const told = (set: { fqdn: string; type: string }) => {
    const key = recordSetKey(set);
    return before.has(key) ? { before: before.get(key) ?? null } : {};
  };
  return [
    ...deletes.map((set) => ({ fqdn: set.fqdn, type: set.type, ...told(set), after: null })),
    ...replaces.map((set) => ({
      fqdn: set.fqdn,
      type: set.type,
      ...told(set),
      after: { ttl: set.ttl, values: set.values },
    })),
  ];
}

/**
 * Each set's state in `wire`, a read of `zone`. Only the sets' own types are parsed (a value of another type that
 * PowerDNS holds and edgeplan cannot read is not this check's business).
 */
export function setStates(zone: string, wire: ZoneWire, sets: readonly ZoneSet[]): SetState[] {
  const types = new Set(sets.map((set) => set.type));
  const { records, apexNs, soa } = zoneRecords(zone, wire.rrsets, types);
  const own = [...(apexNs ? [apexNs] : []), ...(soa ? [soa] : [])];
  const live = new Map([...records, ...own].map((set) => [recordSetKey(set), set]));
  return sets.map((set) => {
    const found = live.get(recordSetKey(set));
    return {
      set,
      live: found,
      atBefore: set.before !== undefined && holds(found, set.before),
      atAfter: holds(found, set.after),
    };
  });
}

/** Whether the live set is exactly `value`: the same values, each at its TTL; null: absent. */
export function holds(
  live: LiveRecordSet | undefined,
  value: { ttl: number; values: readonly string[] } | null,
): boolean {
  if (value === null || live === undefined) return value === null && live === undefined;
  const values = new Set(live.records.map((record) => record.value));
  return (
    values.size === new Set(value.values).size &&
    value.values.every((v) => values.has(v)) &&
    live.records.every((record) => record.ttl === value.ttl)
  );
}

/** A set's value for messages: `192.0.2.1, 192.0.2.2 ttl 300`, or `absent`. */
export function valueText(value: { ttl: number; values: readonly string[] } | null | undefined): string {
  return value ? `${value.values.join(', ')} ttl ${value.ttl}` : 'absent';
}

/** A live set's value for messages, as valueText shows a planned one. */
export function liveText(live: LiveRecordSet | undefined): string {
  if (live === undefined) return 'absent';
  const ttls = [...new Set(live.records.map((record) => record.ttl))].join('/');
  return `${live.records.map((record) => record.value).join(', ')} ttl ${ttls}`;
}
