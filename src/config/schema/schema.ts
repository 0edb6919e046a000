import { boundedArray } from '../../model/bounded-issues.js';
import { DEFAULT_TTL } from '../../model/dns.js';
import type { ProviderCatalogue } from '../../model/dns-provider-spec.js';
import { MAILBOX_PATTERN, mailboxProblem } from '../../model/mailbox.js';
import { namedRecord } from '../../model/named-record.js';
import * as z from '../../model/zod.js';
import { SERIAL_STYLES } from '../../model/zone.js';
import { dnsProviderSchema, ProviderList, ProviderNameKey } from './providers-schema.js';
import {
  apexJsonRules,
  GeoServiceNameKey,
  RecordNameKey,
  TemplateNameKey,
  TemplateRecordNameKey,
  ZONE_NAME_PATTERN,
  ZoneNameKey,
} from './schema-names.js';
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
      .optional(
        z.string({ error: 'must be an email address such as hostmaster@example.com' }).check(
          z.superRefine((contact, ctx) => {
            const problem = mailboxProblem(contact);
            if (problem)
              ctx.addIssue({
                code: 'custom',
                message: `must be an email address a zone's SOA can hold, such as hostmaster@example.com: ${problem}`,
              });
          }),
          z.meta({ pattern: MAILBOX_PATTERN }),
        ),
      )
      .check(
        z.describe(
          'The SOA contact (RNAME) of the new zone, as an email address; default hostmaster@<zone>.',
        ),
      ),
    serial_style: z
      .optional(z.enum(SERIAL_STYLES, { error: `must be one of ${SERIAL_STYLES.join(', ')}` }))
      .check(
        z.describe(
          'How the new zone numbers its versions: increment (default, +1 per publish), epoch (UNIX time), day ' +
            '(YYYYMMDDxx) or minute (YYMMDDHHMM).',
        ),
      ),
  })
  .check(
    z.describe(
      'Create this zone if the account does not have it, with these settings. Declares that creating it is meant: ' +
        'without it, creating a zone needs approval (settings.safety.zone_create).',
    ),
  );

/** `manage:` of a zone (model/dns.ts `DesiredZone.manage`). */
export const MANAGE_MODES = ['all', 'declared'] as const;

const UnmanagedEntrySchema = z.union(
  [
    z.string({ error: 'must be a name glob' }).check(z.minLength(1, { error: 'must not be empty' })),
    z.strictObject({
      name: z
        .string({ error: 'must be a glob string' })
        .check(
          z.minLength(1, { error: 'must not be empty' }),
          z.describe('Glob (picomatch syntax) on record names, written as under records.'),
        ),
      types: z
        .optional(
          z
            .array(z.string({ error: 'must be a record type such as A or TXT' }))
            .check(z.minLength(1, { error: 'must not be empty: leave types out for every type' })),
        )
        .check(z.describe('Record types the entry covers; absent: every type.')),
      value: z
        .optional(
          z.string({ error: 'must be a glob string' }).check(z.minLength(1, { error: 'must not be empty' })),
        )
        .check(
          z.describe(
            'Glob on values: only matching values are left alone, and carried over when edgeplan writes the set.',
          ),
        ),
    }),
  ],
  { error: 'must be a name glob, or a map of name, types and value' },
);

export const ZoneSchema = z
  .strictObject({
    default_ttl: z
      .optional(Ttl)
      .check(z.describe(`TTL of record sets that give none, in seconds; default ${DEFAULT_TTL}.`)),
    records: z
      .optional(namedRecord(RecordNameSchema, RecordNameKey).check(z.meta({ allOf: apexJsonRules() })))
      .check(
        z.describe(
          'Record sets by name: relative to the zone, "@" for the apex, or absolute with a trailing dot. A name ' +
            'holds a map of types sharing one TTL, or a list of such maps, one per TTL.',
        ),
      ),
    unmanaged: z
      .optional(boundedArray(UnmanagedEntrySchema))
      .check(
        z.describe(
          'What other tools own in this zone: name globs (every type), or maps of a name glob, types and a value ' +
            'glob; names written as record names are (relative, or absolute with a trailing dot). Whatever an entry ' +
            'matches is never created, changed or deleted.',
        ),
      ),
    manage: z
      .optional(z.enum(MANAGE_MODES, { error: `must be one of ${MANAGE_MODES.join(', ')}` }))
      .check(
        z.describe(
          'all (default): edgeplan owns every record set of the zone an unmanaged entry does not name, and deletes ' +
            'those the YAML does not declare. declared: edgeplan creates and changes only the record sets the YAML ' +
            'declares, and deletes others only when absent lists them.',
        ),
      ),
    absent: z
      .optional(
        boundedArray(
          z.string({ error: 'must be a record name, or a name and a type ("old A")' }).check(z.minLength(1)),
        ),
      )
      .check(
        z.describe(
          'With manage: declared, record sets to delete: a record name (every type there) or a name and a type ' +
            '("old A"), names written as under records.',
        ),
      ),
    create: z.optional(ZoneCreateSchema),
    providers: z.optional(ProviderList),
    templates: z
      .optional(
        boundedArray(z.string({ error: 'must be a template name' }).check(z.minLength(1))).check(
          z.minLength(1, { error: 'must not be empty: leave templates out for none' }),
          z.meta({ uniqueItems: true }),
        ),
      )
      .check(
        z.describe(
          "Templates whose record sets this zone serves too, names relative to it and {zone} its name; a set the zone's " +
            'records also give needs override: true there.',
        ),
      ),
    same_as: z
      .optional(
        z
          .string({ error: 'must be a zone name' })
          .check(z.minLength(1), z.meta({ pattern: ZONE_NAME_PATTERN })),
      )
      .check(
        z.describe(
          "Another zone of this state whose record sets (its templates' included) this zone serves too, relative " +
            'names rebased; never a zone that is itself same_as another.',
        ),
      ),
  })
  .check(z.describe('A primary zone managed by edgeplan.'));
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
      zones: z
        .optional(namedRecord(ZoneSchema, ZoneNameKey))
        .check(z.describe('Primary zones by name, e.g. example.com.')),
      secondary_zones: z
        .optional(namedRecord(SecondaryZoneSchema, ZoneNameKey))
        .check(z.describe('Secondary zones by name.')),
      geo_services: z
        .optional(namedRecord(GeoServiceSchema, GeoServiceNameKey))
        .check(z.describe('Geo services by name.')),
      settings: z.optional(SettingsSchema),
      providers: z
        .optional(
          namedRecord(
            z.lazy(() => dnsProviderSchema(catalogue.types)),
            ProviderNameKey,
          ),
        )
        .check(z.describe('DNS providers by name; absent: one Dyn provider from EDGEPLAN_DYN_*.')),
      waf: z.optional(WafSchema),
      templates: z
        .optional(namedRecord(namedRecord(RecordNameSchema, TemplateRecordNameKey), TemplateNameKey))
        .check(
          z.describe(
            'Named groups of record sets that zones list under templates: names relative to the using zone, "@" its ' +
              'apex, {zone} its name in names and values.',
          ),
        ),
    })
    .check(z.describe('edgeplan desired state.'));
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
  'templates',
] satisfies (keyof DesiredStateDocument)[];
