import type { DesiredState, LiveDnsState } from './dns.js';
import { type DnsProviderSpec, IMPLICIT_PROVIDER } from './dns-provider-spec.js';
import type { LiveState } from './live.js';

/**
 * The DNS providers of a desired state (`providers:`): which provider each zone, secondary zone and geo service is
 * on, and each provider's share of the desired and live state. A desired state without `providers:` has one
 * provider, IMPLICIT_PROVIDER, whose targets name no provider: `providerSpecsOf` and `dnsParts` resolve that here,
 * and every other place knows only named providers.
 */

/** The DNS providers of `desired`, sorted by name: its `providers:`, or the implicit one. */
export function providerSpecsOf(desired: DesiredState): readonly DnsProviderSpec[] {
  return desired.dnsProviders ?? [IMPLICIT_PROVIDER];
}

/** One DNS provider's share of the desired state: what `computePlan` plans against that provider's live state. */
export interface DnsPart {
  spec: DnsProviderSpec;
  /** What its targets name (`zone:example.com@pdns`): its name; undefined for the implicit provider. */
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
  if (dnsProviders === undefined) return [{ spec: IMPLICIT_PROVIDER, desired: dns }];
  const manage = desired.manage ?? { secondaryZones: 'listed', geoServices: 'listed' };
  return dnsProviders.map((spec) => {
    const { name } = spec;
    const holdsGeo = name === geoProvider;
    return {
      spec,
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

/**
 * The DNS providers given to a run (apply's `Providers`, plan's `PlanProviders`), in either of the two forms the
 * library takes: `dns`, the provider of a desired state without `providers:`, or `dnsProviders` by name.
 */
export interface GivenDnsProviders<T> {
  dns?: T;
  dnsProviders?: Readonly<Record<string, T>>;
}

/**
 * The provider that serves targets naming `provider` (undefined: the implicit provider): by name, and for the
 * implicit provider `dns` when given so. The one lookup of a part's provider.
 */
export function providerFor<T>(given: GivenDnsProviders<T>, provider: string | undefined): T | undefined {
  const named = given.dnsProviders;
  const name = provider ?? IMPLICIT_PROVIDER.name;
  const byName = named && Object.hasOwn(named, name) ? named[name] : undefined;
  return provider === undefined ? (given.dns ?? byName) : byName;
}

/**
 * A DNS provider's live state, for targets naming `provider` (undefined: the implicit provider, whose state is the
 * top level unless it was read by name into `dnsProviders`).
 */
export function liveDnsOf(live: LiveState, provider: string | undefined): LiveDnsState {
  const found = providerFor<LiveDnsState>({ dnsProviders: live.dnsProviders }, provider);
  if (found !== undefined) return found;
  if (provider === undefined) return live;
  throw new Error(`live state of DNS provider ${provider} was not read`);
}
