/**
 * Record types the emulator serves and their rdata fields (api/dyn.md §5). Rdata is stored under the names it was
 * posted with; numeric fields are coerced to integers, name fields compare case- and trailing-dot-insensitively.
 */
import { isIPv6 } from 'node:net';
import { isIPv4 } from '../../model/ipv4.js';
import { normaliseName } from '../../model/names.js';

type FieldKind = 'ipv4' | 'ipv6' | 'name' | 'text' | 'int';
type FieldSpec = readonly [name: string, kind: FieldKind];

export type Rdata = Record<string, string | number>;

const RDATA_FIELDS: Record<string, readonly FieldSpec[]> = {
  A: [['address', 'ipv4']],
  AAAA: [['address', 'ipv6']],
  ALIAS: [['alias', 'name']],
  CAA: [
    ['flags', 'int'],
    ['tag', 'text'],
    ['value', 'text'],
  ],
  CNAME: [['cname', 'name']],
  DNAME: [['dname', 'name']],
  MX: [
    ['preference', 'int'],
    ['exchange', 'name'],
  ],
  NAPTR: [
    ['order', 'int'],
    ['preference', 'int'],
    ['flags', 'text'],
    ['services', 'text'],
    ['regexp', 'text'],
    ['replacement', 'name'],
  ],
  NS: [['nsdname', 'name']],
  PTR: [['ptrdname', 'name']],
  RP: [
    ['mbox', 'name'],
    ['txtdname', 'name'],
  ],
  SOA: [
    ['rname', 'text'],
    ['mname', 'name'],
    ['serial', 'int'],
    ['refresh', 'int'],
    ['retry', 'int'],
    ['expire', 'int'],
    ['minimum', 'int'],
  ],
  SPF: [['txtdata', 'text']],
  SRV: [
    ['priority', 'int'],
    ['weight', 'int'],
    ['port', 'int'],
    ['target', 'name'],
  ],
  SSHFP: [
    ['algorithm', 'int'],
    ['fptype', 'int'],
    ['fingerprint', 'text'],
  ],
  TXT: [['txtdata', 'text']],
};

/** Types with a `/REST/<TYPE>Record/` resource. */
export const RECORD_TYPES = Object.keys(RDATA_FIELDS);

/** Every `<type>_records` key of an AllRecord/ANYRecord detail answer; all present, `[]` when empty (§5). */
export const TREE_KEYS = [
  'a',
  'aaaa',
  'alias',
  'caa',
  'cert',
  'cname',
  'dhcid',
  'dname',
  'dnskey',
  'ds',
  'ipseckey',
  'key',
  'kx',
  'loc',
  'mx',
  'naptr',
  'ns',
  'nsap',
  'ptr',
  'px',
  'rp',
  'soa',
  'spf',
  'srv',
  'sshfp',
  'txt',
].map((t) => `${t}_records`);

export function isRecordType(type: string): boolean {
  return Object.hasOwn(RDATA_FIELDS, type);
}

/** Why a value was refused: `missing` → MISSING_DATA, `invalid` → INVALID_DATA; `field` names the rdata key. */
export interface RdataProblem {
  kind: 'missing' | 'invalid';
  field: string;
  message: string;
}

const INVALID_TEXT: Record<FieldKind, string> = {
  ipv4: 'Not a valid IP address',
  ipv6: 'Not a valid IPv6 address',
  name: 'Not a valid host name',
  text: 'Not a valid value',
  int: 'Not a valid integer',
};

/** Checks and coerces posted rdata of `type`; unknown keys are dropped. Returns the stored form or a problem. */
export function parseRdata(type: string, raw: unknown): { rdata: Rdata } | { problem: RdataProblem } {
  const fields = RDATA_FIELDS[type] ?? [];
  const input =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rdata: Rdata = {};
  for (const [field, kind] of fields) {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      return { problem: { kind: 'missing', field, message: `${field}: required field missing` } };
    }
    const parsed = parseField(kind, value);
    if (parsed === undefined) {
      return { problem: { kind: 'invalid', field, message: `${field}: ${INVALID_TEXT[kind]}` } };
    }
    rdata[field] = parsed;
  }
  return { rdata };
}

function parseField(kind: FieldKind, value: unknown): string | number | undefined {
  if (kind === 'int') {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (kind === 'ipv4') return isIPv4(value) ? value : undefined;
  if (kind === 'ipv6') return isIPv6(value) ? value : undefined;
  if (kind === 'name') return /^[A-Za-z0-9_*.-]+$/.test(value) ? value : undefined;
  return value;
}

/** Comparison key of rdata: two records at one node with equal keys duplicate each other. */
export function rdataKey(type: string, rdata: Rdata): string {
  const fields = RDATA_FIELDS[type] ?? [];
  return fields
    .map(([field, kind]) => {
      const v = rdata[field];
      if (kind === 'name' && typeof v === 'string') return normaliseName(v);
      if (kind === 'ipv6' && typeof v === 'string') return v.toLowerCase();
      return String(v);
    })
    .join('\u0000');
}

/** Largest TTL the emulator accepts (api/dyn.md §5 leaves bounds open). */
export const MAX_TTL = 2_147_483_647;

/** A TTL given as integer or string of digits; `undefined` when it is neither or out of range. */
export function parseTtl(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_TTL ? n : undefined;
}
