import { compareStrings } from './compare.js';

/**
 * What `--target`, fingerprints, approvals, acknowledgements and plan steps name: one zone, secondary zone, geo
 * service or webapp. Typed everywhere; `targetText` and `parseTarget` are the only places that print and read the
 * `kind:name` form (`zone:example.com`, `geo:Global Web`, `webapp:shop`).
 */
export const TARGET_KINDS = ['zone', 'secondary', 'geo', 'webapp'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface Target {
  kind: TargetKind;
  /** A zone's normalised name, a geo service's exact name, a webapp as the desired state names it. */
  name: string;
}

export function targetText(target: Target): string {
  return `${target.kind}:${target.name}`;
}

/** `kind:name` → target; null when the kind is unknown or the name empty. */
export function parseTarget(text: string): Target | null {
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const name = text.slice(colon + 1);
  if (colon < 0 || name === '' || !isTargetKind(kind)) return null;
  return { kind, name };
}

export function isTargetKind(kind: string): kind is TargetKind {
  return (TARGET_KINDS as readonly string[]).includes(kind);
}

export function sameTarget(a: Target, b: Target): boolean {
  return a.kind === b.kind && a.name === b.name;
}

/** Plan order: zones, secondary zones, geo services, webapps; then by name. */
export function compareTargets(a: Target, b: Target): number {
  return TARGET_KINDS.indexOf(a.kind) - TARGET_KINDS.indexOf(b.kind) || compareStrings(a.name, b.name);
}
