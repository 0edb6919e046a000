import { compareStrings } from '../../model/compare.js';
import {
  type AbsentSet,
  DEFAULT_TTL,
  type DesiredState,
  type DesiredZone,
  type ZoneCreate,
} from '../../model/dns.js';
import { aLabelName } from '../../model/idn.js';
import { normaliseName } from '../../model/names.js';
import { compareRecordSets, PROVIDER_TTL, type RecordSet } from '../../model/record-set.js';
import { sortValues } from '../../model/record-types/index.js';
import type { DesiredSecondaryZone } from '../../model/secondary.js';
import { SERIAL_STYLES } from '../../model/zone.js';
import type { MergedDocument, MergedZone } from '../read/merge.js';
import { entryOf, isMap, isSeq, type PEntry, type PMap, type PNode } from '../read/positioned.js';
import { readAbsent } from '../sharing/absent-entries.js';
import { readUnmanaged } from '../sharing/unmanaged-entries.js';
import type { ReadRecord, ReadRecords } from './read-records.js';
import { toDesiredServices } from './to-desired-services.js';

/** An object of the desired state before its providers are set (to-desired-providers.ts). */
export type Unplaced<T> = Omit<T, 'providers'>;

/** The desired state before `providers:` (or the implicit provider) is applied to it. */
export type UnplacedDesiredState = Omit<DesiredState, 'dnsProviders' | 'zones' | 'secondaryZones'> & {
  zones: Unplaced<DesiredZone>[];
  secondaryZones: Unplaced<DesiredSecondaryZone>[];
};

/**
 * The validated, merged document in model form: names normalised, every TTL concrete (a set's is its map's, else
 * the zone's `default_ttl`), values canonical in their type's order, collections sorted by UTF-16 code unit (never
 * `localeCompare`), `unmanaged` entries read (unmanaged-entries.ts; names written relative or absolute), `absent` sets sorted. Built from the positioned entries (never from an object keyed by
 * names), so a record or service named `__proto__` or `constructor` is one like any other. Only called when
 * validation found no problem. Where each object is (its providers) is added after: to-desired-providers.ts.
 */
export function toDesiredState(merged: MergedDocument, read: ReadRecords): UnplacedDesiredState {
  const byZone = new Map<MergedZone, ReadRecord[]>();
  for (const record of read.records) {
    const records = byZone.get(record.zone);
    if (records) records.push(record);
    else byZone.set(record.zone, [record]);
  }
  const zones = merged.zones.map((zone) => toZone(zone, byZone.get(zone) ?? []));
  return {
    zones: zones.sort((a, b) => compareStrings(a.zone, b.zone)),
    ...toDesiredServices(merged.services, read.geoGroups),
  };
}

function toZone(zone: MergedZone, records: readonly ReadRecord[]): Unplaced<DesiredZone> {
  const defaultTtl = integer(zone.defaultTtl?.value) ?? DEFAULT_TTL;
  // Loops, not flatMap and map: one object and one array of values per set, nothing in between (a large zone has
  // one set per record).
  const sets: RecordSet[] = [];
  for (const { record, sets: typed } of records)
    for (const set of typed) {
      const type = set.type.type;
      const values = set.values.map((placed) => placed.value);
      sets.push({
        fqdn: record.fqdn,
        type,
        ttl:
          type === 'SOA'
            ? soaTtl(set.item.map)
            : (integer(entryOf(set.item.map, 'ttl')?.value) ?? defaultTtl),
        // Values are read each once (record-values.ts): one needs no sorting.
        values: values.length > 1 ? sortValues(type, values) : values,
        at: set.item.at,
        // Where a template's or another zone's set was written: at its type's key, the value's own place.
        ...(set.item.via ? { source: { at: set.keyPos, via: set.item.via } } : {}),
      });
    }
  const unmanaged = readUnmanaged(zone).entries.map(({ entry }) => entry);
  const { declared, entries } = readAbsent(zone);
  const absent = entries.map(({ set }) => set).sort(compareAbsent);
  const at = zone.keys[0]?.keyPos;
  const create = toCreate(zone.create?.value);
  return {
    zone: zone.zone,
    ...(at ? { at } : {}),
    defaultTtl,
    records: sets.sort(compareRecordSets),
    unmanaged,
    ...(declared ? { manage: 'declared' as const, absent } : {}),
    ...(zone.recordsGiven ? {} : { recordsGiven: false }),
    ...(create ? { create } : {}),
    ...(zone.sameAs ? { sameAs: sameAsZone(zone.sameAs) } : {}),
    ...templatesOf(zone),
  };
}

/**
 * The SOA record's own TTL: its map's `ttl`, never the name's (which the apex's other sets share); PROVIDER_TTL when
 * absent, so that the SOA keeps the TTL the provider gave it.
 */
function soaTtl(map: PMap): number {
  const soa = entryOf(map, 'soa')?.value;
  const ttl = soa && isMap(soa) ? integer(entryOf(soa, 'ttl')?.value) : undefined;
  return ttl ?? PROVIDER_TTL;
}

/** By fqdn; a name's every-type entry before its typed ones. */
function compareAbsent(a: AbsentSet, b: AbsentSet): number {
  return compareStrings(a.fqdn, b.fqdn) || compareStrings(a.type ?? '', b.type ?? '');
}

/** `create:` (schema-checked) in model form; undefined when the zone does not declare it. */
function toCreate(node: PNode | undefined): ZoneCreate | undefined {
  if (node === undefined || !isMap(node)) return undefined;
  const contact = text(entryOf(node, 'contact')?.value);
  const style = SERIAL_STYLES.find((name) => name === text(entryOf(node, 'serial_style')?.value));
  return { ...(contact ? { contact } : {}), ...(style ? { serialStyle: style } : {}) };
}

/** The templates the zone lists (every `templates` list of its files), sorted; nothing when it lists none. */
function templatesOf(zone: MergedZone): { templates?: string[] } {
  const names = (zone.templates ?? []).flatMap((entry) =>
    isSeq(entry.value) ? entry.value.items.flatMap((item) => text(item) ?? []) : [],
  );
  return names.length > 0 ? { templates: [...new Set(names)].sort(compareStrings) } : {};
}

function sameAsZone(entry: PEntry): string {
  return normaliseName(aLabelName(text(entry.value) ?? ''));
}

function text(node: PNode | undefined): string | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
}

function integer(node: PNode | undefined): number | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'number' ? node.value : undefined;
}
