import type { Logger } from '../../model/logger.js';
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
}

/**
 * The transports of one service: every transport the returned function opens (the WAF API and its token endpoint,
 * say) shares one rate-limit scheduler, since the service counts their requests against one budget. `false`: no
 * pacing at all, for a server known to have no limit.
 */
export function serviceTransports(
  options: ServiceHttpOptions,
  budget: RateBudget | false,
): (baseUrl: string) => HttpTransport {
  const scheduler =
    budget === false ? undefined : new RequestScheduler({ budget, now: options.now, sleep: options.sleep });
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
    });
}
