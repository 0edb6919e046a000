import type { DnsProvider } from '../../model/dns.js';
import { type Logger, silentLogger } from '../../model/logger.js';
import type { RetryOptions } from '../http/retry.js';
import { type RateBudget, RequestScheduler } from '../http/scheduler.js';
import { createHttpTransport } from '../http/transport.js';
import type { BusyPolicy } from './busy.js';
import { DynClient } from './client.js';
import type { DynConfig } from './config.js';
import { readZones } from './read.js';
import { readGeoServices, readSecondaryZones } from './read-services.js';
import type { SessionRenewal } from './session.js';
import { DynWriter } from './write.js';
import type { ZoneCache } from './zone-cache.js';

export { type BusyPolicy, DynBusyError } from './busy.js';
export { DynClient } from './client.js';
export { type DynConfig, DynConfigError, dynConfigFromEnv, dynRateLimitFromEnv } from './config.js';
export {
  DynApiError,
  DynJobLostError,
  DynJobTimeoutError,
  DynLoginError,
  DynSessionLostError,
  DynWireError,
} from './errors.js';
export type { SessionRenewal } from './session.js';
export { type DynRequest, describeOp, retryPolicyOf } from './write.js';
export { createFileZoneCache, type ZoneCache, type ZoneCacheAccount } from './zone-cache.js';

/** The service's limit (api/dyn.md §10): 300 requests per minute per account, then 429s for up to 60 s. */
export const DYN_RATE_BUDGET: RateBudget = { limit: 300, windowMs: 60_000 };

export interface DynProviderOptions extends DynConfig {
  logger?: Logger;
  /** Zones read in parallel (default 16; the rate-limit scheduler paces them). */
  concurrency?: number;
  /** Zone reads to reuse while a zone's serial is unchanged (`--cache DIR`); see readZones. */
  cache?: ZoneCache;
  /**
   * This client's share of the account's budget, when other clients use it too (`--dns-rate-limit`): never more per
   * window, whatever the service announces. Default: the documented DYN_RATE_BUDGET, replaced by the limit the
   * service announces in `X-RateLimit-*` headers if it does. `false`: no pacing at all, for a server known to have
   * no limit (the in-process sandbox).
   */
  rateLimit?: RateBudget | false;
  /** Per-attempt HTTP timeout. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** Bound on the wait for one job. */
  jobTimeoutMs?: number;
  /** How long busy refusals (job running, zone task) are waited out (busy.ts). */
  busy?: BusyPolicy;
  onSessionRenewed?: (renewal: SessionRenewal) => void;
  /** Injected time, for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export type DynProvider = DnsProvider & { readonly client: DynClient };

/**
 * The DNS provider for a Dyn-style service: one transport (connection pool), one client, one session per
 * provider. `close()` logs out and closes the pool; it is safe to call more than once.
 */
export function createDynProvider(options: DynProviderOptions): DynProvider {
  const logger = options.logger ?? silentLogger;
  const transport = createHttpTransport({
    baseUrl: options.url,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    logger,
    sleep: options.sleep,
    random: options.random,
    now: options.now,
    userAgent: options.userAgent,
    scheduler:
      options.rateLimit === false
        ? undefined
        : new RequestScheduler({
            windowMs: (options.rateLimit ?? DYN_RATE_BUDGET).windowMs,
            limit: (options.rateLimit ?? DYN_RATE_BUDGET).limit,
            share: options.rateLimit?.limit,
            service: 'DNS',
            logger,
            now: options.now,
            sleep: options.sleep,
          }),
  });
  const client = new DynClient({
    transport,
    customerName: options.customerName,
    userName: options.userName,
    password: options.password,
    logger,
    sleep: options.sleep,
    jobTimeoutMs: options.jobTimeoutMs,
    busy: options.busy,
    onSessionRenewed: options.onSessionRenewed,
  });
  const writer = new DynWriter(client);

  return {
    client,
    readZones: (zones) => readZones(client, zones, options.concurrency, options.cache),
    readSecondaryZones: () => readSecondaryZones(client),
    readGeoServices: () => readGeoServices(client),
    execute: (op) => writer.execute(op),
    discardPending: (zone) => writer.discardPending(zone),
    async close() {
      await client.logout();
      await transport.close();
    },
  };
}
