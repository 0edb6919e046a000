import { z } from 'zod';
import { boundedArray } from '../model/bounded-issues.js';
import { DEFAULT_TTL } from '../model/dns.js';
import type { ProviderCatalogue } from '../model/dns-provider-spec.js';
import { MAILBOX_PATTERN, mailboxProblem } from '../model/mailbox.js';
import { namedRecord } from '../model/named-record.js';
import { SERIAL_STYLES } from '../model/zone.js';
import { dnsProviderSchema, ProviderList, ProviderNameKey } from './providers-schema.js';
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
 * To add a top-level section, add it to `buildSchema` and TOP_LEVEL_KEYS, teach `merge.ts` how two files combine it,
 * and run `npm run schema`.
 */

export const ZoneCreateSchema = z
  .strictObject({
    contact: z
      .string({ error: 'must be an email address such as hostmaster@example.com' })
      .superRefine((contact, ctx) => {
        const problem = mailboxProblem(contact);
        if (problem)
          ctx.addIssue({
            code: 'custom',
            message: `must be an email address a zone's SOA can hold, such as hostmaster@example.com: ${problem}`,
          });
      })
      .meta({ pattern: MAILBOX_PATTERN })
      .optional()
      .describe('The SOA contact (RNAME) of the new zone, as an email address; default hostmaster@<zone>.'),
    serial_style: z
      .enum(SERIAL_STYLES, { error: `must be one of ${SERIAL_STYLES.join(', ')}` })
      .optional()
      .describe(
        'How the new zone numbers its versions: increment (default, +1 per publish), epoch (UNIX time), day ' +
          '(YYYYMMDDxx) or minute (YYMMDDHHMM).',
      ),
  })
  .describe(
    'Create this zone if the account does not have it, with these settings. Declares that creating it is meant: ' +
      'without it, creating a zone needs approval (settings.safety.zone_create).',
  );

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
    unmanaged: boundedArray(
      z.string({ error: 'must be a glob string' }).min(1, { error: 'must not be empty' }),
    )
      .optional()
      .describe(
        'Globs (picomatch syntax) on names written as record names are: relative to the zone ("@" the apex), or ' +
          'absolute with a trailing dot; matching names are never touched.',
      ),
    create: ZoneCreateSchema.optional(),
    providers: ProviderList.optional(),
  })
  .describe('A primary zone managed by edgeplan.');
export type ZoneDocument = z.infer<typeof ZoneSchema>;

/**
 * The desired-state schema for the DNS provider types of `catalogue` (the `providers:` entries' schema is built from
 * them): one schema per catalogue, built once.
 */
export function desiredStateSchema(catalogue: ProviderCatalogue) {
  const built = BUILT.get(catalogue);
  if (built) return built;
  const schema = buildSchema(catalogue);
  BUILT.set(catalogue, schema);
  return schema;
}

function buildSchema(catalogue: ProviderCatalogue) {
  return z
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
      providers: namedRecord(dnsProviderSchema(catalogue.types), ProviderNameKey)
        .optional()
        .describe('DNS providers by name; absent: one Dyn provider from EDGEPLAN_DYN_*.'),
      waf: WafSchema.optional(),
    })
    .describe('edgeplan desired state.');
}

const BUILT = new WeakMap<ProviderCatalogue, ReturnType<typeof buildSchema>>();

export type DesiredStateSchema = ReturnType<typeof desiredStateSchema>;
export type DesiredStateDocument = z.infer<DesiredStateSchema>;

/** The top-level keys of a desired-state document, whatever the catalogue. */
export const TOP_LEVEL_KEYS: readonly string[] = [
  'zones',
  'secondary_zones',
  'geo_services',
  'settings',
  'providers',
  'waf',
] satisfies (keyof DesiredStateDocument)[];
