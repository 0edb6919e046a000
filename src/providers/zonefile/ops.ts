import type { SerialStyle } from '../../model/zone.js';

/**
 * The zonefile provider's one call, as its compiler (compile.ts) writes it into a plan step and its writer
 * (write.ts) carries it out: every change of a zone is one replacement of its file. Names are normalised (lower
 * case, no trailing dot) as everywhere in the model; values are canonical strings of their type, which are what a
 * zone file carries.
 */

/** Every record of `type` at `fqdn` becomes `values`, all with `ttl`. */
export interface ZonefileReplace {
  fqdn: string;
  type: string;
  ttl: number;
  values: string[];
}

/** Every record of `type` at `fqdn` goes. */
export interface ZonefileDelete {
  fqdn: string;
  type: string;
}

/** A zone the plan creates: its SOA's contact, TTL and serial style (`create:`), and its apex NS records. */
export interface ZonefileNewZone {
  /** The contact as an email address (`hostmaster@example.com`). */
  contact: string;
  ttl: number;
  serialStyle: SerialStyle;
  /** Absolute names with their trailing dot, from the provider's `nameservers`. */
  nameservers: string[];
}

/**
 * `write-zone`: the zone's file is read, checked to be exactly the file the plan read (`digest`, the SHA-256 of its
 * bytes; null: the plan read no file, and there must still be none), changed, and replaced in one step. `file` is
 * the file as the plan shows it (relative to the repository); the writer finds the file itself and refuses an op
 * whose `file` is not it.
 */
export type ZonefileOp = {
  kind: 'write-zone';
  zone: string;
  file: string;
  digest: string | null;
  create?: ZonefileNewZone;
  delete: ZonefileDelete[];
  replace: ZonefileReplace[];
};
