import * as z from '../../../model/zod.js';
import { isNonEmptyString, isWireCount, isWireObject, isWireRecord } from '../../wire-guards.js';
import { WireInt } from '../wire/wire.js';

/** One record of a supported type; `rdata` goes to the type's Dyn mapping (rdata.ts). */
export const RecordObject = z.lazy(() =>
  z.looseObject({
    fqdn: z.string().check(z.minLength(1)),
    ttl: WireInt,
    rdata: z.record(z.string(), z.unknown()),
    record_id: WireInt,
  }),
);

/**
 * Whether `item` is a `RecordObject` as zod would return it (wire-guards.ts), its integers as numbers: taken as it
 * is, with no copy; anything else (digit strings too, which zod converts) goes through `RecordObject`.
 */
export function isRecordObject(item: unknown): item is z.infer<typeof RecordObject> {
  return (
    isWireObject(item) &&
    isNonEmptyString(item.fqdn) &&
    isWireCount(item.ttl) &&
    isWireRecord(item.rdata) &&
    isWireCount(item.record_id)
  );
}
