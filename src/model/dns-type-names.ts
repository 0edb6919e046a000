/**
 * The resource record types of the IANA "Resource Record (RR) TYPEs" registry that a zone can hold, by mnemonic and
 * number (RFC 6895 §3.1), and RFC 3597's `TYPE<n>` names for the others. Used to tell a YAML key that is a DNS type
 * edgeplan does not manage from a typo, to refuse a generic key (`type29`) for a type that has a name, and to name
 * a type read from the wire that has no mnemonic here (`TYPE65280`, RFC 3597 §5).
 */
const TYPES: ReadonlyMap<string, number> = new Map([
  ['A', 1],
  ['NS', 2],
  ['MD', 3],
  ['MF', 4],
  ['CNAME', 5],
  ['SOA', 6],
  ['MB', 7],
  ['MG', 8],
  ['MR', 9],
  ['NULL', 10],
  ['WKS', 11],
  ['PTR', 12],
  ['HINFO', 13],
  ['MINFO', 14],
  ['MX', 15],
  ['TXT', 16],
  ['RP', 17],
  ['AFSDB', 18],
  ['X25', 19],
  ['ISDN', 20],
  ['RT', 21],
  ['NSAP', 22],
  ['NSAP-PTR', 23],
  ['SIG', 24],
  ['KEY', 25],
  ['PX', 26],
  ['GPOS', 27],
  ['AAAA', 28],
  ['LOC', 29],
  ['NXT', 30],
  ['EID', 31],
  ['NIMLOC', 32],
  ['SRV', 33],
  ['ATMA', 34],
  ['NAPTR', 35],
  ['KX', 36],
  ['CERT', 37],
  ['A6', 38],
  ['DNAME', 39],
  ['SINK', 40],
  ['APL', 42],
  ['DS', 43],
  ['SSHFP', 44],
  ['IPSECKEY', 45],
  ['RRSIG', 46],
  ['NSEC', 47],
  ['DNSKEY', 48],
  ['DHCID', 49],
  ['NSEC3', 50],
  ['NSEC3PARAM', 51],
  ['TLSA', 52],
  ['SMIMEA', 53],
  ['HIP', 55],
  ['NINFO', 56],
  ['RKEY', 57],
  ['TALINK', 58],
  ['CDS', 59],
  ['CDNSKEY', 60],
  ['OPENPGPKEY', 61],
  ['CSYNC', 62],
  ['ZONEMD', 63],
  ['SVCB', 64],
  ['HTTPS', 65],
  ['DSYNC', 66],
  ['SPF', 99],
  ['UINFO', 100],
  ['UID', 101],
  ['GID', 102],
  ['UNSPEC', 103],
  ['NID', 104],
  ['L32', 105],
  ['L64', 106],
  ['LP', 107],
  ['EUI48', 108],
  ['EUI64', 109],
  ['TKEY', 249],
  ['TSIG', 250],
  ['URI', 256],
  ['CAA', 257],
  ['AVC', 258],
  ['DOA', 259],
  ['AMTRELAY', 260],
  ['RESINFO', 261],
  ['WALLET', 262],
  ['TA', 32768],
  ['DLV', 32769],
]);

const NAMES: ReadonlyMap<number, string> = new Map([...TYPES].map(([name, number]) => [number, name]));

/** The number of a registered mnemonic (`LOC` → 29, any case) or of an RFC 3597 name (`TYPE65280`). */
export function dnsTypeNumber(name: string): number | undefined {
  const upper = name.toUpperCase();
  const generic = /^TYPE(\d{1,5})$/.exec(upper);
  if (generic) {
    const number = Number(generic[1]);
    return number <= 65535 ? number : undefined;
  }
  return TYPES.get(upper);
}

/** The registry's mnemonic of a type number, or RFC 3597's `TYPE<n>` when it has none here (RFC 3597 §5). */
export function dnsTypeName(number: number): string {
  return NAMES.get(number) ?? `TYPE${number}`;
}

/** The registry's mnemonic (upper case) when `key` is one in any case (`nsec` → NSEC), else undefined. */
export function registeredTypeName(key: string): string | undefined {
  const upper = key.toUpperCase();
  return TYPES.has(upper) ? upper : undefined;
}
