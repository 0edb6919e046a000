import { type ForeignRecord, foreignNames, sortForeign } from '../../../model/foreign-record.js';
import { normaliseName } from '../../../model/names.js';
import { compareRecordSets, type LiveRecordSet, recordSetKey } from '../../../model/record-set.js';
import * as z from '../../../model/zod.js';
import { DynWireError } from '../errors.js';
import { foreignRecord } from '../wire/foreign-rdata.js';
import { dynRdata } from '../wire/rdata.js';
import { isServiceRecord, sortLiveRecords, typeOfRecordsKey } from '../wire/record-wire.js';
import { parseWire, WireInt } from '../wire/wire.js';
import { isRecordObject, RecordObject } from './record-object.js';

/** A zone's records as the model holds them: the sets edgeplan manages, and what it leaves alone. */
export interface ZoneRecords {
  /** Sorted by fqdn, then type. */
  records: LiveRecordSet[];
  /** `<fqdn> <TYPE>` of records of types the provider does not support, sorted, unique. */
  unsupported: string[];
  /** Those records with their TTL and rdata in presentation form (`sortForeign` order); absent when none. */
  foreign?: ForeignRecord[];
}

/** `GET /AllRecord/<zone>/?detail=Y`: an object keyed `<type>_records`, each an array of record objects. */
const AllRecordDetail = z.lazy(() => z.record(z.string(), z.unknown()));

/** Any record: its name, which is all that is read of the service's own records. */
const NamedRecordObject = z.lazy(() => z.looseObject({ fqdn: z.string().check(z.minLength(1)) }));

/** A record of a type edgeplan does not manage: kept as the service returns it (foreign-rdata.ts). */
const ForeignObject = z.lazy(() =>
  z.looseObject({
    fqdn: z.string().check(z.minLength(1)),
    ttl: WireInt,
    rdata: z.record(z.string(), z.unknown()),
  }),
);

/**
 * Every record of `detail`: those of a type in `supported` read by its Dyn mapping (rdata.ts; a record that does
 * not parse is a DynWireError naming the zone, the key, the item and the field, never dropped: a dropped live
 * record would become a wrong create or delete), the others kept as foreign records. The service's own records
 * (SOA, the apex NS set) are left out of both. A record of a supported type is parsed once; only one that fails
 * is looked at again, to say which it is and what is wrong with it.
 */
export function zoneRecords(
  zone: string,
  detail: unknown,
  context: string,
  supported: ReadonlySet<string>,
): ZoneRecords {
  const sets = new Map<string, LiveRecordSet>();
  const foreign: ForeignRecord[] = [];
  for (const [key, items] of Object.entries(parseWire(AllRecordDetail, detail, context))) {
    const type = typeOfRecordsKey(key);
    if (type === null) continue;
    const known = supported.has(type) ? dynRdata(type) : undefined;
    const list = Array.isArray(items) ? items : parseWire(z.array(z.unknown()), items, `${context} ${key}`);
    for (let index = 0; index < list.length; index++) {
      const item: unknown = list[index];
      const parsed =
        known === undefined ? undefined : isRecordObject(item) ? item : RecordObject.safeParse(item).data;
      const fqdn = normaliseName(
        parsed?.fqdn ?? parseWire(NamedRecordObject, item, itemContext(context, key, index, item)).fqdn,
      );
      if (isServiceRecord(type, fqdn, zone)) continue;
      if (known === undefined) {
        const wire = parseWire(ForeignObject, item, itemContext(context, key, index, item));
        foreign.push(foreignRecord(fqdn, type, wire));
        continue;
      }
      const record = parsed ?? parseWire(RecordObject, item, itemContext(context, key, index, item));
      const value = known.fromRdata(record.rdata);
      if (!value.ok) {
        const issues = value.problems.map((p) => `${['rdata', ...p.path].join('.')}: ${p.message}`);
        throw new DynWireError(itemContext(context, key, index, item), issues);
      }
      const setKey = recordSetKey({ fqdn, type });
      // Keys in sorted order, as the live digest takes them (fingerprint.ts): no sorted copy of each record.
      const live = { ref: String(record.record_id), ttl: record.ttl, value: value.value };
      const set = sets.get(setKey);
      if (set === undefined) sets.set(setKey, { fqdn, records: [live], type });
      else set.records.push(live);
    }
  }
  const records = [...sets.values()];
  for (const set of records) if (set.records.length > 1) set.records = sortLiveRecords(set.type, set.records);
  return {
    records: records.sort(compareRecordSets),
    unsupported: foreignNames(foreign),
    ...(foreign.length > 0 ? { foreign: sortForeign(foreign) } : {}),
  };
}

/** `<context> a_records[3] (www.example.com)`: which item of the answer an error is about. */
function itemContext(context: string, key: string, index: number, item: unknown): string {
  return `${context} ${key}[${index}]${fqdnHint(item)}`;
}

/** ` (www.example.com)` when the item names its node, so that an error says which record it is. */
function fqdnHint(item: unknown): string {
  const named = NamedRecordObject.safeParse(item);
  return named.success ? ` (${named.data.fqdn})` : '';
}
