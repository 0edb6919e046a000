import { z } from 'zod';
import { GEO_COUNTRY_CODES } from '../model/country-codes.js';
import { GEO_RECORD_TYPES } from '../model/geo.js';
import { IPV4_PATTERN } from '../model/ipv4.js';
import { RECORD_TYPES } from '../model/record-types/index.js';
import { ProviderList } from './providers-schema.js';
import { SafetySchema } from './safety-schema.js';
import { typeFields, withRecordTypes } from './schema-records.js';

/**
 * Schemas of the `secondary_zones`, `geo_services` and `settings` sections (see schema.ts for the conventions:
 * strict objects, shapes only, `error` strings are predicates). Name syntax, IPv4, country codes, record values,
 * duplicates and cross-references are checked by secondary-rules.ts, geo-rules.ts and record-values.ts, whose
 * messages say what is wrong; the IPv4 pattern, the country code list and `uniqueItems` are for the JSON Schema.
 */

const Ipv4List = (what: string) =>
  z
    .array(
      z
        .string({ error: 'must be an IPv4 address such as 192.0.2.1' })
        .meta({ format: 'ipv4', pattern: IPV4_PATTERN }),
      { error: `must be a list of IPv4 addresses` },
    )
    .min(1, { error: `must list at least one ${what}` });

const Text = z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });

export const SecondaryZoneSchema = z
  .strictObject({
    masters: Ipv4List('master').describe(
      'IPv4 addresses of the master name servers the zone is copied from.',
    ),
    contact_nickname: Text.optional().describe('Contact of the zone; left as it is live when absent.'),
    tsig_key_name: Text.optional().describe('TSIG key for transfers; left as it is live when absent.'),
    providers: ProviderList.optional(),
  })
  .describe('A secondary zone: the service copies its data from the masters.');
export type SecondaryZoneDocument = z.infer<typeof SecondaryZoneSchema>;

/** The registered types a geo group may serve (`GEO_RECORD_TYPES`), in registry order. */
export const GEO_TYPES = RECORD_TYPES.filter((type) => GEO_RECORD_TYPES.includes(type.type));

export const GeoGroupSchema = withRecordTypes(
  z.strictObject({
    name: Text.describe('Unique name of the group within its service.'),
    countries: z
      .array(
        z.string({ error: 'must be a country, region or special code' }).meta({ enum: GEO_COUNTRY_CODES }),
        {
          error: 'must be a list of country codes',
        },
      )
      .min(1, { error: 'must list at least one country code' })
      .meta({ uniqueItems: true })
      .describe(
        'ISO 3166-1 alpha-2 codes (DE), US state or Canadian province codes in lower case (ca), regions 11-17, ' +
          'or the special codes @@ (fallback), @! (unknown IP), A1, A2, O1.',
      ),
    ...typeFields(GEO_TYPES),
  }),
  GEO_TYPES,
  ['name', 'countries'],
).describe('Countries and the record data they get (at least one type); names in values are absolute.');
export type GeoGroupDocument = z.infer<typeof GeoGroupSchema>;

export const GeoNodeSchema = z
  .strictObject({
    zone: Text.describe('The zone of the node, e.g. example.com.'),
    fqdn: Text.describe('The full name of the node inside the zone, e.g. geo.example.com.'),
  })
  .describe(
    `A node the service answers for. It carries no plain ${GEO_RECORD_TYPES.join(', ')} records in \`zones\`.`,
  );

export const GeoServiceSchema = z
  .strictObject({
    groups: z
      .array(GeoGroupSchema, { error: 'must be a list of groups' })
      .min(1, { error: 'must list at least one group' }),
    nodes: z.array(GeoNodeSchema, { error: 'must be a list of nodes' }).optional(),
  })
  .describe('A geo service; its name may contain spaces.');
export type GeoServiceDocument = z.infer<typeof GeoServiceSchema>;

const ManageSchema = z
  .strictObject({
    manage: z
      .enum(['listed', 'all'], { error: 'must be "listed" or "all"' })
      .describe('listed (default): only listed objects are touched; all: unlisted live objects are deleted.'),
  })
  .describe('Which objects of the section edgeplan owns.');

export const SettingsSchema = z
  .strictObject({
    secondary_zones: ManageSchema.optional(),
    geo_services: ManageSchema.optional(),
    safety: SafetySchema.optional(),
  })
  .describe('Settings of the whole desired state.');
export type SettingsDocument = z.infer<typeof SettingsSchema>;
