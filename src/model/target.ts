import { compareStrings } from './compare.js';
import { loadPicomatch } from './glob.js';
import { globToALabels } from './idn.js';

/**
 * What `--target`, fingerprints, approvals, acknowledgements and plan steps name: one zone, secondary zone, geo
 * service or webapp. Typed everywhere; `targetText` and `parseTarget` are the only places that print and read the
 * `kind:name` form (`zone:example.com`, `geo:Global Web`, `webapp:shop`).
 *
 * A zone or secondary zone is one target per DNS provider it is on, and always names that provider (`DnsTarget`);
 * the text form is `zone:example.com@pdns`. Geo services and webapps are held by one service each and name none.
 * A plan shows no provider on the targets of a desired state without `providers:` (model/shown-provider.ts).
 * Zone names never hold `@`; geo-service and webapp names may, so only zone and secondary targets read a
 * `@provider` suffix.
 */
export const TARGET_KINDS = ['zone', 'secondary', 'geo', 'webapp'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/** The kinds whose targets are on a DNS provider. */
export type DnsTargetKind = 'zone' | 'secondary';

/** A zone (by its normalised name) or secondary zone on the DNS provider named `provider`. */
export interface DnsTarget {
  kind: DnsTargetKind;
  name: string;
  provider: string;
}

/** A geo service (its exact name) or a webapp (as the desired state names it). */
export interface ServiceTarget {
  kind: 'geo' | 'webapp';
  name: string;
}

export type Target = DnsTarget | ServiceTarget;

/**
 * The `kind:name[@provider]` form, as users write it (`--target`, an acknowledgement's `target`: `name` a glob, no
 * provider: any provider) and as a plan shows a target (no provider: the implicit one, shown-provider.ts).
 */
export interface TargetPattern {
  kind: TargetKind;
  name: string;
  provider?: string;
}

/** Is `kind` a kind whose targets are on a DNS provider? */
export function hasProvider(kind: TargetKind): kind is DnsTargetKind {
  return kind === 'zone' || kind === 'secondary';
}

/** The provider `target` is on; undefined for a geo service or webapp. */
export function providerOf(target: Target | TargetPattern): string | undefined {
  return 'provider' in target ? target.provider : undefined;
}

export function targetText(target: Target | TargetPattern): string {
  const provider = providerOf(target);
  const on = provider === undefined ? '' : `@${provider}`;
  return `${target.kind}:${target.name}${on}`;
}

/**
 * `kind:name` (or `kind:name@provider` for a zone or secondary zone) → pattern; null when malformed. A zone's name
 * may be written absolute, with its trailing dot (`zone:example.com.`), and is read without it.
 */
export function parseTarget(text: string): TargetPattern | null {
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  if (colon < 0 || !isTargetKind(kind)) return null;
  const at = hasProvider(kind) ? rest.lastIndexOf('@') : -1;
  const name = zoneName(kind, at < 0 ? rest : rest.slice(0, at));
  if (at < 0) return name === '' ? null : { kind, name };
  const provider = rest.slice(at + 1);
  return name === '' || provider === '' ? null : { kind, name, provider };
}

/**
 * A pattern as users write one (`--target`, an acknowledgement's `target`): `parseTarget`, with the name glob of a
 * zone or secondary zone in A-labels (`zone:*.bücher.example` → `zone:*.xn--bcher-kva.example`, model/idn.ts), or
 * why a Unicode label of it has none. Geo-service and webapp names are not DNS names and stay as written.
 */
export function parseTargetPattern(text: string): TargetPattern | { problem: string } | null {
  const target = parseTarget(text);
  if (target === null || !hasProvider(target.kind)) return target;
  const idn = globToALabels(target.name);
  return idn.ok ? { ...target, name: idn.name } : { problem: idn.problem };
}

/**
 * Does `pattern` name `target`? Same kind, the name glob (picomatch, case-insensitive, `*` crosses dots) matching
 * its name, and the provider named exactly when the pattern names one (none: any provider). The one matcher of
 * `--target` scopes and acknowledgements; compiled once per pattern.
 */
export function targetMatcher(pattern: TargetPattern): (target: Target | TargetPattern) => boolean {
  const glob = loadPicomatch()(pattern.name, { dot: true, nocase: true, bash: true });
  const { kind, provider } = pattern;
  return (target) =>
    target.kind === kind && glob(target.name) && (provider === undefined || provider === providerOf(target));
}

/** A zone's or secondary zone's name without its trailing dot; other names as written. */
function zoneName(kind: TargetKind, name: string): string {
  return hasProvider(kind) && name.endsWith('.') ? name.slice(0, -1) : name;
}

export function isTargetKind(kind: string): kind is TargetKind {
  return (TARGET_KINDS as readonly string[]).includes(kind);
}

/** Plan order: zones, secondary zones, geo services, webapps; then by name, then provider. */
export function compareTargets(a: Target, b: Target): number {
  return (
    TARGET_KINDS.indexOf(a.kind) - TARGET_KINDS.indexOf(b.kind) ||
    compareStrings(a.name, b.name) ||
    // Stryker disable next-line StringLiteral: equivalent, two targets of one kind both name a provider or neither
    compareStrings(providerOf(a) ?? '', providerOf(b) ?? '')
  );
}
