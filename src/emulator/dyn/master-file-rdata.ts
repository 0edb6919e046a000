/**
 * The RDATA of one master-file entry → the rdata object the emulator stores for that type (rdata.ts), field by
 * field in the order of the type's RFC: names made absolute against the origin (`@` is the origin itself), integers
 * as written (rdata.ts checks their range), <character-string>s decoded. TXT and SPF keep their strings quoted and
 * escaped, one space apart, which is how the service returns text written as several strings. The result is
 * checked by rdata.ts like any posted rdata.
 */
import { type Token, tokenOctets, tokenText } from '../../model/zone-file/lexer.js';
import { parseRdata, type Rdata } from './rdata.js';

/**
 * How one field is read: `name` a domain name, `int` a number, `string` one <character-string>, `rest` every token
 * left joined without spaces (base64 and hex may be split), `strings` every token left as quoted strings, `list`
 * every token left joined by commas (CSYNC's types, as the vendor SDK sends them).
 */
type FieldRead = 'name' | 'int' | 'string' | 'rest' | 'strings' | 'list';
type Fields = readonly (readonly [string, FieldRead])[];

const KEY_READ: Fields = [
  ['flags', 'int'],
  ['protocol', 'int'],
  ['algorithm', 'int'],
  ['public_key', 'rest'],
];
const DS_READ: Fields = [
  ['keytag', 'int'],
  ['algorithm', 'int'],
  ['digtype', 'int'],
  ['digest', 'rest'],
];

const FIELDS: ReadonlyMap<string, Fields> = new Map<string, Fields>([
  ['A', [['address', 'string']]],
  ['AAAA', [['address', 'string']]],
  ['ALIAS', [['alias', 'name']]],
  [
    'CAA',
    [
      ['flags', 'int'],
      ['tag', 'string'],
      ['value', 'string'],
    ],
  ],
  [
    'CERT',
    [
      ['format', 'int'],
      ['tag', 'int'],
      ['algorithm', 'int'],
      ['certificate', 'rest'],
    ],
  ],
  ['CDNSKEY', KEY_READ],
  ['CDS', DS_READ],
  ['CNAME', [['cname', 'name']]],
  [
    'CSYNC',
    [
      ['soa_serial', 'int'],
      ['flags', 'string'],
      ['types', 'list'],
    ],
  ],
  ['DHCID', [['digest', 'rest']]],
  ['DNAME', [['dname', 'name']]],
  ['DNSKEY', KEY_READ],
  ['DS', DS_READ],
  [
    'IPSECKEY',
    [
      ['precedence', 'int'],
      ['gatetype', 'int'],
      ['algorithm', 'int'],
      ['gateway', 'string'],
      ['public_key', 'rest'],
    ],
  ],
  ['KEY', KEY_READ],
  [
    'KX',
    [
      ['preference', 'int'],
      ['exchange', 'name'],
    ],
  ],
  [
    'MX',
    [
      ['preference', 'int'],
      ['exchange', 'name'],
    ],
  ],
  [
    'NAPTR',
    [
      ['order', 'int'],
      ['preference', 'int'],
      ['flags', 'string'],
      ['services', 'string'],
      ['regexp', 'string'],
      ['replacement', 'name'],
    ],
  ],
  ['NS', [['nsdname', 'name']]],
  ['NSAP', [['nsap', 'string']]],
  ['PTR', [['ptrdname', 'name']]],
  [
    'PX',
    [
      ['preference', 'int'],
      ['map822', 'name'],
      ['mapx400', 'name'],
    ],
  ],
  [
    'RP',
    [
      ['mbox', 'name'],
      ['txtdname', 'name'],
    ],
  ],
  [
    'SOA',
    [
      ['mname', 'name'],
      ['rname', 'name'],
      ['serial', 'int'],
      ['refresh', 'int'],
      ['retry', 'int'],
      ['expire', 'int'],
      ['minimum', 'int'],
    ],
  ],
  ['SPF', [['txtdata', 'strings']]],
  [
    'SRV',
    [
      ['priority', 'int'],
      ['weight', 'int'],
      ['port', 'int'],
      ['target', 'name'],
    ],
  ],
  [
    'SSHFP',
    [
      ['algorithm', 'int'],
      ['fptype', 'int'],
      ['fingerprint', 'rest'],
    ],
  ],
  [
    'TLSA',
    [
      ['cert_usage', 'int'],
      ['selector', 'int'],
      ['match_type', 'int'],
      ['certificate', 'rest'],
    ],
  ],
  ['TXT', [['txtdata', 'strings']]],
]);

/** RFC 4398 §2.1: certificate types may be written as their mnemonics. */
const CERT_TYPES: ReadonlyMap<string, number> = new Map([
  ['PKIX', 1],
  ['SPKI', 2],
  ['PGP', 3],
  ['IPKIX', 4],
  ['ISPKI', 5],
  ['IPGP', 6],
  ['ACPKIX', 7],
  ['IACPKIX', 8],
  ['URI', 253],
  ['OID', 254],
]);

/** Types a zone file may hold here: the types the emulator serves. */
export function isFileType(type: string): boolean {
  return type === 'LOC' || FIELDS.has(type);
}

/** The stored rdata of `type` from the tokens after the type, or why it cannot be read. */
export function fileRdata(type: string, tokens: readonly Token[], origin: string): Rdata | string {
  if (type === 'LOC') return checked(type, locFields(tokens.map(tokenText)));
  const fields = FIELDS.get(type) ?? [];
  const raw: Record<string, string> = {};
  let at = 0;
  for (const [field, read] of fields) {
    if (at >= tokens.length) return `${field}: required field missing`;
    if (read === 'rest' || read === 'strings' || read === 'list') {
      const rest = tokens.slice(at);
      raw[field] = read === 'strings' ? rest.map(quoted).join(' ') : rest.map(tokenText).join(JOIN[read]);
      at = tokens.length;
      continue;
    }
    const token = tokens[at] as Token;
    at += 1;
    // An SOA RNAME's first label is the mailbox's local part, where `\.` is a dot: read it as written.
    if (type === 'SOA' && field === 'rname') raw[field] = mailbox(absolute(token.raw, origin));
    else if (read === 'name') raw[field] = absolute(tokenText(token), origin);
    else if (type === 'CERT' && field === 'format') raw[field] = certType(tokenText(token));
    else raw[field] = tokenText(token);
  }
  if (at < tokens.length) return `more fields than a ${type} record has: ${tokens[at]?.raw ?? ''}`;
  return checked(type, raw);
}

const JOIN = { rest: '', list: ',' } as const;

function checked(type: string, raw: Record<string, string> | string): Rdata | string {
  if (typeof raw === 'string') return raw;
  const parsed = parseRdata(type, raw);
  return 'rdata' in parsed ? parsed.rdata : parsed.problem.message;
}

/**
 * RFC 1876 §3: `d1 [m1 [s1]] {N|S} d2 [m2 [s2]] {E|W} alt[m] [siz[m] [hp[m] [vp[m]]]]`, the last three defaulting
 * to 1m, 10000m and 10m: each coordinate kept as written, one space apart.
 */
function locFields(words: readonly string[]): Record<string, string> | string {
  const lat = words.findIndex((w) => /^[NS]$/i.test(w));
  const lon = words.findIndex((w, i) => i > lat && /^[EW]$/i.test(w));
  if (lat < 1 || lon < lat + 2) return 'latitude and longitude: must end in N or S, and E or W';
  const [altitude, size = '1m', horiz = '10000m', vert = '10m', ...extra] = words.slice(lon + 1);
  if (altitude === undefined) return 'altitude: required field missing';
  if (extra.length > 0) return `more fields than a LOC record has: ${extra[0]}`;
  return {
    latitude: words.slice(0, lat + 1).join(' '),
    longitude: words.slice(lat + 1, lon + 1).join(' '),
    altitude,
    size,
    horiz_pre: horiz,
    vert_pre: vert,
  };
}

/**
 * A name of the file, absolute with its trailing dot: `@` is the origin, a name without a final dot is below it.
 * `origin` is normalised (no trailing dot): the root (`$ORIGIN .`) is the empty string.
 */
export function absolute(name: string, origin: string): string {
  const suffix = origin === '' ? '.' : `.${origin}.`;
  if (name === '@') return origin === '' ? '.' : `${origin}.`;
  if (name === '.') return '.';
  return name.endsWith('.') ? name : `${name}${suffix}`;
}

function certType(text: string): string {
  return String(CERT_TYPES.get(text.toUpperCase()) ?? text);
}

/** The SOA RNAME `hostmaster.example.com.` as the contact address the service keeps, `hostmaster@example.com`. */
function mailbox(rname: string): string {
  const name = rname.replace(/\.$/, '');
  const dot = name.search(/(?<!\\)\./);
  return dot < 0 ? name : `${name.slice(0, dot).replace(/\\\./g, '.')}@${name.slice(dot + 1)}`;
}

/** Printable ASCII but `"` and `\`: a string that needs no escape. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** One <character-string> quoted as the service returns text: `"` and `\` escaped, other octets outside ASCII as `\DDD`. */
function quoted(token: Token): string {
  if (!token.escaped && PLAIN.test(token.body)) return `"${token.body}"`;
  let out = '"';
  for (const byte of tokenOctets(token)) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}
