import type { DnsProvider } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import type { ProviderContext } from '../plugin.js';
import { pdnsConnectionFromEnv } from './config.js';
import { createPdnsProvider } from './index.js';
import type { PdnsSoaEditApi, PdnsZoneKind } from './ops.js';

/** The server the entry's variables name; `--sandbox` serves no PowerDNS, so it is read from them as always. */
export function openPdns(spec: DnsProviderSpec, context: ProviderContext): DnsProvider {
  const { options } = spec;
  const text = (key: string) => (typeof options[key] === 'string' ? options[key] : undefined);
  const connection = pdnsConnectionFromEnv(context.env, {
    provider: spec.name,
    urlEnv: text('url_env') ?? '',
    apiKeyEnv: text('api_key_env') ?? '',
    ...(text('dnsupdate_server_env') !== undefined || text('dnsupdate_tsig_env') !== undefined
      ? {
          dnsUpdate: {
            serverEnv: text('dnsupdate_server_env') ?? '',
            tsigEnv: text('dnsupdate_tsig_env') ?? '',
          },
        }
      : {}),
  });
  const zoneKind = text('zone_kind') as PdnsZoneKind | undefined;
  const soaEditApi = text('soa_edit_api') as PdnsSoaEditApi | undefined;
  const nameservers = Array.isArray(options.nameservers) ? options.nameservers.map(String) : undefined;
  return createPdnsProvider({
    ...connection,
    name: spec.name,
    server: text('server'),
    alias: options.alias === true,
    zones: {
      ...(zoneKind ? { zoneKind } : {}),
      ...(nameservers ? { nameservers } : {}),
      ...(soaEditApi ? { soaEditApi } : {}),
    },
    userAgent: context.userAgent,
    logger: context.logger,
  });
}
