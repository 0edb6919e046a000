import { resolve } from 'node:path';
import type { DesiredState, DnsProvider } from '../../model/dns.js';
import { dnsParts } from '../../model/dns-providers.js';
import { usesDns } from '../../model/dns-scope.js';
import type { Logger } from '../../model/logger.js';
import type { RateEvent } from '../../providers/http/scheduler.js';
import { pluginOf } from '../../providers/registry.js';
import type { CliIo } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { type RunningSandbox, sandboxService } from '../sandbox/sandbox.js';
import { userAgentOf } from './user-agent.js';

/** The DNS providers of a run by name (the implicit provider's is `dyn`), and how to close them. */
export interface OpenedDnsProviders {
  byName: Record<string, DnsProvider>;
  closers: (() => Promise<void>)[];
}

/**
 * Opens, through its plug-in, each DNS provider the desired state (or its `--target` scope) uses: the implicit
 * provider of a desired state without `providers:` like any other. A provider whose part is empty is not opened
 * and needs no credentials. On a failure the ones opened so far are in `opened.closers`.
 */
export async function openDnsProviders(
  desired: DesiredState,
  options: ServiceOptions & { signal?: AbortSignal },
  io: CliIo,
  logger: Logger,
  sandbox: RunningSandbox | undefined,
  opened: OpenedDnsProviders,
  /** Told the providers' rate-limit waits and answers. */
  onRateEvent?: (event: RateEvent) => void,
): Promise<void> {
  const context = {
    env: io.env,
    logger,
    userAgent: userAgentOf(io),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(onRateEvent ? { onRateEvent } : {}),
    ...(options.dnsRateLimit !== undefined ? { rateLimit: options.dnsRateLimit } : {}),
    ...(options.cache !== undefined ? { cacheDir: resolve(io.cwd, options.cache) } : {}),
    ...(sandbox ? { sandbox: sandboxService(sandbox) } : {}),
  };
  for (const { spec, desired: part } of dnsParts(desired)) {
    if (!usesDns(part)) continue;
    const plugin = pluginOf(spec.type);
    // Validation refuses a type no provider has; a desired state built by hand may still name one.
    if (!plugin) throw new Error(`no DNS provider of type "${spec.type}" is registered`);
    const provider = await plugin.open(spec, context);
    opened.closers.push(() => provider.close());
    opened.byName[spec.name] = provider;
  }
}
