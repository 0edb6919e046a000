import { resolve } from 'node:path';
import { createEmulator, type Emulator, loadSeedFile } from '../emulator/index.js';
import type { Logger } from '../model/logger.js';
import {
  createDynProvider,
  createFileZoneCache,
  type DynProvider,
  dynConfigFromEnv,
  type ZoneCache,
  type ZoneCacheAccount,
} from '../providers/dyn/index.js';
import type { CliIo } from './io.js';
import { dnsRateShare, type RateLimitFlags } from './rate-limits.js';

/** Where `--sandbox` keeps the emulator's account when no STATE_FILE is given. */
export const DEFAULT_SANDBOX_STATE = '.edgeplan-sandbox.json';

export interface SandboxOptions {
  /** `--sandbox [STATE_FILE]`: true for the default state file. */
  sandbox?: string | boolean;
  /** `--seed FILE`: the account of a sandbox whose state file does not exist yet. */
  seed?: string;
}

export interface DnsTarget {
  provider: DynProvider;
  /** Logs out, then stops the in-process emulator if there is one. */
  close(): Promise<void>;
}

/**
 * The DNS service a command talks to: the in-process emulator with `--sandbox` (demo credentials, state persisted
 * in the state file so plan → apply → plan works across runs), otherwise the service named by EDGEPLAN_DYN_*.
 */
export async function openDnsTarget(
  /** `signal`: stops the provider's reads (services.ts aborts it when the command ends, a failure included). */
  options: SandboxOptions & RateLimitFlags & { cache?: string; signal?: AbortSignal },
  io: CliIo,
  logger: Logger,
  /** A sandbox already running for this command (shared with the WAF side); it is then not closed here. */
  running?: RunningSandbox,
): Promise<DnsTarget> {
  const rateLimit = dnsRateShare(options, io);
  if (!options.sandbox) {
    const config = dynConfigFromEnv(io.env);
    const cache = zoneCache(options.cache, io, config);
    const provider = createDynProvider({ ...config, logger, rateLimit, cache, signal: options.signal });
    return { provider, close: () => provider.close() };
  }
  const owned = running === undefined;
  const { emulator, url } = running ?? (await runSandbox(options, io, logger));
  const credentials = emulator.credentials;
  const customerName = credentials.customer_name;
  const provider = createDynProvider({
    url,
    customerName,
    userName: credentials.user_name,
    password: credentials.password,
    logger,
    // The sandbox has no DNS rate limit: nothing is paced unless the user sets a share.
    rateLimit: rateLimit ?? false,
    // The sandbox listens on a new port each run, so its cache entries match only within one run.
    cache: zoneCache(options.cache, io, { url, customerName }),
    signal: options.signal,
  });
  return {
    provider,
    async close() {
      try {
        await provider.close();
      } finally {
        if (owned) await emulator.close();
      }
    },
  };
}

/** `--cache DIR`, relative to the working directory, keyed by the account so two accounts never share entries. */
function zoneCache(dir: string | undefined, io: CliIo, account: ZoneCacheAccount): ZoneCache | undefined {
  return dir
    ? createFileZoneCache(resolve(io.cwd, dir), { url: account.url, customerName: account.customerName })
    : undefined;
}

function sandboxStatePath(options: SandboxOptions, io: CliIo): string {
  return resolve(io.cwd, typeof options.sandbox === 'string' ? options.sandbox : DEFAULT_SANDBOX_STATE);
}

/** The in-process emulator of `--sandbox`, serving both APIs on one port. */
export interface RunningSandbox {
  emulator: Emulator;
  /** The DNS API base (`…/REST`). */
  url: string;
  /** The WAF API root (`…/api/v3`). */
  wafUrl: string;
}

export async function runSandbox(
  options: SandboxOptions,
  io: CliIo,
  logger: Logger,
): Promise<RunningSandbox> {
  const emulator = await startSandbox(options, io);
  const { url, wafUrl } = await emulator.listen(0, '127.0.0.1');
  logger.info(`sandbox: emulator on ${url}, state in ${sandboxStatePath(options, io)}`);
  return { emulator, url, wafUrl };
}

async function startSandbox(options: SandboxOptions, io: CliIo): Promise<Emulator> {
  const seed = options.seed ? await loadSeedFile(resolve(io.cwd, options.seed)) : undefined;
  return createEmulator({ seed, statePath: sandboxStatePath(options, io) });
}
