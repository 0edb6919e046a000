import type { ProviderCatalogue } from '../model/dns-provider-spec.js';
import { DYN_RATE_LIMIT_VARIABLE } from './dyn/config.js';
import { DYN } from './dyn/plugin.js';
import { POWERDNS } from './pdns/plugin.js';
import type { DnsProviderPlugin } from './plugin.js';
import { RFC2136 } from './rfc2136/plugin.js';
import { WAF_VARIABLES } from './waf/config.js';
import { ZONEFILE } from './zonefile/plugin.js';

/**
 * Every DNS provider edgeplan has, one line each (DNSControl's `providers/_all/all.go`). Adding a provider is its
 * folder exporting a DnsProviderPlugin, its line here, its docs page and its conformance wiring
 * (docs/adding-a-provider.md); test/conformance/registered.test.ts fails for a provider listed here that
 * the conformance suite does not run.
 */
export const DNS_PROVIDERS: readonly DnsProviderPlugin[] = [DYN, POWERDNS, RFC2136, ZONEFILE];

/** The plug-in of a `type:`; undefined for a type no provider has (validation refuses it first). */
export function pluginOf(type: string): DnsProviderPlugin | undefined {
  return DNS_PROVIDERS.find((plugin) => plugin.type === type);
}

/**
 * What config is told of the providers: their types, and every variable edgeplan reads by its own name, which no
 * provider entry may name for another role: each type's defaults, the WAF's, and the run's own.
 */
export const PROVIDER_CATALOGUE: ProviderCatalogue = {
  types: DNS_PROVIDERS,
  builtInVariables: {
    ...Object.fromEntries(
      DNS_PROVIDERS.flatMap((plugin) =>
        Object.values(plugin.variables).flatMap((variable) =>
          variable.default
            ? [[variable.default, `the default ${variable.role} of ${plugin.type} providers`]]
            : [],
        ),
      ),
    ),
    [DYN_RATE_LIMIT_VARIABLE]: "the Dyn client's rate limit",
    ...WAF_VARIABLES,
    EDGEPLAN_NOTE: 'the note added to every publish',
  },
};
