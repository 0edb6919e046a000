import type { Logger } from '../../model/logger.js';
import type { RateEvent } from '../../providers/http/scheduler.js';
import { createWafProvider, type WafProvider, wafConfigFromEnv } from '../../providers/waf/index.js';
import type { CliIo } from '../io.js';
import { type RateLimitFlags, wafRateShare } from '../options/rate-limits.js';
import { type RunningSandbox, sandboxAccount } from '../sandbox/sandbox.js';
import { DEFAULT_USER_AGENT, userAgentOf } from './user-agent.js';

export interface WafTarget {
  provider: WafProvider;
  /** Closes the provider's connections (the sandbox, if any, belongs to the caller). */
  close(): Promise<void>;
}

/**
 * The WAF service a command talks to: the sandbox's WAF API with its client credentials (demo/demo unless the
 * seed says otherwise) under `--sandbox`, otherwise the service named by EDGEPLAN_WAF_* (and EDGEPLAN_USER_AGENT).
 * Only opened when the desired state has a `waf` section, so DNS-only users need no WAF credentials.
 */
export function openWafTarget(
  options: RateLimitFlags,
  io: CliIo,
  logger: Logger,
  running: RunningSandbox | undefined,
  onRateEvent?: (event: RateEvent) => void,
  /** Stops the reads, as the DNS providers' signal does (services.ts). */
  signal?: AbortSignal,
): WafTarget {
  const rateLimit = wafRateShare(options, io);
  const userAgent = userAgentOf(io);
  if (running === undefined) {
    const provider = createWafProvider({
      ...wafConfigFromEnv(io.env, DEFAULT_USER_AGENT),
      logger,
      rateLimit,
      onRateEvent,
      signal,
    });
    return { provider, close: () => provider.close() };
  }
  const { client_id, client_secret } = running.emulator.waf.credentials;
  const provider = createWafProvider({
    url: running.wafUrl,
    tokenUrl: `${new URL(running.wafUrl).origin}/api/oauth/token`,
    clientId: client_id,
    clientSecret: client_secret,
    userAgent,
    logger,
    rateLimit,
    onRateEvent,
    signal,
  });
  return { provider: { ...provider, account: sandboxAccount(running, {}) }, close: () => provider.close() };
}
