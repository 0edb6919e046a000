import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import type { ProviderContext } from '../plugin.js';
import { DYN_ENV_DEFAULTS, type DynEnvNames, dynConfigFromEnv, dynRateShare } from './config.js';
import { createDynProvider, type DynProvider } from './index.js';
import { createFileZoneCache, type ZoneCache, type ZoneCacheAccount } from './read/zone-cache.js';

/**
 * The service the variables of the entry name (EDGEPLAN_DYN_* by default), or, with `--sandbox`, the in-process
 * emulator: its demo credentials, unpaced unless a share is set or it runs the realistic profile.
 */
export function openDyn(spec: DnsProviderSpec, context: ProviderContext): DynProvider {
  const { env, logger, onRateEvent, signal, userAgent } = context;
  const rateLimit = dynRateShare(context.rateLimit, env);
  const name = spec.name;
  const common = { name, logger, onRateEvent, signal, userAgent };
  if (!context.sandbox) {
    const config = dynConfigFromEnv(env, envNames(spec.options), spec.implicit ? undefined : name);
    const cache = zoneCache(context.cacheDir, config);
    return createDynProvider({ ...config, ...common, rateLimit, cache });
  }
  const endpoint = context.sandbox.claim(name);
  const { url, customerName } = endpoint;
  const provider = createDynProvider({
    ...common,
    url,
    customerName,
    userName: endpoint.userName,
    password: endpoint.password,
    // The default sandbox has no DNS rate limit: nothing is paced unless the user sets a share. The realistic one
    // limits as the service does, and the client paces as against the service.
    rateLimit: rateLimit ?? (endpoint.realistic ? undefined : false),
    // The sandbox listens on a new port each run, so its cache entries match only within one run.
    cache: zoneCache(context.cacheDir, { url, customerName }),
  });
  return { ...provider, account: endpoint.account({ customer: customerName }) };
}

/** The variables the entry names, else the defaults. */
function envNames(options: Readonly<Record<string, unknown>>): DynEnvNames {
  const named = (key: string, fallback: string) =>
    typeof options[key] === 'string' ? options[key] : fallback;
  return {
    url: named('url_env', DYN_ENV_DEFAULTS.url),
    customerName: named('customer_env', DYN_ENV_DEFAULTS.customerName),
    userName: named('user_env', DYN_ENV_DEFAULTS.userName),
    password: named('password_env', DYN_ENV_DEFAULTS.password),
  };
}

/** `--cache DIR`, keyed by the account so two accounts never share entries. */
function zoneCache(dir: string | undefined, account: ZoneCacheAccount): ZoneCache | undefined {
  return dir ? createFileZoneCache(dir, { url: account.url, customerName: account.customerName }) : undefined;
}
