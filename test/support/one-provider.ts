import type { DesiredState, DesiredZone, LiveDnsState } from '../../src/model/dns.js';
import { type DnsProviderSpec, IMPLICIT_PROVIDER } from '../../src/model/dns-provider-spec.js';
import type { LiveState } from '../../src/model/live.js';
import type { DesiredSecondaryZone } from '../../src/model/secondary.js';
import type { LiveWafState } from '../../src/model/waf.js';

/**
 * The shapes of a desired state without `providers:`, for tests that build them by hand: the loader gives such a
 * state one provider, IMPLICIT_PROVIDER (named `dyn`), that holds every zone, secondary zone and geo service; its live
 * state is read under that name. These helpers take the old single-provider literals and put them there, so a test
 * states only what it is about.
 */

/** The implicit provider's name: the key of its live state, its compiler and its writer. */
export const DYN = IMPLICIT_PROVIDER.name;

type Unplaced<T extends { providers: string[] }> = Omit<T, 'providers'> & { providers?: string[] };

/** A desired state as a test writes it: zones and secondary zones without providers, and no `dnsProviders`. */
export type OneProviderDesired = Omit<DesiredState, 'zones' | 'secondaryZones' | 'dnsProviders'> & {
  zones: Unplaced<DesiredZone>[];
  secondaryZones?: Unplaced<DesiredSecondaryZone>[];
  dnsProviders?: DnsProviderSpec[];
};

/** `desired` on the implicit provider, as the loader makes a desired state without `providers:`. */
export function oneProviderDesired(desired: OneProviderDesired): DesiredState {
  const providers = [DYN];
  const { secondaryZones, ...rest } = desired;
  return {
    ...rest,
    zones: desired.zones.map((zone) => ({ ...zone, providers: zone.providers ?? providers })),
    ...(secondaryZones
      ? {
          secondaryZones: secondaryZones.map((zone) => ({ ...zone, providers: zone.providers ?? providers })),
        }
      : {}),
    dnsProviders: desired.dnsProviders ?? [IMPLICIT_PROVIDER],
    geoProvider: desired.geoProvider ?? DYN,
  };
}

/** A live state as a test writes it: the one DNS provider's fields at the top, and the WAF's. */
export type OneProviderLive = LiveDnsState & { waf?: LiveWafState };

/** `live` read from the implicit provider (and the WAF). */
export function oneProviderLive(live: OneProviderLive): LiveState {
  const { waf, ...dns } = live;
  return { dns: { [DYN]: dns }, ...(waf ? { waf } : {}) };
}

/** The implicit provider's live state in `live`; a test's fixture always has it. */
export function dynLive(live: LiveState): LiveDnsState {
  const found = live.dns[DYN];
  if (found === undefined) throw new Error(`fixture: no live state of ${DYN}`);
  return found;
}

/** `live` with the implicit provider's live state changed by `patch`. */
export function withDynLive(live: LiveState, patch: Partial<LiveDnsState>): LiveState {
  return { ...live, dns: { ...live.dns, [DYN]: { ...dynLive(live), ...patch } } };
}
