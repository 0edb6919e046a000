import {
  baseUrlProblems,
  type Env,
  EnvConfigError,
  envValue,
  headerValueProblems,
  urlCredentialsProblems,
} from '../http/env-config.js';

/** Where a PowerDNS provider finds its server: the variables its `providers:` entry names, and the server id. */
export interface PdnsEnvNames {
  /** The provider's name under `providers:`, for messages. */
  provider: string;
  /** `url_env`: the variable holding the server's web address (`http://127.0.0.1:8081`). */
  urlEnv: string;
  /** `api_key_env`: the variable holding the API key. */
  apiKeyEnv: string;
}

/** What the PowerDNS client needs to connect. */
export interface PdnsConnection {
  /** The API base: the server's web address with `/api/v1` added. */
  url: string;
  apiKey: string;
}

/** Every missing or unusable variable, by name; never a value (the API key is one). */
export class PdnsConfigError extends EnvConfigError {
  override readonly name = 'PdnsConfigError';

  constructor(provider: string, missing: string[], invalid: string[]) {
    super(`PowerDNS provider "${provider}"`, missing, invalid);
  }
}

/**
 * Reads the address and key from the variables the desired state names (docs/providers/powerdns.md). An
 * empty value counts as missing; an address with a user name or password is refused (it would be printed), and so
 * is one with a query or a fragment; the key is taken as given, but refused when it cannot be a header's value.
 */
export function pdnsConnectionFromEnv(env: Env, names: PdnsEnvNames): PdnsConnection {
  const url = envValue(env, names.urlEnv);
  const apiKey = env[names.apiKeyEnv];
  const missing = [
    ...(url === undefined ? [names.urlEnv] : []),
    ...(apiKey === undefined || apiKey === '' ? [names.apiKeyEnv] : []),
  ];
  const invalid = [
    ...baseUrlProblems(names.urlEnv, url),
    ...urlCredentialsProblems(names.urlEnv, url, names.apiKeyEnv),
    ...headerValueProblems(names.apiKeyEnv, apiKey),
  ];
  if (missing.length || invalid.length) throw new PdnsConfigError(names.provider, missing, invalid);
  return { url: apiBase(url ?? ''), apiKey: apiKey ?? '' };
}

/**
 * `http://host:8081` or `http://host:8081/` → `http://host:8081/api/v1`; an address that already ends in `/api/v1`
 * is kept, and so is a path prefix (a proxy).
 */
export function apiBase(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/api/v1') ? base : `${base}/api/v1`;
}
