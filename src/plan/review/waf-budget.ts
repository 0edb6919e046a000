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
  /** `requests`: the 500 requests an hour; `purges`: the cache-purge bucket (20 an hour), counted apart. */
  bucket: 'requests' | 'purges';
  /** Requests (or purges) the WAF changes need at least (see WafPlanBudget). */
  needed: number;
  remaining: number;
  limit: number;
  resetInSeconds: number;
}

/**
 * Whether the plan's WAF changes can finish inside what is left of each of the WAF's buckets, pure: the requests
 * of the current rate-limit window, and the cache purges of the purge bucket (`purges`: as far as the run knows it,
 * which before any purge answer is the whole limit: the API reports that bucket only in purge answers). Null when
 * they can, when the plan changes no webapp, or when the service reports no window. A window whose reset time has
 * passed counts as full. Plan and apply call this before sending anything: a change started without the requests to
 * poll and verify it would be left half-watched, and a purge the bucket cannot cover would fail after the bots
 * changed.
 */
export function wafBudgetShortfall(
  plan: Plan,
  window: WafBudgetWindow | undefined,
  nowMs: number,
  purges?: WafBudgetWindow,
): WafBudgetShortfall | null {
  // A plan changing no webapp spends nothing of the WAF's, though `applyRequests` counts the re-read; a purge step
  // only ever follows its webapp's step (build-steps.ts), and every step has ops. (`plan.waf === undefined` made
  // false is an equivalent mutant: a plan with a webapp step always has `waf`; the test narrows the type.)
  if (plan.waf === undefined || !plan.steps.some((step) => step.kind === 'webapp')) return null;
  return (
    shortfallIn('purges', plan.waf.purges ?? 0, purges, nowMs) ??
    shortfallIn('requests', plan.waf.applyRequests, window, nowMs)
  );
}

function shortfallIn(
  bucket: WafBudgetShortfall['bucket'],
  needed: number,
  window: WafBudgetWindow | undefined,
  nowMs: number,
): WafBudgetShortfall | null {
  if (window === undefined) return null;
  const expired = window.resetAtMs <= nowMs;
  const remaining = expired ? window.limit : window.remaining;
  if (needed <= remaining) return null;
  return {
    bucket,
    needed,
    remaining,
    limit: window.limit,
    resetInSeconds: expired ? 0 : Math.max(0, Math.ceil((window.resetAtMs - nowMs) / 1000)),
  };
}

/** The refusal as one sentence for people. */
export function describeShortfall(s: WafBudgetShortfall): string {
  if (s.bucket === 'purges') {
    const left =
      s.remaining >= s.limit
        ? 'more than the bucket holds'
        : `but only ${s.remaining} remain; it resets in ${formatSeconds(s.resetInSeconds)}`;
    return (
      `refusing to apply: the purges after apply need ${s.needed} of the WAF's ${s.limit} cache purges an hour, ` +
      `${left}. Nothing was sent; purge fewer webapps (purge_after_apply) or apply them in turns ` +
      '(--target webapp:NAME).'
    );
  }
  return (
    `refusing to apply: the WAF changes need at least ${s.needed} requests, but only ${s.remaining} of ` +
    `${s.limit} remain in the current rate-limit window; it resets in ${formatSeconds(s.resetInSeconds)}. ` +
    'Nothing was sent; run apply again after the reset.'
  );
}
