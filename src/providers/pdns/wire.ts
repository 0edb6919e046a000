import * as z from '../../model/zod.js';
import { isNonEmptyString, isWireCount, isWireObject } from '../wire-guards.js';

/**
 * The shapes of PowerDNS answers the provider reads (PowerDNS Authoritative HTTP API, "Zones"). Objects are loose:
 * the server adds fields across versions; only what is read is checked.
 */

const Int = z.lazy(() => z.int().check(z.nonnegative()));

export const RecordWire = z.lazy(() =>
  z.looseObject({ content: z.string(), disabled: z.optional(z.boolean()) }),
);

export const RrsetWire = z.lazy(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    type: z.string().check(z.minLength(1)),
    ttl: Int,
    records: z.array(RecordWire),
  }),
);
export type RrsetWire = z.infer<typeof RrsetWire>;

/** `GET /zones/<id>`: the zone with every rrset. */
export const ZoneWire = z.lazy(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    kind: z.string(),
    serial: Int,
    soa_edit_api: z.optional(z.string()),
    rrsets: z.array(RrsetWire),
  }),
);
export type ZoneWire = z.infer<typeof ZoneWire>;

/**
 * Whether `value` is a `ZoneWire` as zod would return it (wire-guards.ts): the answer of a zone read taken as it is,
 * with no copy of its rrsets; whatever this refuses goes through `ZoneWire`, which says what is wrong.
 */
export function isZoneWire(value: unknown): value is ZoneWire {
  return (
    isWireObject(value) &&
    isNonEmptyString(value.name) &&
    typeof value.kind === 'string' &&
    isWireCount(value.serial) &&
    (value.soa_edit_api === undefined || typeof value.soa_edit_api === 'string') &&
    Array.isArray(value.rrsets) &&
    value.rrsets.every(isRrsetWire)
  );
}

function isRrsetWire(value: unknown): value is RrsetWire {
  return (
    isWireObject(value) &&
    isNonEmptyString(value.name) &&
    isNonEmptyString(value.type) &&
    isWireCount(value.ttl) &&
    Array.isArray(value.records) &&
    value.records.every(isRecordWire)
  );
}

function isRecordWire(value: unknown): boolean {
  return (
    isWireObject(value) &&
    typeof value.content === 'string' &&
    (value.disabled === undefined || typeof value.disabled === 'boolean')
  );
}

/** One entry of `GET /zones`: the zone without its rrsets. */
export const ListedZoneWire = z.lazy(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    kind: z.string(),
    masters: z.optional(z.array(z.string())),
  }),
);
export const ZoneListWire = z.lazy(() => z.array(ListedZoneWire));
export type ZoneListWire = z.infer<typeof ZoneListWire>;

/** A zone PowerDNS copies from masters: `Slave` (and `Secondary`, its newer name). */
export function isSecondaryKind(kind: string): boolean {
  return ['slave', 'secondary'].includes(kind.toLowerCase());
}
