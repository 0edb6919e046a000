import { compareStrings } from '../../model/compare.js';
import type { DesiredState } from '../../model/dns.js';
import type { ProviderCatalogue } from '../../model/dns-provider-spec.js';
import { normaliseName } from '../../model/names.js';
import type { MergedDocument } from '../read/merge.js';
import { effectiveProviders, geoProviderOf, providerSpecs, secondaryList } from '../rules/provider-lists.js';

/**
 * `providers:` in model form, applied to a desired state built without it: the specs sorted by name, each zone's
 * and secondary zone's providers, and the provider holding the geo services. Without `providers:` the state is
 * returned as it is (the implicit provider, model/dns-providers.ts; no zone names one). Only called when validation
 * found no problem.
 */
export function withProviders(
  desired: DesiredState,
  merged: MergedDocument,
  catalogue: ProviderCatalogue,
): DesiredState {
  const specs = providerSpecs(merged.services, catalogue);
  if (specs.length === 0) return desired;
  const zoneLists = new Map(merged.zones.map((zone) => [zone.zone, zone.providers]));
  const secondaryLists = new Map(
    merged.services.secondaryZones.map((entry) => {
      const list = secondaryList(entry);
      return [normaliseName(entry.key), list ? [list] : []];
    }),
  );
  const geoProvider = geoProviderOf(specs, catalogue);
  return {
    ...desired,
    zones: desired.zones.map((zone) => ({
      ...zone,
      providers: effectiveProviders(zoneLists.get(zone.zone) ?? [], specs),
    })),
    secondaryZones: (desired.secondaryZones ?? []).map((zone) => ({
      ...zone,
      providers: effectiveProviders(secondaryLists.get(zone.zone) ?? [], specs),
    })),
    dnsProviders: [...specs].sort((a, b) => compareStrings(a.name, b.name)),
    ...(geoProvider !== undefined ? { geoProvider } : {}),
  };
}
