/** The `providers:` section of the desired state (dns-providers.ts says what it does). */

export const DNS_PROVIDER_TYPES = ['dyn', 'powerdns'] as const;
export type DnsProviderType = (typeof DNS_PROVIDER_TYPES)[number];

/** One entry of `providers:`: a DNS service the desired state writes to, by the name the YAML gives it. */
export interface DnsProviderSpec {
  name: string;
  type: DnsProviderType;
  /** powerdns: the variable holding the server's web address (`url_env`). */
  urlEnv?: string;
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
