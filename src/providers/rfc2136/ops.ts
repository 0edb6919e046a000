/**
 * The RFC 2136 provider's calls: each op is ONE UPDATE message to the zone's primary server, as the compiler
 * (compile.ts) packs a zone's changes into messages and the writer (write.ts) sends them. A zone's changes are one
 * message when they fit 64 KiB; otherwise a chain (`message` of `of`), each conditional on the serial the one
 * before produced. Every set carries what it was and what it becomes, so that a chain that fails part-way is rolled
 * back message by message (the same packing, sent the other way). Names are normalised (lower case, no trailing
 * dot); values are canonical strings of their type, which are presentation format.
 */

/** One record set as the plan read it, or as it becomes: every value with one TTL. */
export interface Rfc2136Records {
  ttl: number;
  values: string[];
}

/** A record set's change: `before` null creates it, `after` null deletes it. */
export interface Rfc2136Set {
  fqdn: string;
  type: string;
  before: Rfc2136Records | null;
  after: Rfc2136Records | null;
}

export type Rfc2136Op = {
  kind: 'update';
  zone: string;
  /** Its place in the zone's chain, from 1; `of` messages in all. */
  message: number;
  of: number;
  sets: Rfc2136Set[];
};
