import { count } from '../../model/text.js';
import { formatSeconds } from '../review/waf-budget.js';
import type { Plan, PlanStep } from '../types.js';

/** What an apply of a provider's steps sends, and its rate budget if it paces: the plan's `Apply:` line. */
export interface ApplyPace {
  /** The provider whose steps it counts (`PlanStep.provider`). */
  provider: string;
  /** Names the service in text: `DNS`. */
  service: string;
  /** Requests allowed per window; absent for a provider that does not pace (the line then states no duration). */
  budget?: { limit: number; windowMs: number };
  /**
   * Requests the apply of the provider's steps sends: their calls, the reads they need (a Dyn publish reads the
   * serial first), and the check after the apply (providers/dyn/write/write-request.ts).
   */
  requests(steps: readonly PlanStep[]): number;
}

/** `300/min`, `300 requests/min`, `500/hour`, `50 requests per 10 s`. */
export function rateText(limit: number, windowMs: number, noun?: string): string {
  const what = noun ? `${count(limit)} ${noun}` : count(limit);
  if (windowMs === 60_000) return `${what}/min`;
  if (windowMs === 3_600_000) return `${what}/hour`;
  return `${what} per ${formatSeconds(Math.round(windowMs / 1000))}`;
}

/** `42 s`, `3 min 20 s`; from 10 minutes on, whole minutes; from 2 hours on, whole hours. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 600) return formatSeconds(seconds);
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/**
 * The requests of the plan's apply, one line per provider with steps (named when there are several), and for a
 * paced one its expected duration at the budget: `Apply: 1,007 DNS requests, ≈ 3 min 21 s at 300 requests/min.`,
 * `Apply: 3 DNS requests to pdns.` The requests are what the apply sends after the plan, the check after it
 * included (the apply report counts the same for a paced provider); the duration is requests ÷ rate, what the
 * budget allows: a window already spent by others, and the service's own latency, aside.
 */
export function durationLines(plan: Plan, paces: readonly ApplyPace[]): string[] {
  const stated = paces
    .map((pace) => ({ pace, steps: plan.steps.filter((step) => step.provider === pace.provider) }))
    .filter(({ steps }) => steps.length > 0);
  return stated.map(({ pace: { provider, service, budget, requests: counted }, steps }) => {
    const to = stated.length > 1 ? ` to ${provider}` : '';
    const requests = `Apply: ${count(counted(steps))} ${service} requests${to}`;
    if (!budget) return `${requests}.`;
    const ms = (counted(steps) * budget.windowMs) / budget.limit;
    return `${requests}, ≈ ${durationText(ms)} at ${rateText(budget.limit, budget.windowMs, 'requests')}.`;
  });
}
