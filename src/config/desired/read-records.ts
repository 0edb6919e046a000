import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import type { ReuseStep } from '../../model/provenance.js';
import { RECORD_TYPES, type RecordType } from '../../model/record-types/index.js';
import type { MergedDocument, MergedRecord, MergedZone } from '../read/merge.js';
import { entryOf, isMap, isSeq, type PEntry, type PMap, type Position } from '../read/positioned.js';
import { GEO_TYPES } from '../schema/schema-services.js';
import { type PlacedValue, readTypedValues, readTypedValuesInto, type TypedValues } from './record-values.js';

/** One map of record types at a name: the name's own map, or one item of its list of maps (one per TTL). */
export interface RecordItem {
  /** Its `ttl` is the TTL of its sets. */
  map: PMap;
  /** Where the model's sets of this map point (`RecordSet.at`): the name's key for a map, the item in a list. */
  at: Position;
  /** What the map came through when a template or another zone gave it (reuse/expand-zones.ts). */
  via?: ReuseStep[];
}

/** The data of one type at a record name, with the map that gives it. */
export interface RecordTypedValues extends TypedValues {
  item: RecordItem;
}

/** A record name of a zone with its data by type, values parsed. */
export interface ReadRecord {
  zone: MergedZone;
  record: MergedRecord;
  /** In YAML order, across the items of a list: the rules of a name hold across all of them. */
  sets: RecordTypedValues[];
}

/** A geo group with its data by type, values parsed. `index` is its place in the service's `groups`. */
export interface ReadGeoGroup {
  service: PEntry;
  index: number;
  /** How messages name it: `group "Europe" of geo service "Global Web"`. */
  label: string;
  sets: TypedValues[];
}

export interface ReadRecords {
  /** Every record name of every zone whose value is a map or a list with maps, in merged order. */
  records: ReadRecord[];
  /** Every group (a map) of every geo service, in merged order. */
  geoGroups: ReadGeoGroup[];
  diagnostics: Diagnostic[];
}

/**
 * The record data of the merged document through the registry: every record set of every zone (names in values
 * relative to its zone) and every geo group (names absolute). The DNS rules across types, the capabilities and the
 * model all read this, so each value is parsed once.
 */
export function readRecords(merged: MergedDocument): ReadRecords {
  const diagnostics: Diagnostic[] = [];
  const records: ReadRecord[] = [];
  // Each name's sets are gathered here and taken off as one list of their exact length (a list grown by pushes
  // keeps room for 17; a name of a large zone has one set).
  const sets: RecordTypedValues[] = [];
  for (const zone of merged.zones) {
    for (const record of zone.records) {
      const items = recordItems(record);
      if (items.length === 0) continue;
      const owner = `record "${record.name}"`;
      for (const item of items) {
        const make = (type: RecordType, keyPos: Position, values: PlacedValue[]): RecordTypedValues => ({
          type,
          keyPos,
          values,
          item,
        });
        readTypedValuesInto(sets, diagnostics, item.map, RECORD_TYPES, zone.zone, owner, false, make);
      }
      records.push({ zone, record, sets: sets.splice(0) });
    }
  }
  const geoGroups: ReadGeoGroup[] = [];
  for (const service of merged.services.geoServices) {
    for (const [index, group] of groupsOf(service).entries()) {
      if (!isMap(group)) continue;
      const label = `${groupName(group, index)} of geo service "${service.key}"`;
      const read = readTypedValues(group, GEO_TYPES, null, label, true);
      pushAll(diagnostics, read.diagnostics);
      geoGroups.push({ service, index, label, sets: read.sets });
    }
  }
  return { records, geoGroups, diagnostics };
}

/** The maps of a name: its value, or the items of its list that are maps (the schema reports the others). */
function recordItems(record: MergedRecord): RecordItem[] {
  const item = (map: PMap, at: Position): RecordItem => {
    const via = record.via?.get(map);
    return via ? { map, at, via } : { map, at };
  };
  if (isMap(record.value)) return [item(record.value, record.keyPos)];
  if (!isSeq(record.value)) return [];
  return record.value.items.filter(isMap).map((map) => item(map, map.pos));
}

function groupsOf(service: PEntry) {
  const groups = isMap(service.value) ? entryOf(service.value, 'groups')?.value : undefined;
  // Stryker disable next-line ArrayDeclaration: readRecords skips every group that is no map: none here is read
  return isSeq(groups) ? groups.items : [];
}

function groupName(group: PMap, index: number): string {
  const name = entryOf(group, 'name')?.value;
  return name?.kind === 'scalar' && typeof name.value === 'string'
    ? `group "${name.value}"`
    : `groups[${index}]`;
}
