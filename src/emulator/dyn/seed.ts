/**
 * The `dns:` section of the emulator's account file (seed.ts): credentials, primary zones with their records,
 * secondary zones and geo services (service-seed.ts), and the next record id.
 */
import { z } from 'zod';
import { isInZone, normaliseName } from '../../model/names.js';
import { isRecordType, parseRdata, parseTtl, rdataKey } from './rdata.js';
import { GeoServiceSeed, SecondarySeed } from './service-seed.js';

const SERIAL_STYLES = ['increment', 'epoch', 'day', 'minute'] as const;
const Ttl = z.union([z.number(), z.string()]).refine((v) => parseTtl(v) !== undefined, {
  message: 'ttl must be a whole number of seconds (0..2147483647), as integer or string of digits',
});

const RecordSeed = z.strictObject({
  fqdn: z.string().min(1),
  type: z
    .string()
    .transform((t) => t.toUpperCase())
    .refine(isRecordType, { message: 'unknown record type' }),
  /** Record TTL; the zone's `ttl` when absent or 0. */
  ttl: Ttl.optional(),
  rdata: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Stable record id; assigned at load when absent. The state file always carries it. */
  id: z.number().int().positive().optional(),
  /** NS only: `Primary` marks the zone's own name servers (they cannot be deleted); apex NS default to it. */
  service_class: z.string().optional(),
});

const ZoneSeed = z.strictObject({
  serial_style: z.enum(SERIAL_STYLES).optional(),
  serial: z.number().int().nonnegative().optional(),
  ttl: Ttl.optional(),
  /** Responsible person of the SOA, as given at zone creation (`admin@example.com`). */
  rname: z.string().min(1).optional(),
  records: z.array(RecordSeed).optional(),
});

const DnsSeedObject = z.strictObject({
  credentials: z
    .strictObject({ customer_name: z.string(), user_name: z.string(), password: z.string() })
    .optional(),
  /** Zone name → zone; `example.com: {}` (or an empty value) is a zone with only SOA and NS. */
  zones: z.record(z.string(), ZoneSeed.nullable()).optional(),
  /** Secondary zone name → masters and settings (service-seed.ts). */
  secondary_zones: z.record(z.string(), SecondarySeed).optional(),
  /** Geo service name (spaces allowed) → groups and linked nodes (service-seed.ts). */
  geo_services: z.record(z.string(), GeoServiceSeed).optional(),
  /** Next record id to hand out; written by the state file so ids are never reused across restarts. */
  next_record_id: z.number().int().positive().optional(),
});

/** The `dns:` section; records are also checked against their zone and each other (checkRecords). */
export const DnsSeedSchema = DnsSeedObject.superRefine((dns, ctx) => checkRecords(dns, ctx), {
  when: () => true,
});

export type DnsSeed = z.input<typeof DnsSeedSchema>;
export type ParsedDnsSeed = z.output<typeof DnsSeedSchema>;
export type RecordSeedValue = z.output<typeof RecordSeed>;

/**
 * Rules zod alone cannot say: names inside their zone, rdata valid for the type, no record listed twice, ids
 * unique. Runs even when other
 * parts of the seed failed (so every problem is reported at once), hence it reads the value defensively.
 */
function checkRecords(dns: unknown, ctx: z.RefinementCtx): void {
  const zones = asObject(asObject(dns)?.zones);
  const ids = new Set<number>();
  for (const [zoneName, zone] of Object.entries(zones ?? {})) {
    const seen = new Set<string>();
    const records = asObject(zone)?.records;
    (Array.isArray(records) ? records : []).forEach((value, i) => {
      const record = asObject(value);
      const path = ['zones', zoneName, 'records', i];
      if (
        typeof record?.fqdn === 'string' &&
        !isInZone(normaliseName(record.fqdn), normaliseName(zoneName))
      ) {
        ctx.addIssue({ code: 'custom', path: [...path, 'fqdn'], message: `not inside zone ${zoneName}` });
      }
      const type = typeof record?.type === 'string' ? record.type.toUpperCase() : '';
      const parsed = isRecordType(type) ? parseRdata(type, record?.rdata) : undefined;
      if (parsed && 'problem' in parsed) {
        const { field, message } = parsed.problem;
        ctx.addIssue({ code: 'custom', path: [...path, 'rdata', field], message });
      } else if (parsed && typeof record?.fqdn === 'string') {
        const key = `${normaliseName(record.fqdn)} ${type} ${rdataKey(type, parsed.rdata)}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message: 'same record data listed twice' });
        seen.add(key);
      }
      if (typeof record?.id === 'number') {
        if (ids.has(record.id))
          ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: 'duplicate id' });
        ids.add(record.id);
      }
    });
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
