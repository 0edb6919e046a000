import type { Logger } from '../../model/logger.js';
import type { DecisionSink } from './decisions.js';
import type { RetryOptions } from './retry.js';
import { type RateBudget, RequestScheduler } from './scheduler.js';
import { createHttpTransport, type HttpTransport } from './transport.js';

/** What every provider passes to its transports. */
export interface ServiceHttpOptions {
  logger: Logger;
  /** Per-attempt HTTP timeout. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** Injected time, for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Told of every repeat and every decision about a lost answer (decisions.ts). */
  onDecision?: DecisionSink;
}

/** How one service is paced: its documented budget, the user's share of it, and how long a wait may be. */
export interface ServicePacing {
  /** Names the service in messages: `DNS`, `WAF`. */
  service: string;
  /** The documented budget per window. */
  documented: RateBudget;
  /** `--dns-rate-limit` and the like: this client's share of the documented window; `false`: no pacing at all. */
  share?: number | false;
  /** Longest wait made (default: the scheduler's). */
  maxWaitMs?: number;
}

/**
 * The transports of one service: every transport the returned function opens (the WAF API and its token endpoint,
 * say) shares one rate-limit scheduler, since the service counts their requests against one budget. A share of
 * `false` means no pacing at all, for a server known to have no limit.
 */
export function serviceTransports(
  options: ServiceHttpOptions,
  pacing: ServicePacing,
): (baseUrl: string) => HttpTransport {
  const scheduler =
    pacing.share === false
      ? undefined
      : new RequestScheduler({
          windowMs: pacing.documented.windowMs,
          limit: pacing.documented.limit,
          share: pacing.share,
          maxWaitMs: pacing.maxWaitMs,
          service: pacing.service,
          logger: options.logger,
          now: options.now,
          sleep: options.sleep,
        });
  return (baseUrl) =>
    createHttpTransport({
      baseUrl,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      logger: options.logger,
      sleep: options.sleep,
      random: options.random,
      now: options.now,
      userAgent: options.userAgent,
      scheduler,
      onDecision: options.onDecision,
    });
}
