import type { Env } from '../providers/http/env-config.js';
import { VERSION } from './version.js';

/** The User-Agent of every request edgeplan sends, unless EDGEPLAN_USER_AGENT gives another. */
export const DEFAULT_USER_AGENT = `edgeplan/${VERSION}`;

/**
 * EDGEPLAN_USER_AGENT (trimmed; blank counts as unset), else DEFAULT_USER_AGENT: sent to every service, DNS and WAF,
 * so that their logs and support name the client. The WAF API refuses requests without one.
 */
export function userAgentFrom(env: Env): string {
  return env.EDGEPLAN_USER_AGENT?.trim() || DEFAULT_USER_AGENT;
}
