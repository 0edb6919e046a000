import { compareStrings } from './compare.js';
import type { SourcePosition } from './diagnostic.js';
import type { ReuseStep } from './provenance.js';

/**
 * The generic record model: a record set is every record of one type at one name, with one TTL. Values are
 * canonical strings of their type (record-types/record-type.ts): only the type's own file knows their shape.
 */

/**
 * RFC 2181 §8 allows TTLs up to 2^31 - 1. Zero is refused in the desired state: on the wire 0 means "use the
 * default" (the zone's, or a geo service's), which the desired state says by leaving `ttl` out.
 */
export const MAX_TTL = 2_147_483_647;

/**
 * A desired set's TTL when the desired state leaves it to the provider (the SOA's, unless its map names one): the
 * diff compares no TTL then, and writes the live one. Never a TTL the YAML can write (those start at 1).
 */
export const PROVIDER_TTL = 0;

/** A desired record set. `values` are canonical, unique, in the type's order (`sortValues`). */
export interface RecordSet {
  /** Normalised fully-qualified name (lower case, no trailing dot). */
  fqdn: string;
  /** Registered type name, `A`, `MX`, … */
  type: string;
  ttl: number;
  values: string[];
  /** Where the YAML wrote it; for problems found against live state. Never part of a digest or of equality. */
  at?: SourcePosition;
  /**
   * A set a template or another zone (`same_as`) gave: where it was written and what it came through (plans show
   * it). Absent for the zone's own sets. Never part of a digest or of equality.
   */
  source?: { at: SourcePosition; via: ReuseStep[] };
}

/** One live record. `ref` is the provider's opaque reference (Dyn's record_id); it never takes part in equality. */
export interface LiveRecord {
  value: string;
  ttl: number;
  ref?: string;
}

/** The live records of one type at one name: sorted by value (the type's order), then ref. */
export interface LiveRecordSet {
  fqdn: string;
  type: string;
  records: LiveRecord[];
}

/** A record set's value as plans show and compare it. `mixedTtls`: a live set whose records differ in TTL. */
export interface RecordSetValue {
  ttl: number;
  values: string[];
  mixedTtls?: true;
}

/** `<fqdn> <TYPE>`: the identity of a record set inside its zone. */
export function recordSetKey(set: { fqdn: string; type: string }): string {
  return `${set.fqdn} ${set.type}`;
}

/** Canonical order of record sets: by name, then type. */
export function compareRecordSets(
  a: { fqdn: string; type: string },
  b: { fqdn: string; type: string },
): number {
  return compareStrings(a.fqdn, b.fqdn) || compareStrings(a.type, b.type);
}
