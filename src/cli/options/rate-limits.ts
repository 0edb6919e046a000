import type { RateBudget } from '../../providers/http/scheduler.js';
import { WAF_RATE_BUDGET, wafRateLimitFromEnv } from '../../providers/waf/index.js';
import type { CliIo } from '../io.js';

/**
 * This client's share of a service's rate budget when other tools use the same account (DNS) or address (WAF):
 * `--dns-rate-limit N` requests per minute, `--waf-rate-limit N` per hour, else EDGEPLAN_DYN_RATE_LIMIT and
 * EDGEPLAN_WAF_RATE_LIMIT. The variables are checked even when a flag wins, so a bad value is never silently kept
 * for the next run. Undefined: no share set; the provider then uses the documented limit or the announced one.
 */
export interface RateLimitFlags {
  dnsRateLimit?: number;
  wafRateLimit?: number;
}

export function wafRateShare(flags: RateLimitFlags, io: Pick<CliIo, 'env'>): RateBudget | undefined {
  const fromEnv = wafRateLimitFromEnv(io.env);
  const limit = flags.wafRateLimit ?? fromEnv;
  return limit === undefined ? undefined : { limit, windowMs: WAF_RATE_BUDGET.windowMs };
}
