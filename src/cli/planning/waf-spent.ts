import type { ReviewOptions } from '../../engine/plan-reviewed.js';
import type { DesiredState } from '../../model/dns.js';
import { usesDns } from '../../model/dns-scope.js';
import { utcClockAfter } from '../../model/seconds.js';
import type { ApplyPace } from '../../plan/render/duration.js';
import { formatSeconds } from '../../plan/review/waf-budget.js';
import type { Plan } from '../../plan/types.js';
import { RateLimitWaitError } from '../../providers/http/errors.js';
import { WafRateLimitError } from '../../providers/waf/index.js';
import type { CliIo } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { reviewOnce, type WhileOpen } from './review.js';

/** The plan as `plan` and `drift` read it, and why the WAF part is missing from it, if it is. */
export interface ReviewedPart {
  plan: Plan;
  /** The pace of each service's writes, for the plan's duration line (review.ts). */
  paces: ApplyPace[];
  /** Set when the WAF's hourly budget was spent: the plan covers the DNS part only. For people, one paragraph. */
  wafNotRead?: string;
}

/**
 * reviewOnce, except that a WAF whose hourly request budget is spent does not cost the DNS part: the DNS part in
 * scope is planned alone and the WAF is reported as not read, with when its window resets and what to do. The
 * caller exits 1 then (the WAF part was asked for). Without a DNS part in scope, or with `--target` patterns
 * that name only webapps, the error stands. The DNS is read again for the retry (the first read ran beside the
 * WAF's and is not kept); a desired state without a `waf` section in scope never reads the WAF at all.
 */
export async function reviewDnsIfWafSpent(
  desired: DesiredState,
  options: ServiceOptions,
  io: CliIo,
  whileOpen?: WhileOpen,
  review?: ReviewOptions,
): Promise<ReviewedPart> {
  try {
    return await reviewOnce(desired, options, io, whileOpen, review);
  } catch (error) {
    const spent = wafBudgetSpent(error);
    if (!spent || !desired.waf) throw error;
    const { waf: _waf, ...dns } = desired;
    const targets = options.target?.filter((pattern) => !pattern.startsWith('webapp:'));
    if (!usesDns(dns) || (options.target?.length && !targets?.length)) throw error;
    const reviewed = await reviewOnce(
      dns,
      { ...options, ...(targets ? { target: targets } : {}) },
      io,
      whileOpen,
      review,
    );
    return { ...reviewed, wafNotRead: wafNotReadText(spent, io.now?.() ?? Date.now()) };
  }
}

/** The WAF's budget this hour: the service's window, or this client's share of it (`--waf-rate-limit`). */
interface SpentBudget {
  /** Requests per hour, when known. */
  limit?: number;
  resetInSeconds: number;
  ownShare: boolean;
}

function wafBudgetSpent(error: unknown): SpentBudget | undefined {
  if (error instanceof WafRateLimitError)
    return {
      ...(error.limit === undefined ? {} : { limit: error.limit }),
      resetInSeconds: error.resetInSeconds,
      ownShare: false,
    };
  if (error instanceof RateLimitWaitError && error.service === 'WAF')
    return { resetInSeconds: Math.ceil(error.waitMs / 1000), ownShare: error.ownShare };
  return undefined;
}

/** "WAF not read: …", the reset as a duration and a UTC clock time, and the two ways on. */
function wafNotReadText(spent: SpentBudget, nowMs: number): string {
  const at = utcClockAfter(nowMs, spent.resetInSeconds);
  const limit = spent.limit === undefined ? '' : ` (${spent.limit} requests per hour)`;
  const budget = spent.ownShare
    ? "this client's share (--waf-rate-limit) of the hourly budget"
    : `its hourly request budget${limit}`;
  return (
    `WAF not read: ${budget} is spent; it resets in ${formatSeconds(spent.resetInSeconds)}, at ${at}. ` +
    'The DNS part is planned above; the webapps are not. Run again after the reset for the whole plan, or leave ' +
    "the WAF out with --target (e.g. --target 'zone:*')."
  );
}
