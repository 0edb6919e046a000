import type { DesiredState } from './dns.js';
import { type DnsProviderSpec, IMPLICIT_PROVIDER } from './dns-provider-spec.js';
import { providerOf, type Target, type TargetPattern, targetText } from './target.js';

/**
 * How a plan shows the DNS provider a target is on: the one place that knows a provider was implicit.
 *
 * Every target and change address names its provider. A desired state without `providers:` has one provider,
 * named `dyn`, that the loader creates with `implicit: true` (IMPLICIT_PROVIDER); a plan shows its targets, change
 * addresses, zone headers, step ids and notes without a provider (`zone:example.com`, not `zone:example.com@dyn`),
 * so that plans, saved plan files, fingerprints and target keys are what they were before `providers:` existed, and
 * saved plans of that time still apply. A provider written under `providers:` may be named `dyn` too, so which one
 * is implicit comes from its spec (`implicitProviderOf`), never from its name; a plan carries it as
 * `Plan.implicitProvider`. `shownProvider` writes the shown form, `providerOfShown` reads it back.
 */

/** The name of the implicit provider of `desired`; undefined when it has `providers:`. */
export function implicitProviderOf(desired: DesiredState): string | undefined {
  return desired.dnsProviders.find((spec) => spec.implicit)?.name;
}

/** What a plan shows as `provider` of something on it: nothing for the implicit provider (`implicit`). */
export function shownProvider(provider: string, implicit: string | undefined): string | undefined {
  return provider === implicit ? undefined : provider;
}

/** The name of the provider a saved plan shows (`provider`, absent on the implicit provider's targets). */
export function providerOfShown(shown: string | undefined): string {
  return shown ?? IMPLICIT_PROVIDER.name;
}

/** `target` as a plan shows it: without its provider when that is `implicit`. */
export function shownTarget(target: Target, implicit: string | undefined): TargetPattern {
  const provider = providerOf(target);
  if (provider === undefined) return target;
  const shown = shownProvider(provider, implicit);
  return shown === undefined ? { kind: target.kind, name: target.name } : { ...target, provider: shown };
}

/** `kind:name[@provider]` of `target` as a plan shows it: step ids, fingerprint keys, notes and lines for people. */
export function shownTargetText(target: Target, implicit: string | undefined): string {
  return targetText(shownTarget(target, implicit));
}

/**
 * What a plan's desired digest records of the providers: the specs and the geo-service holder when `providers:`
 * was written; nothing for the implicit provider, whose plans were digested before `providers:` existed.
 */
export function shownProviderSpecs(
  desired: DesiredState,
): { providers: DnsProviderSpec[]; geoProvider: string | null } | undefined {
  if (implicitProviderOf(desired) !== undefined) return undefined;
  return { providers: desired.dnsProviders, geoProvider: desired.geoProvider ?? null };
}

/**
 * `value` (a plan, a report: plain JSON data) as it is written: `provider` dropped where it is `implicit` from every
 * object that is on a DNS provider, i.e. names a zone (`zone`: change addresses, zone headers, notes, served sets)
 * or is a zone or secondary-zone target (`kind` and `name`). A step's `provider` (the writer) is kept: a step names
 * neither. Undefined `implicit`: `value` as it is.
 */
export function shownJson<T>(value: T, implicit: string | undefined): T {
  if (implicit === undefined) return value;
  return strip(value, implicit) as T;
}

function strip(value: unknown, implicit: string): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, implicit));
  if (value === null || typeof value !== 'object') return value;
  const onProvider = 'zone' in value || ('name' in value && 'kind' in value && isDnsKind(value.kind));
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) =>
      onProvider && key === 'provider' && item === implicit ? [] : [[key, strip(item, implicit)]],
    ),
  );
}

function isDnsKind(kind: unknown): boolean {
  return kind === 'zone' || kind === 'secondary';
}

/** ` on pdns` after a zone's name in a line for people; nothing on the implicit provider. */
export function shownOn(provider: string, implicit: string | undefined): string {
  const shown = shownProvider(provider, implicit);
  return shown === undefined ? '' : ` on ${shown}`;
}
