import { boundedArray } from '../../model/bounded-issues.js';
import { GEO_COUNTRY_CODES } from '../../model/country-codes.js';
import { GEO_RECORD_TYPES, GEO_SERVE_COUNT_TYPES, MAX_GEO_LABEL, MAX_GEO_WEIGHT } from '../../model/geo.js';
import { IPV4_PATTERN } from '../../model/ipv4.js';
import { RECORD_TYPES } from '../../model/record-types/index.js';
import { UNPRINTABLE_CHARS } from '../../model/text.js';
import * as z from '../../model/zod.js';
import { ProviderList } from './providers-schema.js';
import { SafetySchema } from './safety-schema.js';
import { Ttl, withRecordTypes } from './schema-records.js';

/**
 * Schemas of the `secondary_zones`, `geo_services` and `settings` sections (see schema.ts for the conventions:
 * strict objects, shapes only, `error` strings are predicates). Name syntax, IPv4, country codes, record values,
 * duplicates and cross-references are checked by secondary-rules.ts, geo-rules.ts and record-values.ts, whose
 * messages say what is wrong; the IPv4 pattern, the country code list and `uniqueItems` are for the JSON Schema.
 */

const Ipv4List = (what: string) =>
  boundedArray(
    z
      .string({ error: 'must be an IPv4 address such as 192.0.2.1' })
      .check(z.meta({ format: 'ipv4', pattern: IPV4_PATTERN })),
    { error: `must be a list of IPv4 addresses` },
  ).check(z.minLength(1, { error: `must list at least one ${what}` }));

/** A name or label: shown in plans, logs and pull-request comments, so no line breaks, NUL or escapes in it. */
const Text = z.string({ error: 'must be a string' }).check(
  z.minLength(1, { error: 'must not be empty' }),
  z.regex(new RegExp(`^[^${UNPRINTABLE_CHARS}]*$`), {
    error: 'must be plain text, without line breaks, tabs, NUL or other control characters',
  }),
);

export const SecondaryZoneSchema = z.lazy(() =>
  z
    .strictObject({
      masters: Ipv4List('master').check(
        z.describe('IPv4 addresses of the master name servers the zone is copied from.'),
      ),
      contact_nickname: z
        .optional(Text)
        .check(z.describe('Contact of the zone; left as it is live when absent.')),
      tsig_key_name: z
        .optional(Text)
        .check(z.describe('TSIG key for transfers; left as it is live when absent.')),
      providers: z.optional(ProviderList),
    })
    .check(z.describe('A secondary zone: the service copies its data from the masters.')),
);
export type SecondaryZoneDocument = z.infer<typeof SecondaryZoneSchema>;

/** The registered types a geo group may serve (`GEO_RECORD_TYPES`), in registry order. */
export const GEO_TYPES = RECORD_TYPES.filter((type) => GEO_RECORD_TYPES.includes(type.type));

const weightError = `must be an integer between 1 and ${MAX_GEO_WEIGHT}`;
const Weight = z
  .int({ error: weightError })
  .check(
    z.minimum(1, { error: weightError }),
    z.maximum(MAX_GEO_WEIGHT, { error: weightError }),
    z.describe(
      `How often this value is picked relative to the others of its type (1-${MAX_GEO_WEIGHT}); ` +
        'once one value of a type has a weight, the others have 1.',
    ),
  );
const Label = Text.check(
  z.maxLength(MAX_GEO_LABEL, { error: `must be at most ${MAX_GEO_LABEL} characters` }),
  z.describe('A name of this value in the service.'),
);

/**
 * A value of a geo group: the type's value, or a map of it (`value`) with its `weight` and `label`. Absent options
 * are not managed: the plan leaves them as they are live.
 */
function geoValue(type: (typeof GEO_TYPES)[number]): z.ZodMiniType {
  return z.union(
    [
      type.yaml,
      z
        .strictObject({ value: type.yaml, weight: z.optional(Weight), label: z.optional(Label) })
        .check(z.describe(`One ${type.type} value with its weight and label.`)),
    ],
    { error: `must be a ${type.type} value, or a map of value with weight and label` },
  );
}

/** `{ <key>: values }` for each type a group may serve, every key optional; values may carry options. */
function geoTypeFields(): Record<string, z.ZodMiniOptional<z.ZodMiniType>> {
  return Object.fromEntries(
    GEO_TYPES.map((type) => {
      const values = type.single
        ? geoValue(type).check(z.describe(`The ${type.type} value (one).`))
        : boundedArray(geoValue(type), { error: `must be a list of ${type.type} values` }).check(
            z.minLength(1, { error: `must list at least one ${type.type} value` }),
            z.meta({ uniqueItems: true }),
            z.describe(`The ${type.type} values, each once.`),
          );
      return [type.key, z.optional(values)];
    }),
  );
}

const serveError = 'must be an integer of at least 1';
const ServeCount = z.int({ error: serveError }).check(z.minimum(1, { error: serveError }));
const perType = (types: readonly string[], value: z.ZodMiniType, what: string) =>
  z
    .strictObject(
      Object.fromEntries(
        GEO_TYPES.filter((type) => types.includes(type.type)).map((type) => [type.key, z.optional(value)]),
      ),
    )
    .check(z.describe(what));

export const GeoGroupSchema = z.lazy(() =>
  withRecordTypes(
    z.strictObject({
      name: Text.check(z.describe('Unique name of the group within its service.')),
      countries: boundedArray(
        z
          .string({ error: 'must be a country, region or special code' })
          .check(z.meta({ enum: GEO_COUNTRY_CODES })),
        {
          error: 'must be a list of country codes',
        },
      ).check(
        z.minLength(1, { error: 'must list at least one country code' }),
        z.meta({ uniqueItems: true }),
        z.describe(
          'ISO 3166-1 alpha-2 codes (DE), US state or Canadian province codes in lower case (ca), regions 11-17, ' +
            'or the special codes @@ (fallback), @! (unknown IP), A1, A2, O1.',
        ),
      ),
      ...geoTypeFields(),
      serve_count: z.optional(
        perType(
          GEO_SERVE_COUNT_TYPES,
          ServeCount,
          'By type (a, aaaa): how many of its values one answer carries, at most their number; absent: as live.',
        ),
      ),
      ttl: z.optional(
        perType(
          GEO_RECORD_TYPES,
          Ttl,
          "By type (a, aaaa, cname): the TTL of this group's answers; absent: as live (the service TTL by default).",
        ),
      ),
    }),
    GEO_TYPES,
    ['name', 'countries', 'serve_count', 'ttl'],
  ).check(
    z.describe('Countries and the record data they get (at least one type); names in values are absolute.'),
  ),
);
export type GeoGroupDocument = z.infer<typeof GeoGroupSchema>;

export const GeoNodeSchema = z.lazy(() =>
  z
    .strictObject({
      zone: Text.check(z.describe('The zone of the node, e.g. example.com.')),
      fqdn: Text.check(z.describe('The full name of the node inside the zone, e.g. geo.example.com.')),
    })
    .check(
      z.describe(
        `A node the service answers for. It carries no plain ${GEO_RECORD_TYPES.join(', ')} records in \`zones\`.`,
      ),
    ),
);

export const GeoServiceSchema = z.lazy(() =>
  z
    .strictObject({
      renamed_from: z
        .optional(Text)
        .check(
          z.describe(
            'The name the service has live, when it is to be renamed to this one; kept after the rename, harmless.',
          ),
        ),
      ttl: z
        .optional(Ttl)
        .check(z.describe('The TTL of every answer of the service without its own; absent: as live.')),
      active: z
        .optional(z.boolean({ error: 'must be true or false' }))
        .check(z.describe('Whether the service answers; absent: as live.')),
      groups: boundedArray(GeoGroupSchema, { error: 'must be a list of groups' }).check(
        z.minLength(1, {
          error: 'must list at least one group',
        }),
      ),
      nodes: z.optional(boundedArray(GeoNodeSchema, { error: 'must be a list of nodes' })),
    })
    .check(z.describe('A geo service; its name may contain spaces.')),
);
export type GeoServiceDocument = z.infer<typeof GeoServiceSchema>;

const ManageSchema = z
  .strictObject({
    manage: z
      .enum(['listed', 'all'], { error: 'must be "listed" or "all"' })
      .check(
        z.describe(
          'listed (default): only listed objects are touched; all: unlisted live objects are deleted.',
        ),
      ),
  })
  .check(z.describe('Which objects of the section edgeplan owns.'));

const LintSchema = z
  .strictObject({
    strict: z
      .optional(z.boolean({ error: 'must be true or false' }))
      .check(z.describe('true: every lint warning is an error (as --strict does); default false.')),
  })
  .check(z.describe('How zone lints weigh (docs/lints.md).'));

export const SettingsSchema = z.lazy(() =>
  z
    .strictObject({
      secondary_zones: z.optional(ManageSchema),
      geo_services: z.optional(ManageSchema),
      safety: z.optional(SafetySchema),
      lint: z.optional(LintSchema),
    })
    .check(z.describe('Settings of the whole desired state.')),
);
export type SettingsDocument = z.infer<typeof SettingsSchema>;
