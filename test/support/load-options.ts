/** Load options for tests: the registered provider types with capabilities of the test's choosing. */
import type { LoadOptions } from '../../src/config/index.js';
import type { ProviderCatalogue, ProviderOptions } from '../../src/model/dns-provider-spec.js';
import type { DnsCapabilities } from '../../src/model/provider.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';

/**
 * The registered provider types with the capabilities `capabilitiesOf` gives instead of their own: config takes
 * them as data, as they reach `loadDesiredState`.
 */
export function catalogueWith(
  capabilitiesOf: (type: string, options: ProviderOptions) => DnsCapabilities,
): ProviderCatalogue {
  return {
    ...PROVIDER_CATALOGUE,
    types: PROVIDER_CATALOGUE.types.map((type) => ({
      ...type,
      capabilities: (options: ProviderOptions) => capabilitiesOf(type.type, options),
    })),
  };
}

/**
 * Load options that check a desired state without `providers:` against a provider named `name` with these
 * capabilities.
 */
export function providerLike(name: string, capabilities: DnsCapabilities): LoadOptions {
  return {
    catalogue: catalogueWith(() => capabilities),
    implicitProvider: { name, type: 'dyn', options: {} },
  };
}
