/**
 * The emulator's account file: what `--seed` loads, what `--state` persists and what `snapshot()` returns.
 * Sections per API (`dns:` now; `secondary_zones`/`geo_services` under dns and a `waf:` section later), every
 * object strict so a typo is an error, every field but the record's own optional so a seed stays short.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { isInZone, normaliseName } from '../model/names.js';
import { isRecordType, parseRdata, parseTtl, rdataKey } from './dyn/rdata.js';
import { GeoServiceSeed, SecondarySeed } from './dyn/service-seed.js';
import { WafSeedSchema } from './waf/seed.js';

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

const DnsSeed = z.strictObject({
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

export const EmulatorSeedSchema = z
  .strictObject({ dns: DnsSeed.optional(), waf: WafSeedSchema.optional() })
  .superRefine((seed, ctx) => checkRecords(seed, ctx), { when: () => true });

export type EmulatorSeed = z.input<typeof EmulatorSeedSchema>;
export type ParsedSeed = z.output<typeof EmulatorSeedSchema>;
export type RecordSeedValue = z.output<typeof RecordSeed>;
export type SerialStyleValue = (typeof SERIAL_STYLES)[number];

/**
 * Rules zod alone cannot say: names inside their zone, rdata valid for the type, no record listed twice, ids
 * unique. Runs even when other
 * parts of the seed failed (so every problem is reported at once), hence it reads the value defensively.
 */
function checkRecords(seed: unknown, ctx: z.RefinementCtx): void {
  const zones = asObject(asObject(asObject(seed)?.dns)?.zones);
  const ids = new Set<number>();
  for (const [zoneName, zone] of Object.entries(zones ?? {})) {
    const seen = new Set<string>();
    const records = asObject(zone)?.records;
    (Array.isArray(records) ? records : []).forEach((value, i) => {
      const record = asObject(value);
      const path = ['dns', 'zones', zoneName, 'records', i];
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

/** Validates a parsed YAML/JSON value; the error lists every problem as `path: message`. */
export function parseSeed(value: unknown, source = 'seed'): ParsedSeed {
  const result = EmulatorSeedSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${formatPath(issue.path)}: ${issue.message}`);
  throw new Error(`Invalid emulator seed ${source}:\n${lines.join('\n')}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((p, i) => {
      if (typeof p === 'number') return `[${p}]`;
      const key = String(p);
      if (/^[A-Za-z_][\w-]*$/.test(key)) return i === 0 ? key : `.${key}`;
      return `[${JSON.stringify(key)}]`;
    })
    .join('');
}

/** Reads a seed file: `.json` as JSON, anything else as YAML. Errors name the file. */
export async function loadSeedFile(path: string): Promise<EmulatorSeed> {
  const text = await readFile(path, 'utf8');
  let value: unknown;
  try {
    value = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new Error(`Cannot parse emulator seed ${path}: ${(err as Error).message}`);
  }
  return parseSeed(value, path);
}
