import { formatSeconds } from '../../model/seconds.js';
import type { Plan } from '../types.js';

export { formatSeconds };

/** The WAF rate-limit window at the moment apply is about to start; `resetAtMs` is absolute. */
export interface WafBudgetWindow {
  limit: number;
  remaining: number;
  resetAtMs: number;
}

export interface WafBudgetShortfall {
  /** Requests the WAF changes need at least (see WafPlanBudget). */
  needed: number;
  remaining: number;
  limit: number;
  resetInSeconds: number;
}

/**
 * Whether the plan's WAF changes can finish inside the requests left in the current rate-limit window, pure.
 * Null when they can, when the plan changes no webapp, or when the service reports no window. A window whose reset
 * time has passed counts as full. Apply calls this before sending anything: a change started without the requests
 * to poll and verify it would be left half-watched, and the client would then stall until the window resets.
 */
export function wafBudgetShortfall(
  plan: Plan,
  window: WafBudgetWindow | undefined,
  nowMs: number,
): WafBudgetShortfall | null {
  const calls = plan.steps
    .filter((step) => step.kind === 'webapp')
    .reduce((n, step) => n + step.ops.length, 0);
  if (calls === 0 || window === undefined || plan.waf === undefined) return null;
  const needed = plan.waf.applyRequests;
  const expired = window.resetAtMs <= nowMs;
  const remaining = expired ? window.limit : window.remaining;
  if (needed <= remaining) return null;
  return {
    needed,
    remaining,
    limit: window.limit,
    resetInSeconds: Math.max(0, Math.ceil((window.resetAtMs - nowMs) / 1000)),
  };
}

/** The refusal as one sentence for people. */
export function describeShortfall(s: WafBudgetShortfall): string {
  return (
    `refusing to apply: the WAF changes need at least ${s.needed} requests, but only ${s.remaining} of ` +
    `${s.limit} remain in the current rate-limit window; it resets in ${formatSeconds(s.resetInSeconds)}. ` +
    'Nothing was sent; run apply again after the reset.'
  );
}
