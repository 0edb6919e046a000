import type { Providers } from '../engine/providers.js';
import type { DesiredState, DnsProvider } from '../model/dns.js';
import { dnsParts } from '../model/dns-providers.js';
import { usesDns } from '../model/dns-scope.js';
import type { Env } from '../providers/http/env-config.js';
import type { WafProvider } from '../providers/waf/index.js';
import type { OpenOptions } from './open-options.js';
import { openDnsProvider, openWaf } from './openers.js';

/** The providers a desired state needs, opened: hand `providers` to planLive, applyPlan, …; then `close()`. */
export interface OpenedProviders {
  providers: Providers & { waf?: WafProvider };
  /** Closes every provider opened (logs out); safe to call once whatever happened. */
  close(): Promise<void>;
}

/**
 * The one way edgeplan opens providers, for the CLI and the library alike: each DNS provider of the desired state
 * (its `providers:`, or the Dyn provider the loader creates without it) whose part names anything, through its
 * type's plug-in, by name; the WAF provider when the desired state has a `waf` section. A provider whose part is
 * empty is not opened and needs no credentials. When one fails to open, the ones opened so far are closed and the
 * error is thrown.
 */
export async function openProviders(
  desired: DesiredState,
  env: Env,
  options: OpenOptions = {},
): Promise<OpenedProviders> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    await Promise.allSettled(closers.splice(0).map((closeOne) => closeOne()));
  };
  try {
    const dns: [string, DnsProvider][] = [];
    for (const { spec, desired: part } of dnsParts(desired)) {
      if (!usesDns(part)) continue;
      const provider = await openDnsProvider(spec, env, options);
      closers.push(() => provider.close());
      dns.push([spec.name, provider]);
    }
    const waf = desired.waf ? openWaf(env, options) : undefined;
    if (waf) closers.push(() => waf.close());
    const providers = {
      ...(dns.length > 0 ? { dns: Object.fromEntries(dns) } : {}),
      ...(waf ? { waf } : {}),
    };
    return { providers, close };
  } catch (error) {
    await close();
    throw error;
  }
}
