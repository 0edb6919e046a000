import { z } from 'zod';
import { DNS_PROVIDER_TYPES } from '../model/dns-provider-spec.js';
import { VARIABLE_PREFIX } from '../model/env-roles.js';

/**
 * Schemas of the `providers:` section and of the `providers` list of a zone or secondary zone (see schema.ts for
 * the conventions). Which fields a type needs, names that exist, and what each provider supports are checked by
 * provider-rules.ts.
 */

/** A provider's name: what plans and `--target` show after `@` (`zone:example.com@pdns`). */
export const PROVIDER_NAME_PATTERN = '^[a-z0-9][a-z0-9_-]*$';

/** edgeplan reads only its own variables (model/env-roles.ts): YAML cannot send another tool's secret anywhere. */
const ENV_NAME_ERROR = `must be the name of an environment variable that starts with ${VARIABLE_PREFIX}`;
const EnvName = z
  .string({ error: ENV_NAME_ERROR })
  .regex(new RegExp(`^${VARIABLE_PREFIX}[A-Za-z0-9_]+$`), { error: ENV_NAME_ERROR });

export const DnsProviderSchema = z
  .strictObject({
    type: z
      .enum(DNS_PROVIDER_TYPES, { error: `must be one of ${DNS_PROVIDER_TYPES.join(', ')}` })
      .describe(
        'dyn: credentials from EDGEPLAN_DYN_* or the variables it names; powerdns: a PowerDNS Authoritative server.',
      ),
    url_env: EnvName.optional().describe(
      'powerdns: the variable holding the server address (http://host:8081); dyn: the API address, default EDGEPLAN_DYN_URL.',
    ),
    customer_env: EnvName.optional().describe(
      'dyn: the variable holding the customer name; default EDGEPLAN_DYN_CUSTOMER.',
    ),
    user_env: EnvName.optional().describe(
      'dyn: the variable holding the user name; default EDGEPLAN_DYN_USER.',
    ),
    password_env: EnvName.optional().describe(
      'dyn: the variable holding the password (never printed); default EDGEPLAN_DYN_PASSWORD.',
    ),
    api_key_env: EnvName.optional().describe('powerdns: the variable holding the API key (never printed).'),
    server: z
      .string({ error: 'must be a string' })
      .min(1, { error: 'must not be empty' })
      .optional()
      .describe('powerdns: the server id in the API paths; default localhost.'),
    alias: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .describe('powerdns: the server is started with expand-alias and a resolver, so ALIAS records answer.'),
    zone_kind: z
      .enum(['Native', 'Master'], { error: 'must be Native or Master' })
      .optional()
      .describe('powerdns: the kind of zones the plan creates; default Native.'),
    nameservers: z
      .array(z.string({ error: 'must be a host name' }).min(1, { error: 'must not be empty' }), {
        error: 'must be a list of host names',
      })
      .optional()
      .describe('powerdns: the NS records of zones the plan creates (absolute names).'),
    soa_edit_api: z
      .enum(['DEFAULT', 'INCREASE', 'EPOCH'], { error: 'must be DEFAULT, INCREASE or EPOCH' })
      .optional()
      .describe('powerdns: how the server bumps the SOA serial of zones the plan creates; default DEFAULT.'),
  })
  .describe('A DNS provider the desired state writes to, by the name zones list it under.');
export type DnsProviderDocument = z.infer<typeof DnsProviderSchema>;

export const ProviderNameKey = z.string().meta({ pattern: PROVIDER_NAME_PATTERN });

export const ProviderList = z
  .array(z.string({ error: 'must be a provider name' }), { error: 'must be a list of provider names' })
  .min(1, { error: 'must list at least one provider' })
  .describe('The providers under `providers:` that serve it; default: the one provider configured.');
