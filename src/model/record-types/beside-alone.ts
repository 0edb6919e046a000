/**
 * Types that may share a name with a type that stands alone: DNSSEC's own records of that name (RFC 2181 §10.1:
 * SIG, NXT, KEY; RFC 4035 §2.5: RRSIG, NSEC). BIND and Knot take them beside a CNAME.
 */
export const BESIDE_ALONE: ReadonlySet<string> = new Set(['SIG', 'NXT', 'KEY', 'RRSIG', 'NSEC']);
