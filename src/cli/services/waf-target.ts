import { openWaf } from '../../connect/index.js';
import type { Logger } from '../../model/logger.js';
import type { RateEvent } from '../../providers/http/scheduler.js';
import type { WafProvider } from '../../providers/waf/index.js';
import type { CliIo } from '../io.js';
import type { RateLimitFlags } from '../options/rate-limits.js';
import type { RunningSandbox } from '../sandbox/sandbox.js';
import { openOptions } from './open-options.js';

export interface WafTarget {
  provider: WafProvider;
  /** Closes the provider's connections (the sandbox, if any, belongs to the caller). */
  close(): Promise<void>;
}

/**
 * The WAF service `purge` talks to, opened as every command opens it (src/connect `openWaf`): the sandbox's WAF
 * API with its client credentials (demo/demo unless the seed says otherwise) under `--sandbox`, otherwise the
 * service named by EDGEPLAN_WAF_* (and EDGEPLAN_USER_AGENT).
 */
export function openWafTarget(
  options: RateLimitFlags,
  io: CliIo,
  logger: Logger,
  running: RunningSandbox | undefined,
  onRateEvent?: (event: RateEvent) => void,
): WafTarget {
  const provider = openWaf(
    io.env,
    openOptions(options, io, logger, running, onRateEvent ? { onRateEvent } : {}),
  );
  return { provider, close: () => provider.close() };
}
