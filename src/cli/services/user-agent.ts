import type { CliIo } from '../io.js';
import { VERSION } from '../version.js';

/** The User-Agent of every request edgeplan sends, unless EDGEPLAN_USER_AGENT gives another. */
export const DEFAULT_USER_AGENT = `edgeplan/${VERSION}`;

/**
 * EDGEPLAN_USER_AGENT (trimmed; blank counts as unset), else DEFAULT_USER_AGENT: sent to every service, DNS and WAF,
 * so that their logs and support name the client. The WAF API refuses requests without one.
 */
export function userAgentOf(io: CliIo): string {
  return io.env.EDGEPLAN_USER_AGENT?.trim() || DEFAULT_USER_AGENT;
}
