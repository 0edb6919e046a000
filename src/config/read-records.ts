import type { Diagnostic } from '../model/diagnostic.js';
import { RECORD_TYPES } from '../model/record-types/index.js';
import type { MergedDocument, MergedRecord, MergedZone } from './merge.js';
import { entryOf, isMap, isSeq, type PEntry, type PMap } from './positioned.js';
import { readTypedValues, type TypedValues } from './record-values.js';
import { GEO_TYPES } from './schema-services.js';

/** A record name of a zone with its data by type, values parsed. */
export interface ReadRecord {
  zone: MergedZone;
  record: MergedRecord;
  /** In YAML order. */
  sets: TypedValues[];
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
  /** Every record name of every zone whose value is a map, in merged order. */
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
  for (const zone of merged.zones) {
    for (const record of zone.records) {
      if (!isMap(record.value)) continue;
      const read = readTypedValues(record.value, RECORD_TYPES, zone.zone, `record "${record.name}"`);
      diagnostics.push(...read.diagnostics);
      records.push({ zone, record, sets: read.sets });
    }
  }
  const geoGroups: ReadGeoGroup[] = [];
  for (const service of merged.services.geoServices) {
    for (const [index, group] of groupsOf(service).entries()) {
      if (!isMap(group)) continue;
      const label = `${groupName(group, index)} of geo service "${service.key}"`;
      const read = readTypedValues(group, GEO_TYPES, null, label);
      diagnostics.push(...read.diagnostics);
      geoGroups.push({ service, index, label, sets: read.sets });
    }
  }
  return { records, geoGroups, diagnostics };
}

function groupsOf(service: PEntry) {
  const groups = isMap(service.value) ? entryOf(service.value, 'groups')?.value : undefined;
  return isSeq(groups) ? groups.items : [];
}

function groupName(group: PMap, index: number): string {
  const name = entryOf(group, 'name')?.value;
  return name?.kind === 'scalar' && typeof name.value === 'string'
    ? `group "${name.value}"`
    : `groups[${index}]`;
}
