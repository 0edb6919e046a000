import type { RateLimitStatus } from '../model/waf.js';

/**
 * The WAF request budget of a plan (the service allows 500 requests per hour per client address).
 * `applyRequests` is the least the apply uses: per changed webapp the requests of its calls (a bulk PUT, one status
 * poll and one read-back), then the re-read that checks convergence (`rereadRequests`). A change that takes longer
 * costs one more poll per 1–5 s of waiting, and an expired token one more token request.
 */
export interface WafPlanBudget {
  applyRequests: number;
  rereadRequests: number;
  /** The window after the plan's own reads; null when the service sent no rate-limit headers. */
  rateLimit: RateLimitStatus | null;
}
