import { DYN_ENV_DEFAULTS } from '../../model/dns-provider-spec.js';
import {
  type Env,
  EnvConfigError,
  envValue,
  isHttpUrl,
  rateLimitFromEnv,
  urlCredentialsProblems,
} from '../http/env-config.js';
import type { DynCredentials } from './session.js';

/** What the Dyn provider needs from the environment (docs/providers/dyn.md). */
export interface DynConfig extends DynCredentials {
  /** Base address including the REST prefix, e.g. `https://api.dynect.net/REST`. */
  url: string;
}

/** The variables a Dyn provider reads, by field: EDGEPLAN_DYN_*, or those its `providers:` entry names. */
export type DynEnvNames = Record<keyof DynConfig, string>;

/** This client's share of the account's requests per minute, when other clients use the account too. */
const RATE_LIMIT = 'EDGEPLAN_DYN_RATE_LIMIT';

/**
 * Lists every missing or unusable variable by name. Never includes a variable's value (the password is one); a URL
 * with credentials is shown with them as `***`.
 */
export class DynConfigError extends EnvConfigError {
  override readonly name = 'DynConfigError';

  constructor(missing: string[], invalid: string[], service = 'DNS service') {
    super(service, missing, invalid);
  }
}

/**
 * Reads EDGEPLAN_DYN_*, or the variables `names` gives (a named provider's `url_env`, `customer_env`, `user_env`,
 * `password_env`; `provider` names it in the error). An empty value counts as missing, a URL with a user name or
 * password is refused.
 */
export function dynConfigFromEnv(
  env: Env,
  names: DynEnvNames = DYN_ENV_DEFAULTS,
  provider?: string,
): DynConfig {
  const value = (name: string) => envValue(env, name);
  const missing = Object.values(names).filter((name) => value(name) === undefined);
  const url = value(names.url);
  const invalid = [
    ...(url !== undefined && !isHttpUrl(url) ? [`${names.url} (an http(s) URL)`] : []),
    ...urlCredentialsProblems(names.url, url, `${names.userName} and ${names.password}`),
    ...rateLimitFromEnv(env, RATE_LIMIT, 'minute').problems,
  ];
  if (missing.length || invalid.length)
    throw new DynConfigError(missing, invalid, provider ? `Dyn provider "${provider}"` : undefined);
  return {
    url: url ?? '',
    customerName: value(names.customerName) ?? '',
    userName: value(names.userName) ?? '',
    // Passwords are taken as given: surrounding spaces may be part of one.
    password: env[names.password] ?? '',
  };
}

/** EDGEPLAN_DYN_RATE_LIMIT: requests per minute this client may use of the account's; undefined when unset. */
export function dynRateLimitFromEnv(env: Env): number | undefined {
  const { value, problems } = rateLimitFromEnv(env, RATE_LIMIT, 'minute');
  if (problems.length) throw new DynConfigError([], problems);
  return value;
}
