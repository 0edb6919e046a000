import type { DnsProvider } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import type { ProviderContext } from '../plugin.js';
import { rfc2136ConnectionFromEnv } from './config.js';
import { createRfc2136Provider } from './index.js';
import { transferLimitsOf } from './transfer-limits.js';

/**
 * The server and key the entry's variables name, its transfer limits, and the run's signal, which stops its reads
 * (plugin.ts loads this on first use).
 */
export function openRfc2136(spec: DnsProviderSpec, context: ProviderContext): DnsProvider {
  const text = (key: string) => (typeof spec.options[key] === 'string' ? spec.options[key] : '');
  const connection = rfc2136ConnectionFromEnv(context.env, {
    provider: spec.name,
    serverEnv: text('server_env'),
    tsigEnv: text('tsig_env'),
  });
  return createRfc2136Provider({
    ...connection,
    name: spec.name,
    transfer: transferLimitsOf(spec.options),
    ...(context.signal ? { signal: context.signal } : {}),
  });
}
