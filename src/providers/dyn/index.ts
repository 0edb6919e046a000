import type { PublishNotRead, PublishRecord } from '../../model/audit-note.js';
import type { DnsProvider, WithGeoServices, WithSecondaryZones } from '../../model/dns.js';
import { type Logger, silentLogger } from '../../model/logger.js';
import type { CreatedZoneFate, PlannedTarget } from '../../model/provider.js';
import type { Target } from '../../model/target.js';
import type { DecisionSink } from '../http/decisions.js';
import type { RetryOptions } from '../http/retry.js';
import type { RateBudget, RateEvent } from '../http/scheduler.js';
import { serviceTransports } from '../http/service-transports.js';
import { DYN_CAPABILITIES, DYN_PROVIDER } from './capabilities.js';
import { dynCompiler } from './compile/compile.js';
import type { DynConfig } from './config.js';
import { DYN_RATE_BUDGET } from './config.js';
import { readAccountZones, readZones, type ZoneLookup } from './read/read.js';
import { readDynInventory } from './read/read-inventory.js';
import { readLastPublish } from './read/read-notes.js';
import { readGeoServices, readSecondaryZones } from './read/read-services.js';
import type { ZoneCache } from './read/zone-cache.js';
import type { BusyPolicy } from './session/busy.js';
import { DynClient } from './session/client.js';
import type { SessionRenewal } from './session/session.js';
import { DynWriter } from './write/write.js';

export { DYN_CAPABILITIES, DYN_PROVIDER } from './capabilities.js';
export { dynApplyRequests } from './compile/apply-requests.js';
export { dynCompiler } from './compile/compile.js';
export { labelDynOp } from './compile/op-label.js';
export { DYN_OP_SCHEMA, DynOpError, parseDynOp } from './compile/op-schema.js';
export type {
  DynGeoOp,
  DynOp,
  DynSecondaryOp,
  DynZoneFileOp,
  DynZoneOp,
  ZoneFileSet,
} from './compile/ops.js';
export {
  DYN_ENV_DEFAULTS,
  DYN_RATE_BUDGET,
  type DynConfig,
  DynConfigError,
  dynConfigFromEnv,
  dynRateLimitFromEnv,
} from './config.js';
export {
  DynApiError,
  DynBaseUrlError,
  DynJobLostError,
  DynJobTimeoutError,
  DynLoginError,
  DynPublishUnknownError,
  DynSessionClosedError,
  DynSessionLostError,
  DynWireError,
} from './errors.js';
export { createFileZoneCache, type ZoneCache, type ZoneCacheAccount } from './read/zone-cache.js';
export { type BusyPolicy, DynBusyError } from './session/busy.js';
export { DynClient, type DynRequest } from './session/client.js';
export type { SessionRenewal } from './session/session.js';
export { DynZoneChangedError, type ZoneChangeSign } from './write/write-conflict.js';
export { describeOp, retryPolicyOf } from './write/write-request.js';
export { DynZoneFileError } from './write/zone-file-write.js';

export interface DynProviderOptions extends DynConfig {
  /** The name plan steps give it: its key under `providers:` in the desired state; default `dyn`. */
  name?: string;
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
  /** Told the rate-limit scheduler's waits and answers, for progress and the apply report. */
  onRateEvent?: (event: RateEvent) => void;
  /** Bound on the wait for one job. */
  jobTimeoutMs?: number;
  /** How long busy refusals (job running, zone task) are waited out (busy.ts). */
  busy?: BusyPolicy;
  onSessionRenewed?: (renewal: SessionRenewal) => void;
  /**
   * Stops the provider's reads (an interrupt, or another service's failure that ends the run); writes already
   * started run to their answer, discards and the logout are always sent. See DynClient.
   */
  signal?: AbortSignal;
  /** Told of every repeat and every decision about a lost answer (http/decisions.ts). */
  onDecision?: DecisionSink;
  /** Injected time, for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/** A DnsProvider whose zones are transactions: `begin` and `discard` are always there. */
export type DynProvider = DnsProvider &
  WithSecondaryZones &
  WithGeoServices & {
    readonly client: DynClient;
    begin(planned: PlannedTarget): void;
    discard(target: Target): Promise<CreatedZoneFate | undefined>;
    /** The budget the client paces to now (the announced limit once the service has sent one); unpaced: undefined. */
    rateBudget(): RateBudget | undefined;
    /** The zone's last publish from its notes (drift tells edgeplan's publishes from others'); best-effort. */
    readLastPublish(zone: string): Promise<PublishRecord | PublishNotRead | null>;
    /** Logs out; the next read logs in again. */
    endSession(): Promise<void>;
  };

/**
 * The DNS provider for a Dyn-style service: one transport (connection pool), one client, one session per
 * provider. `close()` logs out for good (a call still running cannot log in again) and closes the pool; it is safe
 * to call more than once.
 */
export function createDynProvider(options: DynProviderOptions): DynProvider {
  const logger = options.logger ?? silentLogger;
  const share = options.rateLimit === false ? false : options.rateLimit?.limit;
  const transports = serviceTransports(
    { ...options, logger },
    { service: 'DNS', documented: DYN_RATE_BUDGET, share },
  );
  const transport = transports(options.url);
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
    signal: options.signal,
    onDecision: options.onDecision,
  });
  const writer = new DynWriter(client, logger);
  // The session's first read (the plan's) lists the account's zones; later ones (the check after an apply) read
  // each zone alone: its zones exist by then (read/read.ts, ZoneLookup). A cache (`--cache`) serves the first read
  // of a later session, whose zone list gives the serials to compare.
  let lookup: ZoneLookup = 'listed';

  return {
    name: options.name ?? DYN_PROVIDER,
    capabilities: DYN_CAPABILITIES,
    // The customer is the account; the user is not part of it (a read-only user may plan what another applies).
    account: { binding: { url: options.url.replace(/\/+$/, ''), customer: options.customerName } },
    client,
    ...dynCompiler,
    readZones: (zones) => {
      const read = readZones(client, zones, options.concurrency, options.cache, lookup);
      lookup = 'direct';
      return read;
    },
    readAccountZones: () => readAccountZones(client),
    readSecondaryZones: () => readSecondaryZones(client),
    readGeoServices: () => readGeoServices(client),
    readInventory: (select) => readDynInventory(client, select.zones, select.geoServices),
    begin: (planned) => writer.begin(planned),
    execute: (op, run) => writer.execute(op, run),
    readLastPublish: (zone) => readLastPublish(client, zone),
    endSession: () => client.logout(),
    discard: (target) => writer.discard(target),
    rateBudget: () => transports.budget(),
    async close() {
      await client.close();
      await transport.close();
    },
  };
}
