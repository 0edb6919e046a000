import { resolve } from 'node:path';
import { type DnsProviderSpec, dynEnvNames } from '../model/dns-provider-spec.js';
import type { Logger } from '../model/logger.js';
import {
  createDynProvider,
  createFileZoneCache,
  type DynProvider,
  dynConfigFromEnv,
  type ZoneCache,
  type ZoneCacheAccount,
} from '../providers/dyn/index.js';
import type { RateEvent } from '../providers/http/scheduler.js';
import type { CliIo } from './io.js';
import { dnsRateShare, type RateLimitFlags } from './rate-limits.js';
import { type RunningSandbox, sandboxAccount } from './sandbox.js';
import { userAgentOf } from './user-agent.js';

export interface DnsTarget {
  provider: DynProvider;
  /** Logs out (the sandbox, if any, belongs to the caller). */
  close(): Promise<void>;
}

/**
 * The DNS service a command talks to: the in-process emulator of `--sandbox` when one runs (its demo credentials,
 * sandbox.ts), otherwise the service named by EDGEPLAN_DYN_* or by the variables the provider's entry names.
 */
export function openDnsTarget(
  /** `signal`: stops the provider's reads (services.ts aborts it when the command ends, a failure included). */
  options: RateLimitFlags & { cache?: string; signal?: AbortSignal },
  io: CliIo,
  logger: Logger,
  sandbox: RunningSandbox | undefined,
  /** Its entry under `providers:` in the desired state, when it has that section: its name and variables. */
  spec?: DnsProviderSpec,
  /** Told the rate-limit scheduler's waits and answers. */
  onRateEvent?: (event: RateEvent) => void,
): DnsTarget {
  const rateLimit = dnsRateShare(options, io);
  const name = spec?.name;
  if (!sandbox) {
    const config = dynConfigFromEnv(io.env, dynEnvNames(spec), name);
    const cache = zoneCache(options.cache, io, config);
    const provider = createDynProvider({
      ...config,
      name,
      userAgent: userAgentOf(io),
      logger,
      rateLimit,
      cache,
      onRateEvent,
      signal: options.signal,
    });
    return { provider, close: () => provider.close() };
  }
  const { url, emulator, realistic } = sandbox;
  const credentials = emulator.credentials;
  const customerName = credentials.customer_name;
  const provider = createDynProvider({
    name,
    url,
    customerName,
    userName: credentials.user_name,
    password: credentials.password,
    userAgent: userAgentOf(io),
    logger,
    // The default sandbox has no DNS rate limit: nothing is paced unless the user sets a share. The realistic one
    // limits as the service does, and the client paces as against the service.
    rateLimit: rateLimit ?? (realistic ? undefined : false),
    onRateEvent,
    // The sandbox listens on a new port each run, so its cache entries match only within one run.
    cache: zoneCache(options.cache, io, { url, customerName }),
    signal: options.signal,
  });
  const account = sandboxAccount(sandbox, { customer: customerName });
  return { provider: { ...provider, account }, close: () => provider.close() };
}

/** `--cache DIR`, relative to the working directory, keyed by the account so two accounts never share entries. */
function zoneCache(dir: string | undefined, io: CliIo, account: ZoneCacheAccount): ZoneCache | undefined {
  return dir
    ? createFileZoneCache(resolve(io.cwd, dir), { url: account.url, customerName: account.customerName })
    : undefined;
}
