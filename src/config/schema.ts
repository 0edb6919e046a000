import { z } from 'zod';
import { DEFAULT_TTL, MAX_A_RECORDS_PER_NODE } from '../model/dns.js';
import { namedRecord } from '../model/named-record.js';
import { GeoServiceSchema, SecondaryZoneSchema, SettingsSchema } from './schema-services.js';
import { WafSchema } from './waf-schema.js';

/**
 * The strict schema of the desired-state document: one YAML file, and also all files merged. Objects are strict
 * (an unknown key is an error). It checks shapes and ranges only; what needs context (name syntax, IPv4, limits,
 * duplicates) is checked by `rules.ts`, so that every problem is reported even where the shape is wrong.
 *
 * The `error` strings are predicates: `schema-issues.ts` turns them into `<field> <predicate>, got <value>`.
 * To add a top-level section, add it to `DesiredStateSchema`, teach `merge.ts` how two files combine it, and run
 * `npm run schema`.
 */

/**
 * RFC 2181 §8 allows TTLs up to 2^31 - 1. Zero is refused: on the wire 0 means "use the zone default", which the
 * desired state says by leaving `ttl` out.
 */
export const MAX_TTL = 2_147_483_647;

const ttlError = `must be an integer between 1 and ${MAX_TTL}`;

const Ttl = z.int({ error: ttlError }).min(1, { error: ttlError }).max(MAX_TTL, { error: ttlError });

export const RecordSetSchema = z
  .strictObject({
    a: z
      .array(z.string({ error: 'must be an IPv4 address such as 192.0.2.1' }).meta({ format: 'ipv4' }), {
        error: 'must be a list of IPv4 addresses',
      })
      .min(1, { error: 'must list at least one IPv4 address' })
      .describe(`IPv4 addresses of the A record set, at most ${MAX_A_RECORDS_PER_NODE}.`),
    ttl: Ttl.optional().describe("TTL in seconds; default: the zone's default_ttl."),
  })
  .describe('The A record set at one name.');
export type RecordSetDocument = z.infer<typeof RecordSetSchema>;

export const ZoneSchema = z
  .strictObject({
    default_ttl: Ttl.optional().describe(
      `TTL of record sets that give none, in seconds; default ${DEFAULT_TTL}.`,
    ),
    records: namedRecord(RecordSetSchema)
      .optional()
      .describe(
        'Record sets by name: relative to the zone, "@" for the apex, or absolute with a trailing dot.',
      ),
    unmanaged: z
      .array(z.string({ error: 'must be a glob string' }).min(1, { error: 'must not be empty' }))
      .optional()
      .describe('Globs (picomatch syntax) on names relative to the zone; matching names are never touched.'),
  })
  .describe('A primary zone managed by edgeplan.');
export type ZoneDocument = z.infer<typeof ZoneSchema>;

export const DesiredStateSchema = z
  .strictObject({
    zones: namedRecord(ZoneSchema).optional().describe('Primary zones by name, e.g. example.com.'),
    secondary_zones: namedRecord(SecondaryZoneSchema).optional().describe('Secondary zones by name.'),
    geo_services: namedRecord(GeoServiceSchema).optional().describe('Geo services by name.'),
    settings: SettingsSchema.optional(),
    waf: WafSchema.optional(),
  })
  .describe('edgeplan desired state.');
export type DesiredStateDocument = z.infer<typeof DesiredStateSchema>;
