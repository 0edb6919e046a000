import type { DnsProvider } from '../model/dns.js';
import type { StepWriter, WafProviderPort } from '../model/provider.js';

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
