import {
  baseUrlProblems,
  type Env,
  EnvConfigError,
  envValue,
  rateLimitFromEnv,
  urlCredentialsProblems,
} from '../http/env-config.js';
import type { RateBudget } from '../http/scheduler.js';
import type { DynCredentials } from './session/session.js';

/** What the Dyn provider needs from the environment (docs/providers/dyn.md). */
export interface DynConfig extends DynCredentials {
  /** Base address including the REST prefix, e.g. `https://api.dynect.net/REST`. */
  url: string;
}

/** The variables a Dyn provider reads, by field: EDGEPLAN_DYN_*, or those its `providers:` entry names. */
export type DynEnvNames = Record<keyof DynConfig, string>;

/** The variables a dyn provider reads when its entry names none (the implicit provider always does). */
export const DYN_ENV_DEFAULTS: DynEnvNames = {
  url: 'EDGEPLAN_DYN_URL',
  customerName: 'EDGEPLAN_DYN_CUSTOMER',
  userName: 'EDGEPLAN_DYN_USER',
  password: 'EDGEPLAN_DYN_PASSWORD',
};

/** The service's limit (vendor docs, "API rate limit"): 300 requests per minute per account, then 429s for up to 60 s. */
export const DYN_RATE_BUDGET: RateBudget = { limit: 300, windowMs: 60_000 };

/** This client's share of the account's requests per minute, when other clients use the account too. */
export const DYN_RATE_LIMIT_VARIABLE = 'EDGEPLAN_DYN_RATE_LIMIT';
const RATE_LIMIT = DYN_RATE_LIMIT_VARIABLE;

/**
 * Lists every missing or unusable variable by name. Never includes a variable's value (the password is one); a URL
 * with credentials is shown with them as `***`.
 */
export class DynConfigError extends EnvConfigError {
  override readonly code = 'EP1902';
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
    ...baseUrlProblems(names.url, url),
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

/**
 * This client's share of the account's requests per minute: `--dns-rate-limit` (`flag`), else
 * EDGEPLAN_DYN_RATE_LIMIT; undefined when neither is set (the provider then paces to the documented or announced
 * limit). The variable is checked even when the flag wins, so a bad value is never silently kept for the next run.
 */
export function dynRateShare(
  flag: number | undefined,
  env: Env,
): { limit: number; windowMs: number } | undefined {
  const limit = flag ?? dynRateLimitFromEnv(env);
  if (flag !== undefined) dynRateLimitFromEnv(env);
  return limit === undefined ? undefined : { limit, windowMs: 60_000 };
}
