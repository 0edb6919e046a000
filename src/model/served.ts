/**
 * What an authoritative DNS server answered for one name and type, as `verify` and `apply --wait-served` judge it
 * (plan/review/served.ts). Values are canonical (record-types/record-type.ts), so they compare with the desired
 * state's as strings.
 */
export type ServedAnswer =
  /**
   * Records of the type: their values sorted, their TTL (the lowest when they differ). An authoritative answer, or
   * (`glue`) the address records of a delegation's name server in a referral's additional section (RFC 9471 §2).
   */
  | { kind: 'records'; ttl: number; values: string[]; mixedTtls?: true; glue?: true }
  /** The name does not exist (NXDOMAIN). */
  | { kind: 'nxdomain' }
  /** The name exists without records of the type (NOERROR and no answer, RFC 2308 §2.2). */
  | { kind: 'nodata' }
  /** The name is an alias: a CNAME to `target` is served where another type was asked for. */
  | { kind: 'cname'; target: string }
  /** The name is at or below a delegation to other servers (`at`), which this server does not answer for. */
  | { kind: 'referral'; at: string }
  /** REFUSED, or an answer without the authoritative flag: the server does not serve the zone (a lame delegation). */
  | { kind: 'not-authoritative' }
  /** No usable answer: a timeout, REFUSED, SERVFAIL, a value that does not parse. */
  | { kind: 'failed'; reason: string };

/** One server's answer, named by the server (`host:port`). */
export interface ServerAnswer {
  server: string;
  answer: ServedAnswer;
}
