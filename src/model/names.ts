/**
 * DNS name normalisation shared by every layer. Identity of a record set is (zone, fqdn, type);
 * names are compared only after `normaliseName` (lower case, no trailing dot).
 */

export const APEX = '@';

export function normaliseName(name: string): string {
  return name.trim().replace(/\.$/, '').toLowerCase();
}

/**
 * A desired-state record name as written under `zones.<zone>.records`: `@` is the apex, a name ending in a dot is
 * absolute, anything else is relative to the zone. Returns the normalised FQDN.
 */
export function recordNameToFqdn(name: string, zone: string): string {
  const zoneName = normaliseName(zone);
  if (name === APEX) return zoneName;
  if (name.endsWith('.')) return normaliseName(name);
  return `${normaliseName(name)}.${zoneName}`;
}

/** True when `fqdn` is the zone apex or a name below it. Both arguments normalised. */
export function isInZone(fqdn: string, zone: string): boolean {
  return fqdn === zone || fqdn.endsWith(`.${zone}`);
}

/** The name relative to its zone, `@` for the apex (the inverse of `recordNameToFqdn` for names inside the zone). */
export function relativeName(fqdn: string, zone: string): string {
  if (fqdn === zone) return APEX;
  return fqdn.endsWith(`.${zone}`) ? fqdn.slice(0, -(zone.length + 1)) : `${fqdn}.`;
}
