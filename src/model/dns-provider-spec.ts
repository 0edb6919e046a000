/** The `providers:` section of the desired state (dns-providers.ts says what it does). */

export const DNS_PROVIDER_TYPES = ['dyn', 'powerdns'] as const;
export type DnsProviderType = (typeof DNS_PROVIDER_TYPES)[number];

/** One entry of `providers:`: a DNS service the desired state writes to, by the name the YAML gives it. */
export interface DnsProviderSpec {
  name: string;
  type: DnsProviderType;
  /** powerdns: the variable holding the server's web address; dyn: the API address (`url_env`). */
  urlEnv?: string;
  /** dyn: the variables holding the customer, user and password (`customer_env`, …); default EDGEPLAN_DYN_*. */
  customerEnv?: string;
  userEnv?: string;
  passwordEnv?: string;
  /** powerdns: the variable holding the API key (`api_key_env`). */
  apiKeyEnv?: string;
  /** powerdns: the server id in the API's paths (`server`, default `localhost`). */
  server?: string;
  /** powerdns: the server answers ALIAS (`alias: true`: `expand-alias` and a `resolver` are set). */
  alias?: boolean;
  /** powerdns: how zones the plan creates are set up (`zone_kind`, `nameservers`, `soa_edit_api`). */
  zoneKind?: 'Native' | 'Master';
  nameservers?: string[];
  soaEditApi?: 'DEFAULT' | 'INCREASE' | 'EPOCH';
}

/** The variables a dyn provider reads when its entry names none (and the one Dyn provider without `providers:`). */
export const DYN_ENV_DEFAULTS = {
  url: 'EDGEPLAN_DYN_URL',
  customerName: 'EDGEPLAN_DYN_CUSTOMER',
  userName: 'EDGEPLAN_DYN_USER',
  password: 'EDGEPLAN_DYN_PASSWORD',
} as const;

/** The variables a dyn provider reads: those its entry names, else the defaults. */
export function dynEnvNames(spec?: DnsProviderSpec): {
  url: string;
  customerName: string;
  userName: string;
  password: string;
} {
  return {
    url: spec?.urlEnv ?? DYN_ENV_DEFAULTS.url,
    customerName: spec?.customerEnv ?? DYN_ENV_DEFAULTS.customerName,
    userName: spec?.userEnv ?? DYN_ENV_DEFAULTS.userName,
    password: spec?.passwordEnv ?? DYN_ENV_DEFAULTS.password,
  };
}
