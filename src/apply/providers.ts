import type { DnsProvider } from '../model/dns.js';
import type { StepWriter, WafProviderPort } from '../model/provider.js';
import type { PlanAccounts } from '../plan/types.js';

/**
 * The providers one run talks to, one per service: each reads live state, compiles changes into its calls and
 * executes them. A service the desired state does not mention is absent (and needs no credentials).
 */
export interface Providers {
  dns?: DnsProvider;
  waf?: WafProviderPort;
}

/** The writers of `providers` by the name plan steps give (`PlanStep.provider`). */
export function writersOf(providers: Providers): Map<string, StepWriter> {
  const writers = new Map<string, StepWriter>();
  for (const provider of [providers.dns, providers.waf]) if (provider) writers.set(provider.name, provider);
  return writers;
}

/** The accounts of `providers` as a plan records them, by provider name: binding and details in one record. */
export function accountsOf(providers: Providers): PlanAccounts {
  return Object.fromEntries(
    [providers.dns, providers.waf].flatMap((provider) =>
      provider?.account
        ? [[provider.name, { ...provider.account.details, ...provider.account.binding }] as const]
        : [],
    ),
  );
}
