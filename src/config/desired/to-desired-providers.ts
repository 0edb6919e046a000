import { compareStrings } from '../../model/compare.js';
import type { DesiredState } from '../../model/dns.js';
import { IMPLICIT_PROVIDER, type ProviderCatalogue } from '../../model/dns-provider-spec.js';
import { normaliseName } from '../../model/names.js';
import type { MergedDocument } from '../read/merge.js';
import { effectiveProviders, geoProviderOf, providerSpecs, secondaryList } from '../rules/provider-lists.js';
import type { UnplacedDesiredState } from './to-desired-state.js';

/**
 * `providers:` in model form, applied to a desired state built without it: the specs sorted by name, each zone's
 * and secondary zone's providers, and the provider holding the geo services. Without `providers:`, the one provider
 * the loader creates: IMPLICIT_PROVIDER, which holds every zone, secondary zone and geo service (its targets show no
 * provider: model/shown-provider.ts). Only called when validation found no problem.
 */
export function withProviders(
  desired: UnplacedDesiredState,
  merged: MergedDocument,
  catalogue: ProviderCatalogue,
): DesiredState {
  const written = providerSpecs(merged.services, catalogue);
  const specs = written.length > 0 ? written : [IMPLICIT_PROVIDER];
  const zoneLists = new Map(merged.zones.map((zone) => [zone.zone, zone.providers]));
  const secondaryLists = new Map(
    merged.services.secondaryZones.map((entry) => {
      const list = secondaryList(entry);
      return [normaliseName(entry.key), list ? [list] : []];
    }),
  );
  const geoProvider = written.length > 0 ? geoProviderOf(specs, catalogue) : IMPLICIT_PROVIDER.name;
  return {
    ...desired,
    zones: desired.zones.map((zone) => ({
      ...zone,
      providers: effectiveProviders(zoneLists.get(zone.zone) ?? [], specs),
    })),
    secondaryZones: desired.secondaryZones.map((zone) => ({
      ...zone,
      providers: effectiveProviders(secondaryLists.get(zone.zone) ?? [], specs),
    })),
    dnsProviders: [...specs].sort((a, b) => compareStrings(a.name, b.name)),
    ...(geoProvider !== undefined ? { geoProvider } : {}),
  };
}
