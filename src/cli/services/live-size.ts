import type { Providers } from '../../engine/providers.js';
import type { DnsProvider, LiveDnsState } from '../../model/dns.js';

/**
 * `providers` whose DNS providers tell `tell` the record sets each zone read returned, once it returned: how the
 * CLI learns the size of a run whose YAML is small but whose live zones are not (compiler-policy.ts). Each provider
 * is the same plain object with its `readZones` wrapped; nothing else changes.
 */
export function tellingLiveSize<P extends Providers>(providers: P, tell: (records: number) => void): P {
  if (!providers.dns) return providers;
  const dns = Object.fromEntries(
    Object.entries(providers.dns).map(([name, provider]) => [name, telling(provider, tell)]),
  );
  return { ...providers, dns };
}

function telling(provider: DnsProvider, tell: (records: number) => void): DnsProvider {
  return {
    ...provider,
    readZones: async (zones) => {
      const live = await provider.readZones(zones);
      tell(recordSets(live));
      return live;
    },
  };
}

/** The record sets of every zone read. */
export function recordSets(live: LiveDnsState): number {
  return Object.values(live.zones).reduce((sum, zone) => sum + (zone?.records.length ?? 0), 0);
}
