import { quoteOctets, scanStrings } from '../model/record-types/character-strings.js';
import { decodeLoc, encodeLoc } from './loc-rdata.js';

/**
 * RDATA written and read here as octets, for the types dns-packet has no codec of its own for, or one that loses
 * data: LOC (RFC 1876 §2), DNAME (RFC 6672 §2.1), RP (RFC 1183 §2.2), HINFO (RFC 1035 §3.3.2), URI (RFC 7553
 * §4.5), OPENPGPKEY (RFC 7929 §2.1), DHCID (RFC 4701 §3.1), DNSKEY (RFC 4034 §2.1), SMIMEA (RFC 8162 §2, TLSA's),
 * CDS and CDNSKEY (RFC 7344 §3: DS's and DNSKEY's RDATA), SSHFP (RFC 4255 §3.1: dns-packet takes only SHA-1's and
 * SHA-256's lengths; sshfp-records.ts), and RFC 3597's generic `\# <length> <hex>` for a type by number
 * (`TYPE65534`). Names inside are written uncompressed (RFC 3597 §4). `decode` gives undefined for octets that are
 * not a valid RDATA of the type (an SSHFP record without a fingerprint, which BIND refuses too): the caller shows
 * them generically (`\# 2 0102`), which the type's own parser refuses, so such a record is left alone.
 */
interface OctetCodec {
  encode(value: string): Buffer;
  decode(octets: Buffer): string | undefined;
}

const names = (count: number): OctetCodec => ({
  encode: (value) => Buffer.concat(value.split(' ').map(nameOctets)),
  decode: (octets) => {
    const out: string[] = [];
    let at = 0;
    for (let i = 0; i < count; i += 1) {
      const read = readName(octets, at);
      if (!read) return undefined;
      out.push(read.name);
      at = read.next;
    }
    return at === octets.length ? out.join(' ') : undefined;
  },
});

/** Leading integer fields of `widths` octets each, then the rest in `tail`'s text form. */
const fixed = (widths: readonly (1 | 2)[], tail: 'hex' | 'base64'): OctetCodec => ({
  encode: (value) => {
    const words = value.split(' ');
    const head = Buffer.alloc(widths.reduce((sum: number, width) => sum + width, 0));
    let at = 0;
    widths.forEach((width, index) => {
      if (width === 1) head.writeUInt8(Number(words[index]), at);
      else head.writeUInt16BE(Number(words[index]), at);
      at += width;
    });
    return Buffer.concat([head, Buffer.from(words.slice(widths.length).join(''), tail)]);
  },
  decode: (octets) => {
    const size = widths.reduce((sum: number, width) => sum + width, 0);
    if (octets.length <= size) return undefined;
    const fields: (string | number)[] = [];
    let at = 0;
    for (const width of widths) {
      fields.push(width === 1 ? octets.readUInt8(at) : octets.readUInt16BE(at));
      at += width;
    }
    return [...fields, octets.subarray(size).toString(tail)].join(' ');
  },
});

const base64: OctetCodec = {
  encode: (value) => Buffer.from(value, 'base64'),
  decode: (octets) => (octets.length > 0 ? octets.toString('base64') : undefined),
};

const hinfo: OctetCodec = {
  encode: (value) => Buffer.concat(tokens(value).map(characterString)),
  decode: (octets) => {
    const strings = characterStrings(octets);
    return strings?.length === 2 ? strings.map(quoteOctets).join(' ') : undefined;
  },
};

const uri: OctetCodec = {
  encode: (value) => {
    const [priority, weight, target] = tokens(value);
    const head = Buffer.alloc(4);
    head.writeUInt16BE(Number(priority?.toString()), 0);
    head.writeUInt16BE(Number(weight?.toString()), 2);
    return Buffer.concat([head, target ?? Buffer.alloc(0)]);
  },
  decode: (octets) =>
    octets.length > 4
      ? `${octets.readUInt16BE(0)} ${octets.readUInt16BE(2)} ${quoteOctets(octets.subarray(4))}`
      : undefined,
};

const CODECS: ReadonlyMap<string, OctetCodec> = new Map([
  ['CDNSKEY', fixed([2, 1, 1], 'base64')],
  ['CDS', fixed([2, 1, 1], 'hex')],
  ['DHCID', base64],
  ['DNAME', names(1)],
  ['DNSKEY', fixed([2, 1, 1], 'base64')],
  ['HINFO', hinfo],
  ['LOC', { encode: encodeLoc, decode: decodeLoc }],
  ['OPENPGPKEY', base64],
  ['RP', names(2)],
  ['SMIMEA', fixed([1, 1, 1], 'hex')],
  ['SSHFP', fixed([1, 1], 'hex')],
  ['URI', uri],
]);

/** The RDATA of a value of `type` as octets, for the types above and `TYPE<n>`; undefined for the others. */
export function encodeOctets(type: string, value: string): Buffer | undefined {
  if (/^TYPE\d+$/.test(type)) return genericOctets(value);
  return CODECS.get(type)?.encode(value);
}

/** Octets of a `type` record → presentation text: the type's own where it has a codec here, else RFC 3597's. */
export function decodeOctets(type: string, octets: Buffer): string {
  return (
    CODECS.get(type)?.decode(octets) ??
    `\\# ${octets.length}${octets.length > 0 ? ` ${octets.toString('hex')}` : ''}`
  );
}

/** Whether the type's RDATA is written here (so dns-packet gets it as raw octets). */
export function hasOctetCodec(type: string): boolean {
  return CODECS.has(type) || /^TYPE\d+$/.test(type);
}

/** RFC 3597 §5: `\# <length> <hex…>`, the length counting the octets. */
function genericOctets(value: string): Buffer {
  const [marker, length, ...hex] = value.trim().split(/\s+/);
  const octets = Buffer.from(hex.join(''), 'hex');
  if (marker !== '\\#' || Number(length) !== octets.length)
    throw new Error(`"${value}" is not RFC 3597 generic RDATA`);
  return octets;
}

function nameOctets(name: string): Buffer {
  const labels = name === '.' ? [] : name.replace(/\.$/, '').split('.');
  return Buffer.concat([
    ...labels.map((label) => characterString(Buffer.from(label, 'ascii'))),
    Buffer.alloc(1),
  ]);
}

/** An uncompressed name at `at` → absolute, lower case; undefined when it runs past the end or is compressed. */
function readName(octets: Buffer, at: number): { name: string; next: number } | undefined {
  const labels: string[] = [];
  let i = at;
  while (i < octets.length) {
    const length = octets.readUInt8(i);
    if (length === 0) return { name: `${labels.join('.')}.`.toLowerCase(), next: i + 1 };
    if (length > 63) return undefined;
    labels.push(octets.subarray(i + 1, i + 1 + length).toString('latin1'));
    i += 1 + length;
  }
  return undefined;
}

function tokens(value: string): Buffer[] {
  const scanned = scanStrings(value);
  if (!scanned.ok) throw new Error(`"${value}" is not presentation text: ${scanned.problem}`);
  return scanned.tokens.map((token) => token.octets);
}

function characterString(octets: Buffer): Buffer {
  return Buffer.concat([Uint8Array.of(octets.length), octets]);
}

/** RFC 1035 <character-string>s filling the octets exactly, or undefined. */
function characterStrings(octets: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  for (let at = 0; at < octets.length; ) {
    const length = octets.readUInt8(at);
    if (at + 1 + length > octets.length) return undefined;
    out.push(octets.subarray(at + 1, at + 1 + length));
    at += 1 + length;
  }
  return out;
}
