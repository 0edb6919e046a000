import type { DesiredState } from './dns.js';
import { type DnsProviderSpec, IMPLICIT_PROVIDER } from './dns-provider-spec.js';

/**
 * How a plan shows the DNS provider a target is on: the one place that knows a provider was implicit.
 *
 * Every other place knows providers by name only. A desired state without `providers:` has one provider, named
 * `dyn`, that the loader creates with `implicit: true` (IMPLICIT_PROVIDER); its targets, change addresses, zone
 * headers and notes show no provider (`zone:example.com`, not `zone:example.com@dyn`), so that plans, saved plan
 * files, fingerprints and target keys are what they were before `providers:` existed, and saved plans of that time
 * still apply. `shownProvider` writes that form, `providerOfShown` reads it back to the name.
 */

/** What targets on `spec` show as their provider (`provider` of targets and addresses): none for the implicit one. */
export function shownProvider(spec: DnsProviderSpec): string | undefined {
  return spec.implicit ? undefined : spec.name;
}

/** The name of the provider a target shows (`Target.provider`, absent on the implicit provider's targets). */
export function providerOfShown(shown: string | undefined): string {
  return shown ?? IMPLICIT_PROVIDER.name;
}

/**
 * What a plan's desired digest records of the providers: the specs and the geo-service holder when `providers:`
 * was written; nothing for the implicit provider, whose plans were digested before `providers:` existed.
 */
export function shownProviderSpecs(
  desired: DesiredState,
): { providers: DnsProviderSpec[]; geoProvider: string | null } | undefined {
  // Stryker disable next-line MethodExpression: equivalent, the implicit provider is only ever the one provider
  if (desired.dnsProviders.some((spec) => spec.implicit)) return undefined;
  return { providers: desired.dnsProviders, geoProvider: desired.geoProvider ?? null };
}

/** What targets on each of the providers named `names` (a zone's `providers`) show as their provider. */
export function shownProviders(desired: DesiredState, names: readonly string[]): (string | undefined)[] {
  const implicit = new Set(desired.dnsProviders.filter((spec) => spec.implicit).map((spec) => spec.name));
  return names.map((name) => (implicit.has(name) ? undefined : name));
}
