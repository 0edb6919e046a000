import { isInZone, namesBelowApex, normaliseName } from './names.js';
import { recordType } from './record-types/registry.js';

/**
 * Delegations inside one zone and their glue (RFC 1034 §4.2.1, RFC 9471), as the types declare them
 * (`RecordType.rules`): a set of a `delegates` type (NS) below the apex cuts the zone at its name, and what lies
 * below the cut belongs to the child zone, except glue: sets of a `glue` type (A, AAAA) at a name server that the
 * delegation names inside the delegated name (in-bailiwick). A resolver that follows the referral can learn that
 * name server's address nowhere else, so such a name server without glue is a delegation nobody can follow.
 *
 * Pure, on record sets as every layer has them: desired (config), live (the safety rule), imported (import).
 * Sets outside the zone, and the apex's own NS set, are no delegation.
 */

/** A record set as these rules read it: values canonical (an NS value is an absolute name with its trailing dot). */
export interface NamedSet {
  fqdn: string;
  type: string;
  values: readonly string[];
}

/** One delegation of a zone. */
export interface ZoneCut {
  /** The delegated name, normalised. */
  fqdn: string;
  /** The name servers of its NS set that lie inside the delegated name (or are it), normalised, each once. */
  inBailiwick: string[];
}

export interface Delegations {
  /** Every delegation of the zone, in the order of its sets. */
  cuts: ZoneCut[];
  /** The nearest delegation strictly above `fqdn` (between it and the apex), if any. */
  above(fqdn: string): ZoneCut | undefined;
}

/** A name server of a delegation that has no glue: no set of a `glue` type at its name. */
export interface MissingGlue {
  delegation: string;
  server: string;
}

export function delegates(type: string): boolean {
  return recordType(type)?.rules?.delegates === true;
}

export function isGlueType(type: string): boolean {
  return recordType(type)?.rules?.glue === true;
}

/** The delegations of `zone` (normalised) among `sets`. */
export function delegationsIn(zone: string, sets: readonly NamedSet[]): Delegations {
  const byName = new Map<string, ZoneCut>();
  for (const set of sets) {
    if (!delegates(set.type) || set.fqdn === zone || !isInZone(set.fqdn, zone)) continue;
    const servers = set.values.map(normaliseName).filter((server) => isInZone(server, set.fqdn));
    const cut = byName.get(set.fqdn) ?? { fqdn: set.fqdn, inBailiwick: [] };
    cut.inBailiwick = [...new Set([...cut.inBailiwick, ...servers])];
    byName.set(set.fqdn, cut);
  }
  return {
    cuts: [...byName.values()],
    above: (fqdn) =>
      namesBelowApex(fqdn, zone)
        .slice(1)
        .map((name) => byName.get(name))
        .find((cut) => cut !== undefined),
  };
}

/**
 * Whether a set below a delegation is its glue: of a `glue` type, at a name server the delegation names. Only asked
 * of a set that `above` found a delegation for.
 */
export function isGlueOf(cut: ZoneCut, set: { fqdn: string; type: string }): boolean {
  return isGlueType(set.type) && cut.inBailiwick.includes(set.fqdn);
}

/** Each in-bailiwick name server of each delegation that has no address in `sets`, in the order of the cuts. */
export function missingGlue(zone: string, sets: readonly NamedSet[]): MissingGlue[] {
  const addressed = new Set(
    sets.filter((set) => isGlueType(set.type) && set.values.length > 0).map((set) => set.fqdn),
  );
  return delegationsIn(zone, sets).cuts.flatMap((cut) =>
    cut.inBailiwick
      .filter((server) => !addressed.has(server))
      .map((server) => ({ delegation: cut.fqdn, server })),
  );
}
