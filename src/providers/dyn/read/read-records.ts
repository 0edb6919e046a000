import * as z from 'zod';
import { type ForeignRecord, foreignNames, sortForeign } from '../../../model/foreign-record.js';
import { normaliseName } from '../../../model/names.js';
import { compareRecordSets, type LiveRecordSet, recordSetKey } from '../../../model/record-set.js';
import { DynWireError } from '../errors.js';
import { foreignRecord } from '../wire/foreign-rdata.js';
import { dynRdata } from '../wire/rdata.js';
import { isServiceRecord, sortLiveRecords, typeOfRecordsKey } from '../wire/record-wire.js';
import { parseWire, WireInt } from '../wire/wire.js';

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

/** One record of a supported type; `rdata` goes to the type's Dyn mapping (rdata.ts). */
const RecordObject = z.lazy(() =>
  z.looseObject({
    fqdn: z.string().min(1),
    ttl: WireInt,
    rdata: z.record(z.string(), z.unknown()),
    record_id: WireInt,
  }),
);

/** Any record: its name, which is all that is read of the service's own records. */
const NamedRecordObject = z.lazy(() => z.looseObject({ fqdn: z.string().min(1) }));

/** A record of a type edgeplan does not manage: kept as the service returns it (foreign-rdata.ts). */
const ForeignObject = z.lazy(() =>
  z.looseObject({
    fqdn: z.string().min(1),
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
    parseWire(z.array(z.unknown()), items, `${context} ${key}`).forEach((item, index) => {
      const where = () => `${context} ${key}[${index}]${fqdnHint(item)}`;
      const parsed = known === undefined ? undefined : RecordObject.safeParse(item);
      const fqdn = normaliseName(parsed?.data?.fqdn ?? parseWire(NamedRecordObject, item, where()).fqdn);
      if (isServiceRecord(type, fqdn, zone)) return;
      if (known === undefined) {
        foreign.push(foreignRecord(fqdn, type, parseWire(ForeignObject, item, where())));
        return;
      }
      const record = parsed?.data ?? parseWire(RecordObject, item, where());
      const value = known.fromRdata(record.rdata);
      if (!value.ok) {
        const issues = value.problems.map((p) => `${['rdata', ...p.path].join('.')}: ${p.message}`);
        throw new DynWireError(where(), issues);
      }
      const setKey = recordSetKey({ fqdn, type });
      const set = sets.get(setKey) ?? { fqdn, type, records: [] };
      set.records.push({ value: value.value, ttl: record.ttl, ref: String(record.record_id) });
      sets.set(setKey, set);
    });
  }
  return {
    records: [...sets.values()]
      .map((set) => ({ ...set, records: sortLiveRecords(set.type, set.records) }))
      .sort(compareRecordSets),
    unsupported: foreignNames(foreign),
    ...(foreign.length > 0 ? { foreign: sortForeign(foreign) } : {}),
  };
}

/** ` (www.example.com)` when the item names its node, so that an error says which record it is. */
function fqdnHint(item: unknown): string {
  const named = NamedRecordObject.safeParse(item);
  return named.success ? ` (${named.data.fqdn})` : '';
}
