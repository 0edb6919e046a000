import type { DnsProvider } from '../model/dns.js';
import type { StepWriter, WafProviderPort } from '../model/provider.js';
import type { PlanAccounts } from '../plan/types.js';

/**
 * The providers one run talks to: each reads live state, compiles changes into its calls and executes them. A
 * service the desired state does not mention is absent (and needs no credentials). Without `providers:` in the
 * desired state, its one DNS provider is `dns`; with it, each DNS provider is in `dnsProviders` under its name
 * there (which is also its `name`, the one its plan steps give).
 */
export interface Providers {
  dns?: DnsProvider;
  dnsProviders?: Readonly<Record<string, DnsProvider>>;
  waf?: WafProviderPort;
}

/** The writers of `providers` by the name plan steps give (`PlanStep.provider`). */
export function writersOf(providers: Providers): Map<string, StepWriter> {
  const writers = new Map<string, StepWriter>();
  const all = [providers.dns, ...Object.values(providers.dnsProviders ?? {}), providers.waf];
  for (const provider of all) if (provider) writers.set(provider.name, provider);
  return writers;
}

/** The DNS provider of a part of the desired state (dns-providers.ts): `dns`, or the named one. */
export function dnsProviderOf(providers: Providers, name: string | undefined): DnsProvider | undefined {
  if (name === undefined) return providers.dns;
  const named = providers.dnsProviders;
  return named && Object.hasOwn(named, name) ? named[name] : undefined;
}

/** The accounts of `providers` as a plan records them, by provider name: binding and details in one record. */
export function accountsOf(providers: Providers): PlanAccounts {
  return Object.fromEntries(
    [providers.dns, ...Object.values(providers.dnsProviders ?? {}), providers.waf].flatMap((provider) =>
      provider?.account
        ? [[provider.name, { ...provider.account.details, ...provider.account.binding }] as const]
        : [],
    ),
  );
}
