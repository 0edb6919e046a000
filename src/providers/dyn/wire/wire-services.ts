import { isIPv4 } from '../../../model/ipv4.js';
import * as z from '../../../model/zod.js';

/**
 * Wire shapes of secondary zones (vendor docs, "Secondary Zones") and geo services ("Geo Traffic Manager"), listing only the fields edgeplan reads.
 * These follow the real service and tolerate extra keys.
 */

const Address = z.lazy(() => z.string().check(z.refine(isIPv4, 'not an IPv4 address')));

/** `GET /Secondary/<zone>/` and each item of `GET /Secondary/?detail=Y`. Empty strings when unset. */
export const SecondaryObject = z.lazy(() =>
  z.looseObject({
    zone: z.string().check(z.minLength(1)),
    masters: z.array(Address),
    contact_nickname: z.nullish(z.string()),
    tsig_key_name: z.nullish(z.string()),
    active: z.nullish(z.string()),
  }),
);
export type SecondaryObject = z.infer<typeof SecondaryObject>;

const TypeMap = z.lazy(() => z.nullish(z.record(z.string(), z.unknown())));

/**
 * A group: `rdata` is keyed `<type>_rdata`, each an array of rdata objects; `weight`, `serve_count`, `ttl` and
 * `label` are keyed `<type>_weight` and so on (geo-records.ts reads them all).
 */
export const GeoGroupObject = z.lazy(() =>
  z.looseObject({
    name: z.string(),
    countries: z.array(z.string()),
    rdata: z.optional(z.record(z.string(), z.unknown())),
    weight: TypeMap,
    serve_count: TypeMap,
    ttl: TypeMap,
    label: TypeMap,
  }),
);
export type GeoGroupObject = z.infer<typeof GeoGroupObject>;

/** `GET /Geo/<name>/` and each item of `GET /Geo/?detail=Y`. */
export const GeoServiceObject = z.lazy(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    groups: z.array(GeoGroupObject),
    nodes: z.nullish(z.array(z.looseObject({ zone: z.string(), fqdn: z.string() }))),
    active: z.nullish(z.string()),
    /** The service's TTL: an integer (a recorded `GET /Geo/`), a string of digits accepted too. */
    ttl: z.nullish(z.union([z.int().check(z.nonnegative()), z.string().check(z.regex(/^\d*$/))])),
  }),
);
export type GeoServiceObject = z.infer<typeof GeoServiceObject>;

/** `GET /Secondary/` and `GET /Geo/`: objects with `detail=Y`, resource paths without (or from a server that ignores it). */
export const ServiceList = z.lazy(() => z.array(z.union([z.string(), z.unknown()])));

/**
 * Write answers: POST /Secondary/ gives the zone data object (the emulator) or the secondary object (real service), both
 * with `zone`; DELETE /Zone/ gives the zone object or `{}`; geo writes give the service object or `{}`.
 */
export const ServiceWriteResult = z.lazy(() => z.record(z.string(), z.unknown()));
