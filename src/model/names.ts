/**
 * DNS name normalisation shared by every layer. Identity of a record set is (zone, fqdn, type);
 * names are compared only after `normaliseName` (lower case, no trailing dot).
 */

import { aLabelName } from './idn.js';

export const APEX = '@';

export function normaliseName(name: string): string {
  // No regular expression: this runs several times per record, and `trim` and `toLowerCase` hand back the same
  // string when there is nothing to change.
  const trimmed = name.trim();
  return (trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed).toLowerCase();
}

/**
 * A desired-state record name as written under `zones.<zone>.records`: `@` is the apex, a name ending in a dot is
 * absolute, anything else is relative to the zone; a Unicode label is its A-label (idn.ts). Returns the normalised
 * FQDN.
 */
export function recordNameToFqdn(written: string, zone: string): string {
  const zoneName = normaliseName(zone);
  const name = aLabelName(written);
  if (name === APEX) return zoneName;
  if (name.endsWith('.')) return normaliseName(name);
  return `${normaliseName(name)}.${zoneName}`;
}

/** True when `fqdn` is the zone apex or a name below it. Both arguments normalised. */
export function isInZone(fqdn: string, zone: string): boolean {
  return fqdn === zone || fqdn.endsWith(`.${zone}`);
}

/**
 * `fqdn` and each name above it strictly below the apex of `zone`, nearest first: `a.b.example.com` in `example.com`
 * gives itself, then `b.example.com`. None for the apex or a name outside the zone. Both arguments normalised.
 */
export function namesBelowApex(fqdn: string, zone: string): string[] {
  const names: string[] = [];
  for (let name = fqdn; name.endsWith(`.${zone}`); name = name.slice(name.indexOf('.') + 1)) names.push(name);
  return names;
}

/** The name relative to its zone, `@` for the apex (the inverse of `recordNameToFqdn` for names inside the zone). */
export function relativeName(fqdn: string, zone: string): string {
  if (fqdn === zone) return APEX;
  return fqdn.endsWith(`.${zone}`) ? fqdn.slice(0, -(zone.length + 1)) : `${fqdn}.`;
}

/**
 * Why a name written relative to `zone` (a record name, an `unmanaged` glob, an acknowledgement's record-set name)
 * would not mean what its writer meant, or null. `@` is the apex; a name ending in `.` is absolute and must lie
 * inside the zone; any other name is relative, so one that ends in the zone's own name (`www.acme.io` under
 * `acme.io`) would be `www.acme.io.acme.io`: refused, with both ways to write what was meant (DNSControl refuses the
 * same). Globs work too, as long as the zone's part of them is written out.
 */
export function writtenNameProblem(name: string, zone: string): string | null {
  const zoneName = normaliseName(zone);
  const lower = name.toLowerCase();
  if (lower.endsWith('.')) {
    const fqdn = lower.slice(0, -1);
    return isInZone(fqdn, zoneName) ? null : `"${name}" is not inside zone "${zoneName}"`;
  }
  if (lower !== zoneName && !lower.endsWith(`.${zoneName}`)) return null;
  const relative = lower === zoneName ? APEX : name.slice(0, -(zoneName.length + 1));
  return (
    `"${name}" ends in its zone's name "${zoneName}" without a trailing dot, so it would be ` +
    `${lower}.${zoneName}: write "${relative}", or "${name}."`
  );
}

/**
 * A name as written relative to `zone` (one `writtenNameProblem` accepts) → relative to the zone, `@` for the apex:
 * an absolute name loses the zone's part, a relative name is kept as it is.
 */
export function writtenRelativeName(name: string, zone: string): string {
  if (!name.endsWith('.')) return name;
  const zoneName = normaliseName(zone);
  const absolute = name.slice(0, -1);
  if (absolute.toLowerCase() === zoneName) return APEX;
  return absolute.slice(0, -(zoneName.length + 1));
}
