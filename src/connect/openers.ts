import type { DnsProvider } from '../model/dns.js';
import type { DnsProviderSpec, ProviderOptions } from '../model/dns-provider-spec.js';
import type { Env } from '../providers/http/env-config.js';
import { DNS_PROVIDERS, pluginOf } from '../providers/registry.js';
import {
  createWafProvider,
  type WafConfig,
  type WafProvider,
  wafConfigFromEnv,
} from '../providers/waf/index.js';
import { type OpenOptions, providerContext } from './open-options.js';
import { ProviderTypeError } from './provider-type-error.js';
import { DEFAULT_USER_AGENT, userAgentFrom } from './user-agent.js';

/**
 * One provider opened on its own, for a library caller that wants one without a desired state. `options` are the
 * keys of a `providers:` entry of its type besides `type` (docs/providers.md), as the YAML writes them; `name` is
 * the one its plan steps give (default: the type). Each goes through its type's plug-in, as `openProviders` does.
 */
export interface DnsOpening extends OpenOptions {
  name?: string;
  options?: ProviderOptions;
  /**
   * The file the entry would be declared in: paths in `options` (a zone file `directory`) resolve against its
   * directory, inside the git repository it is in (or that directory). Default: the working directory's.
   */
  declaredIn?: string;
}

/** Opens a DNS provider of `type` through its plug-in (providers/registry.ts). */
export async function openDnsProvider(
  spec: DnsProviderSpec,
  env: Env,
  options?: OpenOptions,
): Promise<DnsProvider> {
  const plugin = pluginOf(spec.type);
  // Validation refuses a type no provider has; a desired state built by hand may still name one.
  if (!plugin)
    throw new ProviderTypeError(
      spec.type,
      DNS_PROVIDERS.map((registered) => registered.type),
    );
  return plugin.open(spec, providerContext(env, options));
}

function opener(type: string) {
  return (env: Env, opening: DnsOpening = {}): Promise<DnsProvider> => {
    const { name = type, options = {}, declaredIn, ...rest } = opening;
    return openDnsProvider({ name, type, options, ...(declaredIn ? { declaredIn } : {}) }, env, rest);
  };
}

/** The Dyn-style managed DNS service: EDGEPLAN_DYN_* unless `options` name other variables. */
export const openDyn = opener('dyn');
/** A PowerDNS server's HTTP API (`options.url_env`, `options.api_key_env`, …). */
export const openPowerDns = opener('powerdns');
/** A name server through RFC 2136 dynamic updates and zone transfers (`options.server_env`, `tsig_env`). */
export const openRfc2136 = opener('rfc2136');
/** Zone files in a directory (`options.directory`). */
export const openZonefile = opener('zonefile');

/** The WAF service: EDGEPLAN_WAF_* (or `options.waf`). */
export function openWaf(env: Env, options: OpenOptions = {}): WafProvider {
  const userAgent = options.userAgent ?? userAgentFrom(env);
  const given = options.waf;
  const config: WafConfig = given
    ? {
        url: given.url,
        tokenUrl: given.tokenUrl,
        clientId: given.clientId,
        clientSecret: given.clientSecret,
        userAgent,
      }
    : { ...wafConfigFromEnv(env, DEFAULT_USER_AGENT), userAgent };
  const provider = createWafProvider({
    ...config,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.wafRateLimit ? { rateLimit: options.wafRateLimit } : {}),
    ...(options.onRateEvent ? { onRateEvent: options.onRateEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return given?.account ? { ...provider, account: given.account } : provider;
}
