import * as z from '../../../model/zod.js';
import { HeaderSafeToken } from '../../http/header-token.js';
import { wireParser } from '../../http/wire-error.js';
import { DynMessage, DynWireError } from '../errors.js';

/**
 * Wire shapes of the Dyn service, listing only the fields edgeplan reads. Where the documented contract and the real
 * service differ, each schema accepts both. Numbers the service sends either as a number or as a
 * string of digits (ttl, serial, record_id, task_id) are accepted in both forms.
 */

/** A non-negative integer sent as a number or as a string of digits. */
export const WireInt = z.lazy(() =>
  z.union([
    z.number().check(z.int(), z.nonnegative()),
    z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number)),
  ]),
);

/** Every response. `status`: success | failure | incomplete (job pending) | running (job-running error). */
export const DynEnvelope = z.lazy(() =>
  z.object({
    status: z.string(),
    data: z.unknown(),
    job_id: z.nullish(z.union([z.number(), z.string()])),
    msgs: z.nullish(z.array(DynMessage)),
  }),
);
export type DynEnvelope = z.infer<typeof DynEnvelope>;

export const SessionData = z.lazy(() => z.object({ token: HeaderSafeToken }));
export type SessionData = z.infer<typeof SessionData>;

export const SerialStyleWire = z.lazy(() => z.enum(['increment', 'epoch', 'day', 'minute']));

export const ZoneObject = z.lazy(() =>
  z.object({
    zone: z.string().check(z.minLength(1)),
    zone_type: z.optional(z.string()),
    serial_style: SerialStyleWire,
    serial: WireInt,
  }),
);
export type ZoneObject = z.infer<typeof ZoneObject>;

/** `GET /Zone/`: resource paths (`/REST/Zone/<zone>/`, without `detail`) or zone objects (`detail=Y`, real service). */
export const ListedZone = z.lazy(() =>
  z.looseObject({ zone: z.string(), zone_type: z.optional(z.string()) }),
);
export type ListedZone = z.infer<typeof ListedZone>;
export const ZoneList = z.lazy(() => z.array(z.union([z.string(), ListedZone])));

/**
 * `POST /<TYPE>Record/…`: the zone object (the emulator) or the record object with `record_id: 0` (real service); `PUT` of a
 * record by id: the record object.
 */
export const RecordWriteResult = z.lazy(() =>
  z.union([z.looseObject({ record_id: WireInt }), z.looseObject({ zone: z.string() })]),
);

/** `PUT /<TYPE>Record/<zone>/<fqdn>/` (replace every record of the type at the node): the node's records, as an array (or an object). */
export const ReplaceResult = z.lazy(() => z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]));

/** `DELETE` of a record or node: an array of record paths (the emulator), `{}` or the zone object (real service). */
export const DeleteResult = z.lazy(() => z.union([z.array(z.string()), z.record(z.string(), z.unknown())]));

/** `PUT /Zone/<zone>/ {publish}`: the zone object, `task_id` as a string (real) or number. */
export const PublishResult = z.lazy(() =>
  z.looseObject({
    zone: z.string(),
    serial: WireInt,
    task_id: z.optional(z.union([z.string(), z.number()])),
  }),
);

/** `POST` or `PUT /ZoneFile/<zone>/`: the upload's `task_id` (documented as an integer; publish sends a string). */
export const ZoneFileResult = z.lazy(() =>
  z.looseObject({ task_id: z.optional(z.union([z.string(), z.number()])) }),
);

/** One unpublished change of the session (`GET /ZoneChanges/<zone>/`); `rdata.rdata_<type>` holds the value. */
export const ZoneChange = z.lazy(() =>
  z.object({
    id: WireInt,
    zone: z.string(),
    fqdn: z.string(),
    rdata_type: z.string(),
    ttl: WireInt,
    rdata: z.record(z.string(), z.unknown()),
  }),
);
export type ZoneChange = z.infer<typeof ZoneChange>;

/** Parses `value` or throws a DynWireError naming `context` (endpoint, zone, item) and each failing field. */
export const parseWire = wireParser((context, issues) => new DynWireError(context, issues));
