import type { DnsProvider } from '../../model/dns.js';
import { type Logger, silentLogger } from '../../model/logger.js';
import type { RetryOptions } from '../http/retry.js';
import { createHttpTransport } from '../http/transport.js';
import { DynClient } from './client.js';
import type { DynConfig } from './config.js';
import { readZones } from './read.js';
import { readGeoServices, readSecondaryZones } from './read-services.js';
import type { SessionRenewal } from './session.js';
import { DynWriter } from './write.js';

export { DynClient } from './client.js';
export { type DynConfig, DynConfigError, dynConfigFromEnv } from './config.js';
export {
  DynApiError,
  DynJobTimeoutError,
  DynLoginError,
  DynSessionLostError,
  DynWireError,
} from './errors.js';
export type { SessionRenewal } from './session.js';
export { type DynRequest, describeOp, retryPolicyOf } from './write.js';

export interface DynProviderOptions extends DynConfig {
  logger?: Logger;
  /** Zones read in parallel (default 4). */
  concurrency?: number;
  /** Per-attempt HTTP timeout. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** Bound on the wait for one job. */
  jobTimeoutMs?: number;
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
  });
  const client = new DynClient({
    transport,
    customerName: options.customerName,
    userName: options.userName,
    password: options.password,
    logger,
    sleep: options.sleep,
    jobTimeoutMs: options.jobTimeoutMs,
    onSessionRenewed: options.onSessionRenewed,
  });
  const writer = new DynWriter(client);

  return {
    client,
    readZones: (zones) => readZones(client, zones, options.concurrency),
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
