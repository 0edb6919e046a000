import { dnsTypeName } from '../dns-type-names.js';
import * as z from '../zod.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * Any DNS type by its number (RFC 3597): `TYPE65280`, key `type65280`, for a number edgeplan knows no mnemonic of
 * (dns-type-names.ts). A number with a mnemonic is not generic: a managed one has its own key (`type1` is `a`), an
 * unmanaged one (NSEC, 47) stays refused. Meta and query types (128–255, RFC 6895 §3.1), OPT (41, a pseudo-record
 * of a message that never appears in a zone, RFC 6891 §6.1.1) and 0 are never data.
 *
 * Values are RFC 3597 §5's generic form, `\# <length> <hex>`: the length counts the RDATA's octets, the hex may be
 * split by whitespace; canonical: `\# 3 010203`, lower case, no spaces inside the hex; `\# 0` is empty RDATA.
 */
const TYPE_NAME = /^TYPE([1-9]\d{0,4})$/;
const TYPE_KEY = /^type([1-9]\d{0,4})$/;
// Stryker disable next-line Regex: one whitespace or more before the hex: equivalent, the hex's whitespace goes
const GENERIC_FORM = /^\\#\s+(\d{1,5})(?:\s+([\s\S]*))?$/;

/** Largest RDATA an RR holds: RDLENGTH is 16 bits (RFC 1035 §3.2.1). */
const MAX_RDATA = 65535;

/**
 * The keys of types by number as a JSON Schema pattern: exactly the keys `genericRecordTypeOfKey` takes, the numbers
 * 1–65535 without a mnemonic in dns-type-names.ts, other than OPT and outside 128–255: 54, 67–98, 110–127, 263–32767 and
 * 32770–65535, each range as its digits. A mnemonic added there takes its number out here (a test checks every key
 * from `type0` to `type99999` against validation).
 */
export const GENERIC_KEY_PATTERN = `^type(?:${[
  '54|6[7-9]|[78][0-9]|9[0-8]|11[0-9]|12[0-7]',
  '26[3-9]|2[7-9][0-9]|[3-9][0-9]{2}|[1-9][0-9]{3}|[12][0-9]{4}|3[01][0-9]{3}|32[0-6][0-9]{2}|327[0-5][0-9]|3276[0-7]',
  '327[7-9][0-9]|32[89][0-9]{2}|3[3-9][0-9]{3}|[45][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]',
].join('|')})$`;

/** OPT: EDNS's pseudo-record, in a message's additional section only (RFC 6891 §6.1.1). */
const OPT = 41;

const TYPES = new Map<number, RecordType>();

/** The generic type of `TYPE<n>` (upper case, as a provider or the model names it), or undefined. */
export function genericRecordType(type: string): RecordType | undefined {
  return ofNumber(TYPE_NAME.exec(type)?.[1]);
}

/** The generic type of a YAML key `type<n>` (lower case), or undefined. */
export function genericRecordTypeOfKey(key: string): RecordType | undefined {
  return ofNumber(TYPE_KEY.exec(key)?.[1]);
}

/** True when `type` (`TYPE65280`) is a type edgeplan manages by its number alone. */
export function isGenericType(type: string): boolean {
  return genericRecordType(type) !== undefined;
}

function ofNumber(digits: string | undefined): RecordType | undefined {
  if (digits === undefined) return undefined;
  const number = Number(digits);
  if (number > 65535 || number === OPT || (number >= 128 && number <= 255)) return undefined;
  const name = `TYPE${number}`;
  if (dnsTypeName(number) !== name) return undefined;
  let type = TYPES.get(number);
  if (!type) {
    type = generic(name);
    TYPES.set(number, type);
  }
  return type;
}

/** RFC 3597 §5 text → canonical, or what is wrong with it. */
export function parseGeneric(text: string): ParseResult {
  const match = GENERIC_FORM.exec(text.trim());
  if (!match) return refused('must be RFC 3597 generic RDATA: \\# <length> <hex>, e.g. "\\# 3 010203"');
  const length = Number(match[1]);
  // Stryker disable next-line Regex: `\s` and `\s+` remove the same whitespace
  const hex = (match[2] ?? '').replace(/\s+/g, '');
  if (!/^[0-9A-Fa-f]*$/.test(hex)) return refused(`the RDATA after \\# ${length} must be hexadecimal digits`);
  if (hex.length % 2 !== 0)
    return refused(
      `the RDATA has ${hex.length} hex digits, an odd number: write whole octets, two digits each`,
    );
  if (length > MAX_RDATA) return refused(`\\# ${length} is longer than RDATA can be (${MAX_RDATA} octets)`);
  if (hex.length / 2 !== length)
    return refused(`\\# ${length} says ${length} octets, but ${hex.length / 2} follow (RFC 3597 §5)`);
  return parsed(length === 0 ? '\\# 0' : `\\# ${length} ${hex.toLowerCase()}`);
}

function generic(type: string): RecordType {
  return {
    type,
    key: type.toLowerCase(),
    yaml: z.string({ error: 'must be a string: \\# <length> <hex> (RFC 3597 §5)' }).check(z.minLength(1)),
    parse: (input) => parseGeneric(String(input)),
    parsePresentation: parseGeneric,
    toYaml: (value) => value,
    fields: (value) => ({ rdata: value }),
    fromFields: (fields) =>
      typeof fields.rdata === 'string' ? parseGeneric(fields.rdata) : refused('rdata is missing'),
  };
}

/**
 * The type names a provider holds, and every type by its number besides (`TYPE65280`) but those in `except`: what a
 * provider that writes RDATA as it is given (a zone file, RFC 2136, PowerDNS) checks types against. Only `has`
 * knows the generic types.
 */
export function withGenericTypes(
  types: Iterable<string>,
  // Stryker disable next-line ArrayDeclaration: a default of a string that names no type keeps none out: equivalent
  except: readonly string[] = [],
): ReadonlySet<string> {
  return new WithGenericTypes(types, except);
}

class WithGenericTypes extends Set<string> {
  constructor(
    types: Iterable<string>,
    private readonly except: readonly string[],
  ) {
    super(types);
  }

  override has(type: string): boolean {
    return super.has(type) || (isGenericType(type) && !this.except.includes(type));
  }
}
