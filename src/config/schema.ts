import { z } from 'zod';
import { DEFAULT_TTL } from '../model/dns.js';
import { namedRecord } from '../model/named-record.js';
import { DnsProviderSchema, ProviderList, ProviderNameKey } from './providers-schema.js';
import { apexJsonRules, GeoServiceNameKey, RecordNameKey, ZoneNameKey } from './schema-names.js';
import { RecordNameSchema, Ttl } from './schema-records.js';
import { GeoServiceSchema, SecondaryZoneSchema, SettingsSchema } from './schema-services.js';
import { WafSchema } from './waf-schema.js';

export { MAX_TTL, type RecordSetDocument, RecordSetSchema } from './schema-records.js';

/**
 * The strict schema of the desired-state document: one YAML file, and also all files merged. Objects are strict
 * (an unknown key is an error). It checks shapes and ranges only; what needs context (name syntax, record values,
 * DNS rules across types, limits, duplicates) is checked by `rules.ts`, so that every problem is reported even
 * where the shape is wrong. Record data comes from the record-type registry (schema-records.ts).
 *
 * Maps keyed by names (zones, records, services, webapps) are `namedRecord`s: zod's own record skips a `__proto__`
 * key, a valid record name. The model is built from the positioned entries, never from an object this schema
 * returns.
 *
 * The `error` strings are predicates: `schema-issues.ts` turns them into `<field> <predicate>, got <value>`.
 * To add a top-level section, add it to `DesiredStateSchema`, teach `merge.ts` how two files combine it, and run
 * `npm run schema`.
 */

export const ZoneSchema = z
  .strictObject({
    default_ttl: Ttl.optional().describe(
      `TTL of record sets that give none, in seconds; default ${DEFAULT_TTL}.`,
    ),
    records: namedRecord(RecordNameSchema, RecordNameKey)
      .meta({ allOf: apexJsonRules() })
      .optional()
      .describe(
        'Record sets by name: relative to the zone, "@" for the apex, or absolute with a trailing dot. A name ' +
          'holds a map of types sharing one TTL, or a list of such maps, one per TTL.',
      ),
    unmanaged: z
      .array(z.string({ error: 'must be a glob string' }).min(1, { error: 'must not be empty' }))
      .optional()
      .describe('Globs (picomatch syntax) on names relative to the zone; matching names are never touched.'),
    providers: ProviderList.optional(),
  })
  .describe('A primary zone managed by edgeplan.');
export type ZoneDocument = z.infer<typeof ZoneSchema>;

export const DesiredStateSchema = z
  .strictObject({
    zones: namedRecord(ZoneSchema, ZoneNameKey)
      .optional()
      .describe('Primary zones by name, e.g. example.com.'),
    secondary_zones: namedRecord(SecondaryZoneSchema, ZoneNameKey)
      .optional()
      .describe('Secondary zones by name.'),
    geo_services: namedRecord(GeoServiceSchema, GeoServiceNameKey)
      .optional()
      .describe('Geo services by name.'),
    settings: SettingsSchema.optional(),
    providers: namedRecord(DnsProviderSchema, ProviderNameKey)
      .optional()
      .describe('DNS providers by name; absent: one Dyn provider from EDGEPLAN_DYN_*.'),
    waf: WafSchema.optional(),
  })
  .describe('edgeplan desired state.');
export type DesiredStateDocument = z.infer<typeof DesiredStateSchema>;
