import type { Logger } from '../../model/logger.js';
import type { DecisionSink } from './decisions.js';
import type { RetryOptions } from './retry.js';
import { type RateBudget, type RateEvent, RequestScheduler } from './scheduler.js';
import { createHttpTransport, type HttpTransport } from './transport.js';

/** What every provider passes to its transports. */
export interface ServiceHttpOptions {
  logger: Logger;
  /** Per-attempt HTTP timeout. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** Told the rate-limit scheduler's waits and answers (scheduler.ts), for progress and the apply report. */
  onRateEvent?: (event: RateEvent) => void;
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
/** Opens a transport to a base URL; `budget()`: what the shared scheduler paces to now (undefined: not paced). */
export type ServiceTransports = ((baseUrl: string) => HttpTransport) & { budget(): RateBudget | undefined };

export function serviceTransports(options: ServiceHttpOptions, pacing: ServicePacing): ServiceTransports {
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
          onEvent: options.onRateEvent,
          now: options.now,
          sleep: options.sleep,
        });
  const open = (baseUrl: string) =>
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
  return Object.assign(open, { budget: () => scheduler?.budget });
}
