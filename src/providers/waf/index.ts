import { type Logger, silentLogger } from '../../model/logger.js';
import type { WafProviderPort } from '../../model/provider.js';
import type { RateLimitStatus } from '../../model/waf.js';
import type { DecisionSink } from '../http/decisions.js';
import type { RetryOptions } from '../http/retry.js';
import type { RateBudget, RateEvent } from '../http/scheduler.js';
import { serviceTransports } from '../http/service-transports.js';
import { realSleep } from '../http/sleep.js';
import { WafClient } from './client.js';
import { wafCompiler } from './compile.js';
import type { WafConfig } from './config.js';
import { REQUESTS_PER_WAF_OP, WAF_PROVIDER } from './ops.js';
import { type PurgeResult, purgeWebapp } from './purge.js';
import type { RateWindow } from './rate-limit.js';
import { readWaf } from './read.js';
import { WafWriter } from './write.js';

export { WafClient } from './client.js';
export { wafCompiler } from './compile.js';
export {
  WAF_VARIABLES,
  type WafConfig,
  WafConfigError,
  wafConfigFromEnv,
  wafRateLimitFromEnv,
} from './config.js';
export {
  WafApiError,
  WafAuthError,
  WafChangeFailedError,
  WafChangeTimeoutError,
  WafForbiddenError,
  WafPurgeLimitError,
  WafRateLimitError,
  WafVerifyError,
  WafWireError,
} from './errors.js';
export { labelWafOp } from './op-label.js';
export { parseWafOp, WAF_OP_SCHEMA, WafOpError } from './op-schema.js';
export {
  type PurgeCacheOp,
  REQUESTS_PER_WAF_OP,
  type SetGoodBotsOp,
  WAF_PROVIDER,
  type WafOp,
} from './ops.js';
export type { PurgeResult } from './purge.js';
export { DOCUMENTED_PURGE_LIMIT, type PurgeBucket } from './purge-bucket.js';
export type { RateWindow } from './rate-limit.js';
export { bulkGoodBotsRequest } from './write-api.js';

/** The service's limit (Oracle Dyn WAS help, "Using the API"): 500 requests per hour per client address, the token endpoint included. */
export const WAF_RATE_BUDGET: RateBudget = { limit: 500, windowMs: 3_600_000 };

export interface WafProviderOptions extends WafConfig {
  logger?: Logger;
  /** Webapps read in parallel (default 16; the rate-limit scheduler paces them). */
  concurrency?: number;
  /**
   * This client's share of the budget of its address, when other clients use it too (`--waf-rate-limit`): never
   * more per window, whatever the service announces. Default: the documented WAF_RATE_BUDGET, replaced by the limit
   * the service announces in its `X-RateLimit-*` headers.
   */
  rateLimit?: RateBudget;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  changeTimeoutMs?: number;
  maxRateLimitWaitMs?: number;
  /** Told the rate-limit scheduler's waits and answers, for progress and the apply report. */
  onRateEvent?: (event: RateEvent) => void;
  /** Told of every repeat and every decision about a lost answer (http/decisions.ts). */
  onDecision?: DecisionSink;
  /** Stops the reads (WafClientOptions.signal): an interrupt, or another service's failure that ends the run. */
  signal?: AbortSignal;
  /** Injected time, for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface WafProvider extends WafProviderPort {
  readonly client: WafClient;
  /** The rate-limit window as the last response reported it (null before any response). */
  rateWindow(): RateWindow | undefined;
  /**
   * The purge bucket as far as this run knows it (purge-bucket.ts): as the last purge answer left it, else the whole
   * limit (the documented 20 until a purge answer announces another).
   */
  purgeWindow(): RateWindow;
  rateLimit(): RateLimitStatus | null;
  /** Purges a webapp's cache (`paths` empty: all of it) and waits for the purge to finish (purge.ts). */
  purge(ref: string, paths: readonly string[]): Promise<PurgeResult>;
  /** Closes the connection pools. Safe to call more than once. */
  close(): Promise<void>;
}

/** The WAF provider: one transport for the API root, one for the token endpoint, one client, one token. */
export function createWafProvider(options: WafProviderOptions): WafProvider {
  const logger = options.logger ?? silentLogger;
  const sleep = options.sleep ?? realSleep;
  // One scheduler for both transports: token requests count against the same budget.
  const open = serviceTransports(
    { ...options, logger, sleep },
    {
      service: 'WAF',
      documented: WAF_RATE_BUDGET,
      share: options.rateLimit?.limit,
      maxWaitMs: options.maxRateLimitWaitMs,
    },
  );
  const api = open(options.url);
  const token = open(options.tokenUrl);
  const client = new WafClient({
    api,
    token,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    logger,
    sleep,
    now: options.now,
    random: options.random,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs,
    signal: options.signal,
  });
  const writer = new WafWriter(client, {
    sleep,
    now: options.now,
    logger,
    changeTimeoutMs: options.changeTimeoutMs,
    onDecision: options.onDecision,
  });
  return {
    name: WAF_PROVIDER,
    requestsPerCall: REQUESTS_PER_WAF_OP,
    // The client id names an API client, not the account: plan and apply may use different clients of one account.
    account: { binding: { url: options.url.replace(/\/+$/, '') }, details: { clientId: options.clientId } },
    client,
    ...wafCompiler,
    readWaf: (refs) => readWaf(client, refs, options.concurrency),
    execute: (op) => writer.execute(op),
    rateWindow: () => client.rateLimit.current(),
    purgeWindow: () => {
      const known = client.purgeBucket.known();
      const limit = client.purgeBucket.limit();
      // Unknown: the whole limit, as a window that has already reset.
      if (!known) return { limit, remaining: limit, resetAtMs: 0 };
      const nowMs = (options.now ?? Date.now)();
      return { limit: known.limit, remaining: known.remaining, resetAtMs: nowMs + known.resetSeconds * 1000 };
    },
    rateLimit: () => client.rateLimit.status(),
    purge: (ref, paths) =>
      purgeWebapp(client, ref, paths, {
        sleep,
        now: options.now ?? Date.now,
        timeoutMs: options.changeTimeoutMs,
      }),
    async close() {
      await Promise.all([api.close(), token.close()]);
    },
  };
}
