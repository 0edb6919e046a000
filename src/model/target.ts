import { compareStrings } from './compare.js';
import { globToALabels } from './idn.js';

/**
 * What `--target`, fingerprints, approvals, acknowledgements and plan steps name: one zone, secondary zone, geo
 * service or webapp. Typed everywhere; `targetText` and `parseTarget` are the only places that print and read the
 * `kind:name` form (`zone:example.com`, `geo:Global Web`, `webapp:shop`).
 *
 * With several DNS providers (`providers:` in the desired state), a zone or secondary zone is one target per
 * provider it is on: `provider` names it, and the text form is `zone:example.com@pdns`. Without `providers:` no
 * target has a provider, and every form is as it always was. Zone names never hold `@`; geo-service and webapp
 * names may, so only zone and secondary targets read a `@provider` suffix.
 */
export const TARGET_KINDS = ['zone', 'secondary', 'geo', 'webapp'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface Target {
  kind: TargetKind;
  /** A zone's normalised name, a geo service's exact name, a webapp as the desired state names it. */
  name: string;
  /** Zones and secondary zones under `providers:`: the DNS provider's name there. */
  provider?: string;
}

/** The kinds whose targets are per DNS provider when the desired state has `providers:`. */
export function hasProvider(kind: TargetKind): boolean {
  return kind === 'zone' || kind === 'secondary';
}

export function targetText(target: Target): string {
  const on = target.provider === undefined ? '' : `@${target.provider}`;
  return `${target.kind}:${target.name}${on}`;
}

/**
 * `kind:name` (or `kind:name@provider` for a zone or secondary zone) → target; null when malformed. A zone's name
 * may be written absolute, with its trailing dot (`zone:example.com.`), and is read without it.
 */
export function parseTarget(text: string): Target | null {
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  if (colon < 0 || rest === '' || !isTargetKind(kind)) return null;
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
export function parseTargetPattern(text: string): Target | { problem: string } | null {
  const target = parseTarget(text);
  if (target === null || !hasProvider(target.kind)) return target;
  const idn = globToALabels(target.name);
  return idn.ok ? { ...target, name: idn.name } : { problem: idn.problem };
}

/** A zone's or secondary zone's name without its trailing dot; other names as written. */
function zoneName(kind: TargetKind, name: string): string {
  return hasProvider(kind) && name.endsWith('.') ? name.slice(0, -1) : name;
}

export function isTargetKind(kind: string): kind is TargetKind {
  return (TARGET_KINDS as readonly string[]).includes(kind);
}

export function sameTarget(a: Target, b: Target): boolean {
  return a.kind === b.kind && a.name === b.name && a.provider === b.provider;
}

/** Plan order: zones, secondary zones, geo services, webapps; then by name, then provider. */
export function compareTargets(a: Target, b: Target): number {
  return (
    TARGET_KINDS.indexOf(a.kind) - TARGET_KINDS.indexOf(b.kind) ||
    compareStrings(a.name, b.name) ||
    compareStrings(a.provider ?? '', b.provider ?? '')
  );
}

/** `target` with `provider` when given (a DNS provider under `providers:`), without one otherwise. */
export function onProvider<T extends object>(
  value: T,
  provider: string | undefined,
): T & { provider?: string } {
  return provider === undefined ? value : { ...value, provider };
}
