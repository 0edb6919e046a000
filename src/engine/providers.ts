import type { DnsProvider } from '../model/dns.js';
import type { GivenDnsProviders } from '../model/dns-providers.js';
import type { StepWriter, WafProviderPort } from '../model/provider.js';
import type { PlanAccounts } from '../plan/types.js';

/**
 * The providers one run talks to: each reads live state, compiles changes into its calls and executes them. A
 * service the desired state does not mention is absent (and needs no credentials). The DNS providers are given by
 * name in `dnsProviders` (the name is also the provider's `name`, the one its plan steps give); the provider of a
 * desired state without `providers:` may instead be given as `dns` (model/dns-providers.ts, `providerFor`).
 */
export interface Providers extends GivenDnsProviders<DnsProvider> {
  waf?: WafProviderPort;
}

/** Every provider given, DNS (in either form) then WAF: the one place that reads both forms of DNS providers. */
export function allProviders(providers: Providers): (DnsProvider | WafProviderPort)[] {
  const all = [providers.dns, ...Object.values(providers.dnsProviders ?? {}), providers.waf];
  return all.filter((provider) => provider !== undefined);
}

/** The writers of `providers` by the name plan steps give (`PlanStep.provider`). */
export function writersOf(providers: Providers): Map<string, StepWriter> {
  return new Map(allProviders(providers).map((provider) => [provider.name, provider]));
}

/** The accounts of `providers` as a plan records them, by provider name: binding and details in one record. */
export function accountsOf(providers: Providers): PlanAccounts {
  return Object.fromEntries(
    allProviders(providers).flatMap((provider) =>
      provider.account
        ? [[provider.name, { ...provider.account.details, ...provider.account.binding }] as const]
        : [],
    ),
  );
}
