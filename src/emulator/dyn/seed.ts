/**
 * The `dns:` section of the emulator's account file (seed.ts): credentials, primary zones with their records,
 * secondary zones and geo services (service-seed.ts), and the next record id.
 */
import * as z from '../../model/zod.js';
import { isRecordType, parseTtl } from './rdata.js';
import { checkSeedGeoNodes, checkSeedRecords, checkSeedZoneNames } from './seed-checks.js';
import { GeoServiceSeed, SecondarySeed } from './service-seed.js';
import { ZoneNoteSeed } from './zone-note-state.js';

const SERIAL_STYLES = ['increment', 'epoch', 'day', 'minute'] as const;
const Ttl = z.union([z.number(), z.string()]).check(
  z.refine((v) => parseTtl(v) !== undefined, {
    message: 'ttl must be a whole number of seconds (0..2147483647), as integer or string of digits',
  }),
);

const RecordSeed = z.strictObject({
  fqdn: z.string().check(z.minLength(1)),
  type: z
    .pipe(
      z.string(),
      z.transform((t) => t.toUpperCase()),
    )
    .check(z.refine(isRecordType, { message: 'unknown record type' })),
  /** Record TTL; the zone's `ttl` when absent or 0. */
  ttl: z.optional(Ttl),
  rdata: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Stable record id; assigned at load when absent. The state file always carries it. */
  id: z.optional(z.number().check(z.int(), z.positive())),
  /** NS only: `Primary` marks the zone's own name servers (they cannot be deleted); apex NS default to it. */
  service_class: z.optional(z.string()),
});

const ZoneSeed = z.strictObject({
  serial_style: z.optional(z.enum(SERIAL_STYLES)),
  serial: z.optional(z.number().check(z.int(), z.nonnegative())),
  ttl: z.optional(Ttl),
  /** Responsible person of the SOA, as given at zone creation (`admin@example.com`). */
  rname: z.optional(z.string().check(z.minLength(1))),
  records: z.optional(z.array(RecordSeed)),
  /** Frozen: record writes and publishes are refused until it is thawed. */
  frozen: z.optional(z.boolean()),
  /** The zone's notes, newest first, as `POST /ZoneNoteReport/` lists them (zone-notes.ts). */
  notes: z.optional(z.array(ZoneNoteSeed)),
});

/**
 * An object keyed by names the seed chooses (zones, services), each value checked by `value`. Unlike `z.record`,
 * every key survives, `__proto__` included: the output is built with `Object.fromEntries`, and readers
 * use `Object.entries` / `Object.hasOwn`.
 */
function keyedRecord<T extends z.ZodMiniType>(value: T) {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  return z.pipe(
    z.custom<Record<string, z.input<T>>>(isObject, { message: 'Invalid input: expected an object' }),
    z.transform((input, ctx): Record<string, z.output<T>> => {
      const entries = Object.entries(input).map(([key, raw]) => {
        const parsed = value.safeParse(raw);
        if (parsed.success) return [key, parsed.data];
        for (const issue of parsed.error.issues)
          ctx.issues.push({ code: 'custom', message: issue.message, path: [key, ...issue.path], input: raw });
        return [key, raw];
      });
      return Object.fromEntries(entries);
    }),
  );
}

const DnsSeedObject = z.strictObject({
  credentials: z.optional(
    z.strictObject({ customer_name: z.string(), user_name: z.string(), password: z.string() }),
  ),
  /** Zone name → zone; `example.com: {}` (or an empty value) is a zone with only SOA and NS. */
  zones: z.optional(keyedRecord(z.nullable(ZoneSeed))),
  /** Secondary zone name → masters and settings (service-seed.ts). */
  secondary_zones: z.optional(keyedRecord(SecondarySeed)),
  /** Geo service name (spaces allowed) → groups and linked nodes (service-seed.ts). */
  geo_services: z.optional(keyedRecord(GeoServiceSeed)),
  /** Next record id to hand out; written by the state file so ids are never reused across restarts. */
  next_record_id: z.optional(z.number().check(z.int(), z.positive())),
});

/**
 * The `dns:` section; zone names as the service takes them, records against their zone and each other
 * (seed-checks.ts).
 */
export const DnsSeedSchema = DnsSeedObject.check(
  z.superRefine(
    (dns, ctx) => {
      checkSeedZoneNames(dns, ctx);
      checkSeedGeoNodes(dns, ctx);
      checkSeedRecords(dns, ctx);
    },
    { when: () => true },
  ),
);

export type DnsSeed = z.input<typeof DnsSeedSchema>;
export type ParsedDnsSeed = z.output<typeof DnsSeedSchema>;
export type RecordSeedValue = z.output<typeof RecordSeed>;
