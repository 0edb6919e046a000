import { resolve } from 'node:path';
import type { OpenOptions } from '../../connect/index.js';
import type { Logger } from '../../model/logger.js';
import type { RateEvent } from '../../providers/http/scheduler.js';
import type { CliIo } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { type RateLimitFlags, wafRateShare } from '../options/rate-limits.js';
import { type RunningSandbox, sandboxAccount, sandboxService } from '../sandbox/sandbox.js';

/**
 * What a command gives `openProviders` (src/connect): its flags (`--dns-rate-limit`, `--waf-rate-limit`, `--cache`),
 * its logger, and under `--sandbox` the emulator's DNS API and its WAF API with the seed's client credentials.
 */
export function openOptions(
  options: RateLimitFlags & Pick<ServiceOptions, 'cache'>,
  io: CliIo,
  logger: Logger,
  sandbox: RunningSandbox | undefined,
  extra: { onRateEvent?: (event: RateEvent) => void; signal?: AbortSignal } = {},
): OpenOptions {
  const wafRateLimit = wafRateShare(options, io);
  return {
    logger,
    ...extra,
    ...(options.dnsRateLimit !== undefined ? { dnsRateLimit: options.dnsRateLimit } : {}),
    ...(wafRateLimit ? { wafRateLimit } : {}),
    ...(options.cache !== undefined ? { cacheDir: resolve(io.cwd, options.cache) } : {}),
    ...(sandbox ? { sandbox: sandboxService(sandbox), waf: sandboxWaf(sandbox) } : {}),
  };
}

function sandboxWaf(running: RunningSandbox): OpenOptions['waf'] {
  const { client_id, client_secret } = running.emulator.waf.credentials;
  return {
    url: running.wafUrl,
    tokenUrl: `${new URL(running.wafUrl).origin}/api/oauth/token`,
    clientId: client_id,
    clientSecret: client_secret,
    account: sandboxAccount(running, {}),
  };
}
