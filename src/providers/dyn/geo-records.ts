import { z } from 'zod';
import { compareStrings } from '../../model/compare.js';
import { GEO_RECORD_TYPES, type GeoGroup, type GeoRecords } from '../../model/geo.js';
import { recordType, requireRecordType, sortValues } from '../../model/record-types/registry.js';
import { DynWireError } from './errors.js';
import { rdataKey, typeOfRdataKey } from './record-wire.js';
import { parseWire } from './wire.js';
import type { GeoGroupObject } from './wire-services.js';

/**
 * The record data of a geo group on the wire: `rdata` keyed `<type>_rdata` (`a_rdata`, `aaaa_rdata`,
 * `cname_rdata`, …), each an array of the type's rdata objects, as record writes take them (vendor docs, "Create
 * Geo Traffic Manager Service"; the service's groups accept most record types). Edgeplan manages the types of
 * GEO_RECORD_TYPES, through the registry's Dyn mapping.
 */

/** A group of the model → the wire group. */
export function wireGroup(group: GeoGroup) {
  const rdata = Object.fromEntries(
    group.records.map((set) => {
      const type = requireRecordType(set.type);
      return [rdataKey(set.type), set.values.map((value) => type.dyn.toRdata(value))];
    }),
  );
  return { name: group.name, countries: group.countries, rdata };
}

/** What a wire group holds: the managed types' records, and the other types it serves (never read into the model). */
export interface ReadGroup {
  records: GeoRecords[];
  /** Types with rdata that edgeplan does not manage in geo groups, sorted. */
  otherTypes: string[];
}

/**
 * The records of a wire group. Rdata of a managed type that does not parse is a DynWireError naming the group, key
 * and item, never dropped; empty lists are no records.
 */
export function readGroup(group: GeoGroupObject, context: string): ReadGroup {
  const records: GeoRecords[] = [];
  const otherTypes: string[] = [];
  for (const [key, items] of Object.entries(group.rdata ?? {})) {
    const type = typeOfRdataKey(key);
    if (type === null) continue;
    const where = `${context} group ${group.name} ${key}`;
    const list = parseWire(z.array(z.record(z.string(), z.unknown())), items, where);
    if (list.length === 0) continue;
    const known = GEO_RECORD_TYPES.includes(type) ? recordType(type) : undefined;
    if (known === undefined) {
      otherTypes.push(type);
      continue;
    }
    const values = list.map((rdata, index) => {
      const value = known.dyn.fromRdata(rdata);
      if (value.ok) return value.value;
      const issues = value.problems.map((p) => `${[index, ...p.path].join('.')}: ${p.message}`);
      throw new DynWireError(where, issues);
    });
    records.push({ type, values: sortValues(type, values) });
  }
  return {
    records: records.sort((a, b) => compareStrings(a.type, b.type)),
    otherTypes: otherTypes.sort(compareStrings),
  };
}
