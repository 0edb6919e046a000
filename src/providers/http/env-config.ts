import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { ErrorCode } from '../../model/error-codes.js';
import { hasUserinfo, redactUserinfo } from './redact.js';

/**
 * Reading a service's settings from the environment, shared by every provider: an empty or blank value counts as
 * missing, and errors name the variables, never their values (passwords and client secrets are among them); a URL
 * refused for carrying credentials is shown with them as `***`.
 */

export type Env = Readonly<Record<string, string | undefined>>;

/** The trimmed value, or undefined when unset or blank. Secrets are read with `env[name]` as given instead. */
export function envValue(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

export function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * EnvConfigError's entries for a variable holding a service's base URL (none when it is unset or usable): an http(s)
 * URL, without a query or a fragment, which the request paths added to its end would turn into part of them.
 */
export function baseUrlProblems(name: string, text: string | undefined): string[] {
  if (text === undefined) return [];
  if (!isHttpUrl(text)) return [`${name} (an http(s) URL)`];
  if (text.includes('?') || text.includes('#'))
    return [
      `${name} (an http(s) URL without a query "?…" or fragment "#…": request paths are added to its end)`,
    ];
  return [];
}

/**
 * EnvConfigError's entry for a secret sent as an HTTP header's value (none when it is unset or usable): printable
 * ASCII only, spaces included. A CR or LF would split the header, and the runtime's refusal would quote the value
 * and be taken for a network error (and retried); the entry names the variable, never the value.
 */
export function headerValueProblems(name: string, value: string | undefined): string[] {
  if (value === undefined || /^[\x20-\x7e]*$/.test(value)) return [];
  return [`${name} (printable ASCII characters only: it is sent in an HTTP header)`];
}

/**
 * A variable holding a rate limit: a whole number of requests ≥ 1 (`per` names the window, e.g. `minute`), or
 * undefined when unset; an unusable value is a problem naming the variable and what it must be.
 */
export function rateLimitFromEnv(
  env: Env,
  name: string,
  per: string,
): { value?: number; problems: string[] } {
  const text = envValue(env, name);
  if (text === undefined) return { problems: [] };
  if (/^\d+$/.test(text) && Number(text) >= 1) return { value: Number(text), problems: [] };
  return { problems: [`${name} (a whole number of requests per ${per}, at least 1)`] };
}

/**
 * EnvConfigError's entry for an http(s) URL that carries a user name or password (none otherwise). Refused: a URL
 * is printed in messages and logs, so credentials belong in the variables named by `instead`.
 */
export function urlCredentialsProblems(name: string, text: string | undefined, instead: string): string[] {
  if (text === undefined || !isHttpUrl(text)) return [];
  const url = new URL(text);
  if (!hasUserinfo(url)) return [];
  return [`${name} (credentials in a URL are refused: ${redactUserinfo(url.href)}; set ${instead} instead)`];
}

/** Every missing variable and every unusable one (`NAME (what it must be)`), by name only. */
export class EnvConfigError extends EdgeplanError {
  override readonly code: ErrorCode = 'EP1901';
  override readonly name: string = 'EnvConfigError';

  constructor(
    service: string,
    readonly missing: string[],
    readonly invalid: string[],
  ) {
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      invalid.length ? `not usable: ${invalid.join(', ')}` : '',
    ].filter(Boolean);
    super(`${service} configuration: ${parts.join('; ')}`);
  }
}
