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
 * left joined without spaces (base64 and hex may be split), `strings` every token left as quoted strings.
 */
type FieldRead = 'name' | 'int' | 'string' | 'rest' | 'strings';

const FIELDS: ReadonlyMap<string, readonly (readonly [string, FieldRead])[]> = new Map([
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
  ['CNAME', [['cname', 'name']]],
  ['DNAME', [['dname', 'name']]],
  [
    'DS',
    [
      ['keytag', 'int'],
      ['algorithm', 'int'],
      ['digtype', 'int'],
      ['digest', 'rest'],
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
  ['PTR', [['ptrdname', 'name']]],
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
  return FIELDS.has(type);
}

/** The stored rdata of `type` from the tokens after the type, or why it cannot be read. */
export function fileRdata(type: string, tokens: readonly Token[], origin: string): Rdata | string {
  const fields = FIELDS.get(type) ?? [];
  const raw: Record<string, string> = {};
  let at = 0;
  for (const [field, read] of fields) {
    if (at >= tokens.length) return `${field}: required field missing`;
    if (read === 'rest' || read === 'strings') {
      const rest = tokens.slice(at);
      raw[field] = read === 'rest' ? rest.map(tokenText).join('') : rest.map(quoted).join(' ');
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
  const parsed = parseRdata(type, raw);
  return 'rdata' in parsed ? parsed.rdata : parsed.problem.message;
}

/** A name of the file, absolute with its trailing dot: `@` is the origin, a name without a final dot is below it. */
export function absolute(name: string, origin: string): string {
  if (name === '@') return `${origin}.`;
  if (name === '.') return '.';
  return name.endsWith('.') ? name : `${name}.${origin}.`;
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
