import {
  type Env,
  EnvConfigError,
  envValue,
  isHttpUrl,
  rateLimitFromEnv,
  urlCredentialsProblems,
} from '../http/env-config.js';
import type { DynCredentials } from './session.js';

/** What the Dyn provider needs from the environment (README, "Commands", environment). */
export interface DynConfig extends DynCredentials {
  /** Base address including the REST prefix, e.g. `https://api.dynect.net/REST`. */
  url: string;
}

const VARIABLES = {
  url: 'EDGEPLAN_DYN_URL',
  customerName: 'EDGEPLAN_DYN_CUSTOMER',
  userName: 'EDGEPLAN_DYN_USER',
  password: 'EDGEPLAN_DYN_PASSWORD',
} as const satisfies Record<keyof DynConfig, string>;

/** This client's share of the account's requests per minute, when other clients use the account too. */
const RATE_LIMIT = 'EDGEPLAN_DYN_RATE_LIMIT';

/**
 * Lists every missing or unusable variable by name. Never includes a variable's value (the password is one); a URL
 * with credentials is shown with them as `***`.
 */
export class DynConfigError extends EnvConfigError {
  override readonly name = 'DynConfigError';

  constructor(missing: string[], invalid: string[]) {
    super('DNS service', missing, invalid);
  }
}

/** Reads EDGEPLAN_DYN_*; an empty value counts as missing, a URL with a user name or password is refused. */
export function dynConfigFromEnv(env: Env): DynConfig {
  const value = (name: string) => envValue(env, name);
  const missing = Object.values(VARIABLES).filter((name) => value(name) === undefined);
  const url = value(VARIABLES.url);
  const invalid = [
    ...(url !== undefined && !isHttpUrl(url) ? [`${VARIABLES.url} (an http(s) URL)`] : []),
    ...urlCredentialsProblems(VARIABLES.url, url, `${VARIABLES.userName} and ${VARIABLES.password}`),
    ...rateLimitFromEnv(env, RATE_LIMIT, 'minute').problems,
  ];
  if (missing.length || invalid.length) throw new DynConfigError(missing, invalid);
  return {
    url: url ?? '',
    customerName: value(VARIABLES.customerName) ?? '',
    userName: value(VARIABLES.userName) ?? '',
    // Passwords are taken as given: surrounding spaces may be part of one.
    password: env[VARIABLES.password] ?? '',
  };
}

/** EDGEPLAN_DYN_RATE_LIMIT: requests per minute this client may use of the account's; undefined when unset. */
export function dynRateLimitFromEnv(env: Env): number | undefined {
  const { value, problems } = rateLimitFromEnv(env, RATE_LIMIT, 'minute');
  if (problems.length) throw new DynConfigError([], problems);
  return value;
}
