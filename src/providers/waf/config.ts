import {
  baseUrlProblems,
  type Env,
  EnvConfigError,
  envValue,
  isHttpUrl,
  rateLimitFromEnv,
  urlCredentialsProblems,
} from '../http/env-config.js';

/** What the WAF provider needs from the environment (docs/providers/waf.md). */
export interface WafConfig {
  /** API root ending in `/api/v3`, e.g. `https://dojo.zenedge.com/api/v3`. */
  url: string;
  /** Token endpoint; `<origin>/api/oauth/token` unless given. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sent on every call (the service answers 403 without one); default `edgeplan/<version>`. */
  userAgent: string;
}

const VARIABLES = {
  url: 'EDGEPLAN_WAF_URL',
  tokenUrl: 'EDGEPLAN_WAF_TOKEN_URL',
  clientId: 'EDGEPLAN_WAF_CLIENT_ID',
  clientSecret: 'EDGEPLAN_WAF_CLIENT_SECRET',
  userAgent: 'EDGEPLAN_USER_AGENT',
} as const satisfies Record<keyof WafConfig, string>;

/** This client's share of its address's requests per hour, when other clients use the same address too. */
const RATE_LIMIT = 'EDGEPLAN_WAF_RATE_LIMIT';

/** Every variable the WAF provider reads, and what it holds (no provider entry may name one: model ProviderCatalogue). */
export const WAF_VARIABLES: Readonly<Record<string, string>> = {
  [VARIABLES.url]: 'the WAF API address',
  [VARIABLES.tokenUrl]: "the WAF's token endpoint",
  [VARIABLES.clientId]: 'the WAF client id',
  [VARIABLES.clientSecret]: 'the WAF client secret',
  [VARIABLES.userAgent]: 'the User-Agent edgeplan sends',
  [RATE_LIMIT]: "the WAF client's rate limit",
};

/**
 * Lists every missing or unusable variable by name; never includes a value (the client secret is one), and shows a
 * URL with credentials with them as `***`.
 */
export class WafConfigError extends EnvConfigError {
  override readonly code = 'EP1903';
  override readonly name = 'WafConfigError';

  constructor(missing: string[], invalid: string[]) {
    super('WAF service', missing, invalid);
  }
}

/**
 * Reads EDGEPLAN_WAF_* and EDGEPLAN_USER_AGENT; an empty value counts as missing, a URL with a user name or
 * password is refused. `defaultUserAgent` is used without EDGEPLAN_USER_AGENT (the CLI passes `edgeplan/<version>`).
 */
export function wafConfigFromEnv(env: Env, defaultUserAgent: string): WafConfig {
  const value = (name: string) => envValue(env, name);
  const required = [VARIABLES.url, VARIABLES.clientId, VARIABLES.clientSecret];
  const missing = required.filter((name) => value(name) === undefined);
  const url = value(VARIABLES.url);
  const invalid: string[] = [];
  const urlProblems = baseUrlProblems(VARIABLES.url, url);
  if (url !== undefined && urlProblems.length === 0 && !/\/api\/v3\/?$/.test(new URL(url).pathname))
    urlProblems.push(`${VARIABLES.url} (an http(s) URL ending in /api/v3)`);
  invalid.push(...urlProblems);
  const tokenUrl = value(VARIABLES.tokenUrl);
  if (tokenUrl !== undefined && !isHttpUrl(tokenUrl)) invalid.push(`${VARIABLES.tokenUrl} (an http(s) URL)`);
  const instead = `${VARIABLES.clientId} and ${VARIABLES.clientSecret}`;
  invalid.push(
    ...urlCredentialsProblems(VARIABLES.url, url, instead),
    ...urlCredentialsProblems(VARIABLES.tokenUrl, tokenUrl, instead),
    ...rateLimitFromEnv(env, RATE_LIMIT, 'hour').problems,
  );
  if (missing.length || invalid.length) throw new WafConfigError(missing, invalid);
  const root = (url ?? '').replace(/\/+$/, '');
  return {
    url: root,
    tokenUrl: tokenUrl ?? `${new URL(root).origin}/api/oauth/token`,
    clientId: value(VARIABLES.clientId) ?? '',
    // Secrets are taken as given: surrounding spaces may be part of one.
    clientSecret: env[VARIABLES.clientSecret] ?? '',
    userAgent: value(VARIABLES.userAgent) ?? defaultUserAgent,
  };
}

/** EDGEPLAN_WAF_RATE_LIMIT: requests per hour this client may use of its address's; undefined when unset. */
export function wafRateLimitFromEnv(env: Env): number | undefined {
  const { value, problems } = rateLimitFromEnv(env, RATE_LIMIT, 'hour');
  if (problems.length) throw new WafConfigError([], problems);
  return value;
}
