import { canonicalIPv6 } from '../../model/record-types/ipv6.js';
import { absoluteName } from './names.js';

/**
 * The RDATA of a record as written in a zone file → the presentation text a record type's `parsePresentation`
 * reads: the tokens joined by single spaces (parentheses and comments are gone already), with every domain-name
 * field made absolute against the origin it was written under, since a type's reader takes absolute names only.
 */

/**
 * Which RDATA fields of a type edgeplan reads are domain names (0-based, in presentation order): the types whose
 * RFC gives them a name that a zone file may write relative to `$ORIGIN` or as `@`. Every other field is taken as
 * written. test/providers/zonefile checks that a registered type's values hold no other absolute name.
 */
export const NAME_FIELDS: ReadonlyMap<string, readonly number[]> = new Map([
  ['ALIAS', [0]],
  ['CNAME', [0]],
  ['DNAME', [0]],
  ['HTTPS', [1]],
  ['MX', [1]],
  ['NAPTR', [5]],
  ['NS', [0]],
  ['PTR', [0]],
  ['RP', [0, 1]],
  ['SOA', [0, 1]],
  ['SRV', [3]],
  ['SVCB', [1]],
]);

/** RFC 3597 §5: `\# <length> <hex…>`, the generic form any type may be written in. */
export function isGeneric(rdata: readonly string[]): boolean {
  return rdata[0] === '\\#';
}

/** The fields of `rdata` of `type`, names made absolute against `origin` (absolute, trailing dot). */
export function presentationFields(type: string, rdata: readonly string[], origin: string): string[] {
  const names = NAME_FIELDS.get(type) ?? [];
  return rdata.map((token, index) => (names.includes(index) ? absoluteName(token, origin) : token));
}

/** The presentation text of `rdata` of `type`: its fields, names absolute, one space apart. */
export function presentationText(type: string, rdata: readonly string[], origin: string): string {
  return presentationFields(type, rdata, origin).join(' ');
}

/** The octets of generic RDATA, or why they are not well-formed (a length that is not the data's). */
export function genericOctets(rdata: readonly string[]): Buffer | string {
  const [, length = '', ...hex] = rdata;
  if (!/^\d+$/.test(length)) return `\\# must be followed by the RDATA's length in octets, not "${length}"`;
  const digits = hex.join('');
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) return `the RDATA after \\# ${length} is not hexadecimal octets`;
  const octets = Buffer.from(digits, 'hex');
  if (octets.length !== Number(length))
    return `\\# ${length} says ${length} octets, but ${octets.length} follow`;
  return octets;
}

/**
 * The generic RDATA of a type whose fields need no name decoding, in its presentation form (A and AAAA, the types
 * files most often carry this way); undefined for any other type, or octets of the wrong length.
 */
export function genericPresentation(type: string, octets: Buffer): string | undefined {
  if (type === 'A' && octets.length === 4) return [...octets].join('.');
  if (type === 'AAAA' && octets.length === 16) {
    const groups = Array.from({ length: 8 }, (_, i) => octets.readUInt16BE(i * 2).toString(16));
    return canonicalIPv6(groups.join(':'));
  }
  return undefined;
}
