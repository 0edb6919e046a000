import { type DnsProviderSpec, variableName } from '../../model/dns-provider-spec.js';
import type { DnsProviderPlugin, ProviderContext } from '../plugin.js';
import { dynApplyRequests } from './apply-requests.js';
import { DYN_CAPABILITIES } from './capabilities.js';
import { DYN_ENV_DEFAULTS, type DynEnvNames, dynConfigFromEnv, dynRateShare } from './config.js';
import { createDynProvider, type DynProvider } from './index.js';
import { labelDynOp } from './op-label.js';
import { DYN_OP_SCHEMA, parseDynOp } from './op-schema.js';
import { createFileZoneCache, type ZoneCache, type ZoneCacheAccount } from './zone-cache.js';

/** `type: dyn`: a Dyn-style Managed DNS account (the default provider), its session, publishes and geo services. */
export const DYN: DnsProviderPlugin = {
  type: 'dyn',
  description: 'credentials from EDGEPLAN_DYN_* or the variables it names',
  options: {
    url_env: variableName().describe('the API address, default EDGEPLAN_DYN_URL.'),
    customer_env: variableName().describe(
      'the variable holding the customer name; default EDGEPLAN_DYN_CUSTOMER.',
    ),
    user_env: variableName().describe('the variable holding the user name; default EDGEPLAN_DYN_USER.'),
    password_env: variableName().describe(
      'the variable holding the password (never printed); default EDGEPLAN_DYN_PASSWORD.',
    ),
  },
  variables: {
    url_env: { role: 'API address', default: DYN_ENV_DEFAULTS.url },
    customer_env: { role: 'customer name', default: DYN_ENV_DEFAULTS.customerName },
    user_env: { role: 'user name', default: DYN_ENV_DEFAULTS.userName },
    password_env: { role: 'password', default: DYN_ENV_DEFAULTS.password },
  },
  capabilities: () => DYN_CAPABILITIES,
  open: openDyn,
  opSchema: DYN_OP_SCHEMA,
  labelOp: (op) => labelDynOp(parseDynOp(op)),
  applyRequests: dynApplyRequests,
};

/**
 * The service the variables of the entry name (EDGEPLAN_DYN_* by default), or, with `--sandbox`, the in-process
 * emulator: its demo credentials, unpaced unless a share is set or it runs the realistic profile.
 */
function openDyn(spec: DnsProviderSpec, context: ProviderContext): DynProvider {
  const { env, logger, onRateEvent, signal } = context;
  const rateLimit = dynRateShare(context.rateLimit, env);
  const name = spec.name;
  const common = { name, logger, onRateEvent, signal };
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
