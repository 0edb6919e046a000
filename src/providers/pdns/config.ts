import {
  baseUrlProblems,
  type Env,
  EnvConfigError,
  envValue,
  headerValueProblems,
  urlCredentialsProblems,
} from '../http/env-config.js';
import { parseServer, parseTsigKey } from '../rfc2136/config.js';
import type { PdnsDnsUpdate } from './update-client.js';

/** Where a PowerDNS provider finds its server: the variables its `providers:` entry names, and the server id. */
export interface PdnsEnvNames {
  /** The provider's name under `providers:`, for messages. */
  provider: string;
  /** `url_env`: the variable holding the server's web address (`http://127.0.0.1:8081`). */
  urlEnv: string;
  /** `api_key_env`: the variable holding the API key. */
  apiKeyEnv: string;
  /** `dnsupdate_server_env` and `dnsupdate_tsig_env`, when the entry writes by DNS UPDATE (both, or neither). */
  dnsUpdate?: { serverEnv: string; tsigEnv: string };
}

/** What the PowerDNS client needs to connect. */
export interface PdnsConnection {
  /** The API base: the server's web address with `/api/v1` added. */
  url: string;
  apiKey: string;
  /** Where PowerDNS takes DNS UPDATE, and the key that signs it; absent: writes go through the HTTP API alone. */
  dnsUpdate?: PdnsDnsUpdate;
}

/** Every missing or unusable variable, by name; never a value (the API key is one). */
export class PdnsConfigError extends EnvConfigError {
  override readonly code = 'EP1904';
  override readonly name = 'PdnsConfigError';

  constructor(provider: string, missing: string[], invalid: string[]) {
    super(`PowerDNS provider "${provider}"`, missing, invalid);
  }
}

/**
 * Reads the address and key from the variables the desired state names (docs/providers/powerdns.md). An
 * empty value counts as missing; an address with a user name or password is refused (it would be printed), and so
 * is one with a query or a fragment; the key is taken as given, but refused when it cannot be a header's value.
 * With `dnsUpdate`, the DNS address (`HOST:PORT`) and the TSIG key (`[algorithm:]keyname:base64secret`, its secret
 * registered for redaction as soon as it is read) too.
 */
export function pdnsConnectionFromEnv(env: Env, names: PdnsEnvNames): PdnsConnection {
  const url = envValue(env, names.urlEnv);
  const apiKey = env[names.apiKeyEnv];
  const update = names.dnsUpdate && dnsUpdateFromEnv(env, names.dnsUpdate);
  const missing = [
    ...(url === undefined ? [names.urlEnv] : []),
    ...(apiKey === undefined || apiKey === '' ? [names.apiKeyEnv] : []),
    ...(update?.missing ?? []),
  ];
  const invalid = [
    ...baseUrlProblems(names.urlEnv, url),
    ...urlCredentialsProblems(names.urlEnv, url, names.apiKeyEnv),
    ...headerValueProblems(names.apiKeyEnv, apiKey),
    ...(update?.invalid ?? []),
  ];
  if (missing.length || invalid.length) throw new PdnsConfigError(names.provider, missing, invalid);
  return {
    url: apiBase(url ?? ''),
    apiKey: apiKey ?? '',
    ...(update?.value ? { dnsUpdate: update.value } : {}),
  };
}

function dnsUpdateFromEnv(
  env: Env,
  names: { serverEnv: string; tsigEnv: string },
): { value?: PdnsDnsUpdate; missing: string[]; invalid: string[] } {
  const serverText = envValue(env, names.serverEnv);
  const tsigText = envValue(env, names.tsigEnv);
  const server = serverText === undefined ? undefined : parseServer(serverText);
  const key = tsigText === undefined ? undefined : parseTsigKey(tsigText);
  return {
    ...(server && key ? { value: { server, key } } : {}),
    missing: [
      ...(serverText === undefined ? [names.serverEnv] : []),
      ...(tsigText === undefined ? [names.tsigEnv] : []),
    ],
    invalid: [
      ...(server === null ? [`${names.serverEnv} (HOST:PORT, e.g. 127.0.0.1:53)`] : []),
      ...(key === null ? [`${names.tsigEnv} ([algorithm:]keyname:base64secret)`] : []),
    ],
  };
}

/**
 * `http://host:8081` or `http://host:8081/` → `http://host:8081/api/v1`; an address that already ends in `/api/v1`
 * is kept, and so is a path prefix (a proxy).
 */
export function apiBase(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/api/v1') ? base : `${base}/api/v1`;
}
