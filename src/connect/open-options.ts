import { type Logger, silentLogger } from '../model/logger.js';
import type { ProviderAccount } from '../model/provider.js';
import type { Env } from '../providers/http/env-config.js';
import type { RateBudget, RateEvent } from '../providers/http/scheduler.js';
import type { ProviderContext, SandboxService } from '../providers/plugin.js';
import type { WafConfig } from '../providers/waf/index.js';
import { userAgentFrom } from './user-agent.js';

/** What varies between runs that open providers: everything injected, nothing global. */
export interface OpenOptions {
  /** Default: silent. */
  logger?: Logger;
  /** Default: EDGEPLAN_USER_AGENT, else `edgeplan/<version>`. */
  userAgent?: string;
  /** Stops the providers' reads (writes already sent run to their answer). */
  signal?: AbortSignal;
  /** Told every provider's rate-limit waits and answers. */
  onRateEvent?: (event: RateEvent) => void;
  /** A paced DNS provider's share of its account's requests per window (`--dns-rate-limit`). */
  dnsRateLimit?: number;
  /** The WAF client's share of its address's requests (`--waf-rate-limit`). */
  wafRateLimit?: RateBudget;
  /** Absolute: where a provider that can reuse zone reads keeps them (`--cache`). */
  cacheDir?: string;
  /** The built-in emulator's DNS API, for the Dyn provider (`--sandbox`). */
  sandbox?: SandboxService;
  /** The WAF service to use instead of the one EDGEPLAN_WAF_* names (the sandbox's), and its account. */
  waf?: Omit<WafConfig, 'userAgent'> & { account?: ProviderAccount };
}

/** What a DNS provider's plug-in is given to open (providers/plugin.ts), from `env` and `options`. */
export function providerContext(env: Env, options: OpenOptions = {}): ProviderContext {
  return {
    env,
    logger: options.logger ?? silentLogger,
    userAgent: options.userAgent ?? userAgentFrom(env),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onRateEvent ? { onRateEvent: options.onRateEvent } : {}),
    ...(options.dnsRateLimit !== undefined ? { rateLimit: options.dnsRateLimit } : {}),
    ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  };
}
