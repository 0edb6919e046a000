import type { DesiredState, LiveDnsState } from './dns.js';

export { DNS_PROVIDER_TYPES, type DnsProviderSpec, type DnsProviderType } from './dns-provider-spec.js';

import type { LiveState } from './live.js';

/**
 * Several DNS providers (`providers:` in the desired state): which provider each zone, secondary zone and geo
 * service is on, and each provider's share of the desired and live state. Without `providers:` there is one DNS
 * provider (Dyn, from EDGEPLAN_DYN_*), no target names a provider, and every function here gives what it always was.
 */

/** One DNS provider's share of the desired state: what `computePlan` plans against that provider's live state. */
export interface DnsPart {
  /** The provider's name under `providers:`; undefined: the one provider of a desired state without it. */
  provider?: string;
  /** Its zones, secondary zones and geo services, with the settings; never a `waf` section. */
  desired: DesiredState;
}

/**
 * The desired state per DNS provider, in the order of `providers:` (by name): each zone and secondary zone on every
 * provider it lists, the geo services on the one provider that holds them (`geoProvider`), the ownership settings
 * (`manage: all`) on every provider for secondary zones and on that one for geo services.
 */
export function dnsParts(desired: DesiredState): DnsPart[] {
  const { waf: _waf, dnsProviders, geoProvider, ...dns } = desired;
  if (dnsProviders === undefined) return [{ desired: dns }];
  const manage = desired.manage ?? { secondaryZones: 'listed', geoServices: 'listed' };
  return dnsProviders.map(({ name }) => {
    const holdsGeo = name === geoProvider;
    return {
      provider: name,
      desired: {
        ...dns,
        zones: desired.zones.filter((zone) => zone.providers?.includes(name)),
        secondaryZones: (desired.secondaryZones ?? []).filter((zone) => zone.providers?.includes(name)),
        geoServices: holdsGeo ? (desired.geoServices ?? []) : [],
        manage: {
          secondaryZones: manage.secondaryZones,
          geoServices: holdsGeo ? manage.geoServices : 'listed',
        },
      },
    };
  });
}

/** A DNS provider's live state: the state itself without `providers:`, else its entry in `dnsProviders`. */
export function liveDnsOf(live: LiveState, provider: string | undefined): LiveDnsState {
  if (provider === undefined) return live;
  const found =
    live.dnsProviders && Object.hasOwn(live.dnsProviders, provider) ? live.dnsProviders[provider] : undefined;
  if (found === undefined) throw new Error(`live state of DNS provider ${provider} was not read`);
  return found;
}
