import { readFileSync } from 'node:fs';
import type { Env } from '../providers/http/env-config.js';

/** The package version; src/connect and dist/connect both sit two levels below package.json. */
const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The User-Agent of every request edgeplan sends, unless EDGEPLAN_USER_AGENT gives another. */
export const DEFAULT_USER_AGENT = `edgeplan/${VERSION}`;

/**
 * EDGEPLAN_USER_AGENT (trimmed; blank counts as unset), else DEFAULT_USER_AGENT: sent to every service, DNS and WAF,
 * so that their logs and support name the client. The WAF API refuses requests without one.
 */
export function userAgentFrom(env: Env): string {
  return env.EDGEPLAN_USER_AGENT?.trim() || DEFAULT_USER_AGENT;
}
