import type { DnsProvider } from '../model/dns.js';
import type { StepWriter, WafProviderPort } from '../model/provider.js';
import type { PlanAccounts } from '../plan/types.js';

/**
 * The providers one run talks to: each reads live state, compiles changes into its calls and executes them. A
 * service the desired state does not mention is absent (and needs no credentials). The DNS providers are given by
 * name in `dns`, one for each of the desired state's `dnsProviders` it uses (the name is also the provider's `name`,
 * the one its plan steps give): `openProviders` (src/connect) opens them.
 */
export interface Providers {
  dns?: Readonly<Record<string, DnsProvider>>;
  waf?: WafProviderPort;
}

/** Every provider of `providers`: the DNS providers by name, then the WAF's. */
export function allProviders(providers: Providers): (DnsProvider | WafProviderPort)[] {
  return [...Object.values(providers.dns ?? {}), ...(providers.waf ? [providers.waf] : [])];
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
