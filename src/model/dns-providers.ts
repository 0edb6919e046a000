import type { DesiredState, LiveDnsState } from './dns.js';
import type { DnsProviderSpec } from './dns-provider-spec.js';
import type { LiveState } from './live.js';
import { ownValue } from './own-value.js';
import { implicitProviderOf } from './shown-provider.js';

/**
 * The DNS providers of a desired state (`providers:`, or the one the loader creates without it): which provider each
 * zone, secondary zone and geo service is on, and each provider's share of the desired and live state, by name.
 */

/** One DNS provider's share of the desired state: what `computePlan` plans against that provider's live state. */
export interface DnsPart {
  spec: DnsProviderSpec;
  /** The provider's name: the key of its live state (`LiveState.dns`) and of its provider (`Providers.dns`). */
  name: string;
  /**
   * The implicit provider of the desired state (shown-provider.ts), whose targets a plan shows without a provider:
   * what the part's step ids and notes are made with. Absent under `providers:`.
   */
  implicit?: string;
  /** Its zones, secondary zones and geo services, with the settings; never a `waf` section. */
  desired: DesiredState;
}

/**
 * The desired state per DNS provider, in the order of `dnsProviders` (by name): each zone and secondary zone on every
 * provider it lists, the geo services on the one provider that holds them (`geoProvider`), the ownership settings
 * (`manage: all`) on every provider for secondary zones and on that one for geo services.
 */
export function dnsParts(desired: DesiredState): DnsPart[] {
  const { waf: _waf, dnsProviders, geoProvider, ...dns } = desired;
  const manage = desired.manage ?? { secondaryZones: 'listed', geoServices: 'listed' };
  const implicit = implicitProviderOf(desired);
  return dnsProviders.map((spec) => {
    const { name } = spec;
    const holdsGeo = name === geoProvider;
    return {
      spec,
      name,
      ...(implicit === undefined ? {} : { implicit }),
      desired: {
        ...dns,
        dnsProviders: [spec],
        zones: desired.zones.filter((zone) => zone.providers.includes(name)),
        secondaryZones: (desired.secondaryZones ?? []).filter((zone) => zone.providers.includes(name)),
        geoServices: holdsGeo ? (desired.geoServices ?? []) : [],
        manage: {
          secondaryZones: manage.secondaryZones,
          geoServices: holdsGeo ? manage.geoServices : 'listed',
        },
      },
    };
  });
}

/** The live state of the DNS provider named `name`; it must have been read. */
export function providerLive(live: LiveState, name: string): LiveDnsState {
  const found = ownValue(live.dns, name);
  if (found === undefined) throw new Error(`live state of DNS provider ${name} was not read`);
  return found;
}
