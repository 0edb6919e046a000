import type { DnsProviderType } from './dns-provider-spec.js';

/**
 * Which environment variables a provider entry may name, and for what. A provider entry under `providers:` names the
 * variables it reads (`url_env`, `password_env`, …); since the YAML may come from anyone who can open a pull
 * request, a name cannot route one service's secret to another service's address:
 * - every such variable starts with `EDGEPLAN_` (the schema), so no other tool's variable (`GITHUB_TOKEN`) is read;
 * - a variable serves one role of one provider: a provider's URL, customer, user or secret, never two;
 * - the variables edgeplan itself reads (`BUILT_IN_VARIABLES`) serve only their own role.
 */

/** The prefix every variable a provider entry names has. */
export const VARIABLE_PREFIX = 'EDGEPLAN_';

/** By provider type, the keys that name a variable, and what the variable holds. */
export const ENV_FIELDS: Readonly<Record<DnsProviderType, Readonly<Record<string, string>>>> = {
  dyn: {
    url_env: 'API address',
    customer_env: 'customer name',
    user_env: 'user name',
    password_env: 'password',
  },
  powerdns: { url_env: 'server address', api_key_env: 'API key' },
};

/**
 * The variables edgeplan reads by their own names: what each holds, and the provider field that may name it (the
 * one Dyn provider's defaults); none for the WAF's and the run's own settings.
 */
export const BUILT_IN_VARIABLES: Readonly<
  Record<string, { what: string; field?: { type: DnsProviderType; key: string } }>
> = {
  EDGEPLAN_DYN_URL: { what: 'the Dyn API address', field: { type: 'dyn', key: 'url_env' } },
  EDGEPLAN_DYN_CUSTOMER: { what: 'the Dyn customer name', field: { type: 'dyn', key: 'customer_env' } },
  EDGEPLAN_DYN_USER: { what: 'the Dyn user name', field: { type: 'dyn', key: 'user_env' } },
  EDGEPLAN_DYN_PASSWORD: { what: 'the Dyn password', field: { type: 'dyn', key: 'password_env' } },
  EDGEPLAN_DYN_RATE_LIMIT: { what: "the Dyn client's rate limit" },
  EDGEPLAN_WAF_URL: { what: 'the WAF API address' },
  EDGEPLAN_WAF_TOKEN_URL: { what: "the WAF's token endpoint" },
  EDGEPLAN_WAF_CLIENT_ID: { what: 'the WAF client id' },
  EDGEPLAN_WAF_CLIENT_SECRET: { what: 'the WAF client secret' },
  EDGEPLAN_WAF_RATE_LIMIT: { what: "the WAF client's rate limit" },
  EDGEPLAN_USER_AGENT: { what: 'the User-Agent edgeplan sends' },
  EDGEPLAN_NOTE: { what: 'the note added to every publish' },
};
