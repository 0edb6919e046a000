/**
 * The kinds of rdata field the emulated service checks, each with its own syntax rule, kept independent of the
 * client's record types so that a client bug cannot hide behind shared code. Values are stored under the names
 * they were posted with; integers (sent as numbers or strings of digits) are stored as numbers.
 *
 * Ranges are the RFCs' field widths (8, 16 or 32 bits). Names are labels of letters, digits, `-` and `_` (1–63
 * characters, 253 in all), with or without the trailing dot; `.` alone (the root) only where the RFC gives it a
 * meaning (a null MX, SRV "no service", a NAPTR without replacement).
 */
import { isIPv6 } from 'node:net';
import { isIPv4 } from '../../model/ipv4.js';
import { normaliseName } from '../../model/names.js';

export type FieldKind =
  | 'ipv4'
  | 'ipv6'
  | 'name'
  | 'text'
  | 'int'
  | 'hex'
  | 'base64'
  | 'caa-tag'
  | 'naptr-flags';

export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  /** `int`: the largest value (the smallest is 0). */
  readonly max?: number;
  /** `name`: `.` (the root) is allowed. */
  readonly root?: boolean;
  /** The empty string is a value, not a missing field. */
  readonly empty?: boolean;
}

export const UINT8 = 255;
export const UINT16 = 65_535;
export const UINT32 = 4_294_967_295;

const LABEL = /^[A-Za-z0-9_-]{1,63}$/;
const HEX = /^(?:[0-9A-Fa-f]{2})+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const NAPTR_FLAGS = /^[A-Za-z0-9]*$/;
/** CAA tags the service takes: "Valid values: issue, issuewild, and iodef", lower case (help.dyn.com, create CAA record API). */
const CAA_TAGS: ReadonlySet<string> = new Set(['issue', 'issuewild', 'iodef']);

const INVALID_TEXT: Record<FieldKind, string> = {
  ipv4: 'Not a valid IP address',
  ipv6: 'Not a valid IPv6 address',
  name: 'Not a valid host name',
  text: 'Not a valid value',
  int: 'Not a valid integer',
  hex: 'Not a valid hexadecimal string',
  base64: 'Not a valid base64 string',
  'caa-tag': 'Must be one of issue, issuewild, iodef',
  'naptr-flags': 'Must be letters and digits only',
};

/** The text of an invalid value of `spec` (after `<field>: `). */
export function invalidText(spec: FieldSpec): string {
  return spec.kind === 'int' ? `Must be an integer from 0 to ${spec.max ?? UINT32}` : INVALID_TEXT[spec.kind];
}

/** True when `value` counts as not given. */
export function isMissing(spec: FieldSpec, value: unknown): boolean {
  return value === undefined || value === null || (value === '' && !spec.empty);
}

/** The stored form of a given value, or undefined when it is invalid. */
export function parseField(spec: FieldSpec, value: unknown): string | number | undefined {
  if (spec.kind === 'int') {
    const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= (spec.max ?? UINT32)
      ? n
      : undefined;
  }
  if (typeof value !== 'string') return undefined;
  switch (spec.kind) {
    case 'ipv4':
      return isIPv4(value) ? value : undefined;
    case 'ipv6':
      return isIPv6(value) && !value.includes('%') ? value : undefined;
    case 'name':
      return isRdataName(value, spec.root === true) ? value : undefined;
    case 'hex':
      return HEX.test(value) ? value : undefined;
    case 'base64':
      return BASE64.test(value) ? value : undefined;
    case 'caa-tag':
      return CAA_TAGS.has(value) ? value : undefined;
    case 'naptr-flags':
      return NAPTR_FLAGS.test(value) ? value : undefined;
    case 'text':
      return value;
  }
}

function isRdataName(value: string, root: boolean): boolean {
  if (value === '.') return root;
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/** The comparison form of a stored value: names and hex case-insensitive, IPv6 addresses in one spelling. */
export function fieldKey(spec: FieldSpec, value: string | number | undefined): string {
  if (typeof value !== 'string') return String(value);
  if (spec.kind === 'name') return normaliseName(value);
  if (spec.kind === 'hex') return value.toLowerCase();
  if (spec.kind === 'ipv6') return new URL(`http://[${value}]/`).hostname;
  return value;
}
