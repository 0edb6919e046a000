import type { GoodBotsMode, RateLimitStatus } from '../model/waf.js';

/** A bot as the plan shows it: name for people, id for the API. */
export interface BotRef {
  id: string;
  name: string;
}

/** What changes in one webapp's good bots. Only webapps with changes are in a plan. */
export interface WebappPlan {
  /** The live name. */
  webapp: string;
  webappId: string;
  mode: GoodBotsMode;
  /** Bots to enable, sorted by name then id. */
  enable: BotRef[];
  /** Bots to disable (exact mode only), sorted by name then id. */
  disable: BotRef[];
}

/**
 * The WAF request budget of a plan (the service allows 500 requests per hour per IP, api/waf.md §6).
 * `applyRequests` is the least the apply uses: per changed webapp one bulk PUT, one status poll and one read-back,
 * then the re-read that checks convergence (`rereadRequests`). A change that takes longer costs one more poll per
 * 1–5 s of waiting, and an expired token one more token request.
 */
export interface WafPlanBudget {
  applyRequests: number;
  rereadRequests: number;
  /** The window after the plan's own reads; null when the service sent no rate-limit headers. */
  rateLimit: RateLimitStatus | null;
}
