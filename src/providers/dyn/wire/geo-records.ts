import { compareStrings } from '../../../model/compare.js';
import { GEO_RECORD_TYPES, type GeoGroup, type GeoRecords, sortGeoRecords } from '../../../model/geo.js';
import * as z from '../../../model/zod.js';
import { DynWireError } from '../errors.js';
import { dynRdata, requireDynRdata } from './rdata.js';
import { rdataKey, typeOfRdataKey } from './record-wire.js';
import { parseWire } from './wire.js';
import type { GeoGroupObject } from './wire-services.js';

/**
 * The record data of a geo group on the wire: `rdata` keyed `<type>_rdata` (`a_rdata`, `aaaa_rdata`,
 * `cname_rdata`, …), each an array of the type's rdata objects, as record writes take them (vendor docs, "Create
 * Geo Traffic Manager Service"; the service's groups accept most record types). Edgeplan manages the types of
 * GEO_RECORD_TYPES, through their Dyn mapping (rdata.ts).
 */

/**
 * The per-type options of a group stand beside `rdata` in maps of their own, keyed `<type>_weight`,
 * `<type>_serve_count`, `<type>_ttl` and `<type>_label`: weights and labels one per rdata item, the serve count a
 * string (`""` unset), the TTL an integer (`0`: the service's). That is how the vendor SDK sends them (dyninc/
 * dyn-python `dyn/tm/services/geo.py`, `Geo._post`) and how a recorded `GET /Geo/` shows them (Netflix/denominator
 * `dynect/src/test/resources/geoservice.json`). A map is sent only when a type of the group has that option.
 */
const OPTION_MAPS = ['weight', 'serve_count', 'ttl', 'label'] as const;

/** A group of the model → the wire group. */
export function wireGroup(group: GeoGroup) {
  const rdata = Object.fromEntries(
    group.records.map((set) => {
      const mapping = requireDynRdata(set.type);
      return [rdataKey(set.type), set.values.map((value) => mapping.toRdata(value))];
    }),
  );
  const maps: Record<(typeof OPTION_MAPS)[number], [string, unknown][]> = {
    weight: [],
    serve_count: [],
    ttl: [],
    label: [],
  };
  for (const set of group.records) {
    const t = set.type.toLowerCase();
    if (set.weights) maps.weight.push([`${t}_weight`, set.weights]);
    if (set.serveCount !== undefined) maps.serve_count.push([`${t}_serve_count`, String(set.serveCount)]);
    if (set.ttl !== undefined) maps.ttl.push([`${t}_ttl`, set.ttl]);
    if (set.labels) maps.label.push([`${t}_label`, set.labels]);
  }
  const options = Object.fromEntries(
    OPTION_MAPS.filter((key) => maps[key].length > 0).map((key) => [key, Object.fromEntries(maps[key])]),
  );
  return { name: group.name, countries: group.countries, rdata, ...options };
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
    const known = GEO_RECORD_TYPES.includes(type) ? dynRdata(type) : undefined;
    if (known === undefined) {
      otherTypes.push(type);
      continue;
    }
    const values = list.map((rdata, index) => {
      const value = known.fromRdata(rdata);
      if (value.ok) return value.value;
      const issues = value.problems.map((p) => `${[index, ...p.path].join('.')}: ${p.message}`);
      throw new DynWireError(where, issues);
    });
    records.push(sortGeoRecords({ type, values, ...readOptions(group, type, values.length, where) }));
  }
  return {
    records: records.sort((a, b) => compareStrings(a.type, b.type)),
    otherTypes: otherTypes.sort(compareStrings),
  };
}

const Count = z.lazy(() => z.union([z.int().check(z.nonnegative()), z.string().check(z.regex(/^\d*$/))]));
/** A weight: an integer, or its digits as a string (the SDK sends what it was given). */
const Weight = z.lazy(() =>
  z.union([z.int(), z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number))]),
);

/**
 * A type's options in a wire group, in the model: a list of the wrong length, or a value of the wrong shape, is a
 * DynWireError; `""` or `0` (unset: all values, the service's TTL) and absent maps are no option.
 */
function readOptions(group: GeoGroupObject, type: string, count: number, where: string): Partial<GeoRecords> {
  const t = type.toLowerCase();
  const pick = (map: Record<string, unknown> | null | undefined, key: string) =>
    map != null && Object.hasOwn(map, key) ? map[key] : undefined;
  const perValue = <T extends z.ZodMiniType>(item: T, key: string, raw: unknown) => {
    if (raw === undefined || raw === null) return undefined;
    const list = parseWire(z.array(item), raw, `${where} ${key}`);
    // `[]` is unset: a recorded GET /Geo/ shows `cname_weight: []` beside a served CNAME.
    if (list.length === 0) return undefined;
    if (list.length !== count)
      throw new DynWireError(`${where} ${key}`, [`${list.length} items for ${count} values`]);
    return list;
  };
  const weights = perValue(Weight, `${t}_weight`, pick(group.weight, `${t}_weight`));
  const labels = perValue(z.string(), `${t}_label`, pick(group.label, `${t}_label`));
  const serveRaw = pick(group.serve_count, `${t}_serve_count`);
  const ttlRaw = pick(group.ttl, `${t}_ttl`);
  const serve =
    serveRaw === undefined || serveRaw === null
      ? 0
      : Number(parseWire(Count, serveRaw, `${where} ${t}_serve_count`) || 0);
  const ttl =
    ttlRaw === undefined || ttlRaw === null ? 0 : Number(parseWire(Count, ttlRaw, `${where} ${t}_ttl`) || 0);
  return {
    ...(weights === undefined ? {} : { weights }),
    ...(labels === undefined ? {} : { labels }),
    ...(serve > 0 ? { serveCount: serve } : {}),
    ...(ttl > 0 ? { ttl } : {}),
  };
}
