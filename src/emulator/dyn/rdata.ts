/**
 * Record types the emulator serves through `/REST/<TYPE>Record/` and their rdata fields, named as the service names
 * them (help.dyn.com create-record API pages, dyninc/dyn-python `dyn/tm/records.py`; TLSA `cert_usage, selector,
 * match_type, certificate` and DS `keytag, algorithm, digtype, digest` from help.dyn.com, create TLSA / DS record
 * API). Each field's syntax is in rdata-fields.ts.
 */
import {
  type FieldKind,
  type FieldSpec,
  fieldKey,
  invalidText,
  isMissing,
  parseField,
  UINT8,
  UINT16,
  UINT32,
} from './rdata-fields.js';

export type Rdata = Record<string, string | number>;

const f = (name: string, kind: FieldKind, options: Omit<FieldSpec, 'name' | 'kind'> = {}): FieldSpec => ({
  name,
  kind,
  ...options,
});
const u8 = (name: string) => f(name, 'int', { max: UINT8 });
const u16 = (name: string) => f(name, 'int', { max: UINT16 });
const u32 = (name: string) => f(name, 'int', { max: UINT32 });

/** RFC 4034 §2.1 (DNSKEY), RFC 2535 §3.1 (KEY), RFC 7344 §3.2 (CDNSKEY): the public key in base64. */
const KEY_FIELDS = [u16('flags'), u8('protocol'), u8('algorithm'), f('public_key', 'base64')];
/** RFC 4034 §5.1 (DS), RFC 7344 §3.1 (CDS): key tag 16 bits, algorithm and digest type 8 bits, digest in hex. */
const DS_FIELDS = [u16('keytag'), u8('algorithm'), u8('digtype'), f('digest', 'hex')];

const RDATA_FIELDS: ReadonlyMap<string, readonly FieldSpec[]> = new Map([
  ['A', [f('address', 'ipv4')]],
  ['AAAA', [f('address', 'ipv6')]],
  ['ALIAS', [f('alias', 'name')]],
  /** RFC 8659 §4.1; an empty value is an issuer-less `issue` ("nobody may issue"). */
  ['CAA', [u8('flags'), f('tag', 'caa-tag'), f('value', 'text', { empty: true })]],
  /** RFC 4398 §2: certificate type (`format`), key tag and algorithm; the vendor SDK's CERTRecord field names. */
  ['CERT', [u16('format'), u16('tag'), u8('algorithm'), f('certificate', 'text')]],
  ['CDNSKEY', KEY_FIELDS],
  ['CDS', DS_FIELDS],
  ['CNAME', [f('cname', 'name')]],
  /** RFC 7477 §2.1; the vendor SDK sends flags and types as comma-separated lists. */
  ['CSYNC', [u32('soa_serial'), f('flags', 'text', { empty: true }), f('types', 'text', { empty: true })]],
  /** RFC 4701 §3.1: the identifier in base64. */
  ['DHCID', [f('digest', 'base64')]],
  ['DNAME', [f('dname', 'name')]],
  ['DNSKEY', KEY_FIELDS],
  ['DS', DS_FIELDS],
  /** RFC 4025 §2: the gateway is `.`, an address or a name, as gateway type 0–3 says (not checked here). */
  [
    'IPSECKEY',
    [u8('precedence'), u8('gatetype'), u8('algorithm'), f('gateway', 'text'), f('public_key', 'base64')],
  ],
  ['KEY', KEY_FIELDS],
  /** RFC 2230 §3. */
  ['KX', [u16('preference'), f('exchange', 'name')]],
  /**
   * RFC 1876 §3 in its text form, field by field as the vendor SDK names them: `51 30 12.748 N`, `0 7 39.611 W`,
   * `0.00m`, and size and precisions (`1m`, `10000m`, `10m`).
   */
  [
    'LOC',
    [
      f('latitude', 'text'),
      f('longitude', 'text'),
      f('altitude', 'text'),
      f('size', 'text'),
      f('horiz_pre', 'text'),
      f('vert_pre', 'text'),
    ],
  ],
  ['MX', [u16('preference'), f('exchange', 'name', { root: true })]],
  /** RFC 3403 §4.1: flags, services and regexp may be empty; replacement `.` when there is none. */
  [
    'NAPTR',
    [
      u16('order'),
      u16('preference'),
      f('flags', 'naptr-flags', { empty: true }),
      f('services', 'text', { empty: true }),
      f('regexp', 'text', { empty: true }),
      f('replacement', 'name', { root: true }),
    ],
  ],
  ['NS', [f('nsdname', 'name')]],
  /** RFC 1706 §5: `0x` and hex digits. */
  ['NSAP', [f('nsap', 'text')]],
  ['PTR', [f('ptrdname', 'name')]],
  /** RFC 2163 §4. */
  ['PX', [u16('preference'), f('map822', 'name'), f('mapx400', 'name')]],
  ['RP', [f('mbox', 'name'), f('txtdname', 'name')]],
  [
    'SOA',
    [
      f('rname', 'text'),
      f('mname', 'name'),
      u32('serial'),
      u32('refresh'),
      u32('retry'),
      u32('expire'),
      u32('minimum'),
    ],
  ],
  ['SPF', [f('txtdata', 'text')]],
  ['SRV', [u16('priority'), u16('weight'), u16('port'), f('target', 'name', { root: true })]],
  /** RFC 4255 §3.1: algorithm and fingerprint type 8 bits, fingerprint in hex. */
  ['SSHFP', [u8('algorithm'), u8('fptype'), f('fingerprint', 'hex')]],
  /** RFC 6698 §2.1: usage, selector and matching type 8 bits, association data in hex. */
  ['TLSA', [u8('cert_usage'), u8('selector'), u8('match_type'), f('certificate', 'hex')]],
  ['TXT', [f('txtdata', 'text')]],
]);

/** Types with a `/REST/<TYPE>Record/` resource. */
export const RECORD_TYPES: readonly string[] = [...RDATA_FIELDS.keys()];

/**
 * Every `<type>_records` key of an AllRecord/ANYRecord detail answer; all present, `[]` when empty (§5): the
 * service's list, plus `tlsa`, `cdnskey`, `cds` and `csync` so that every served type has its key.
 */
export const TREE_KEYS = [
  'a',
  'aaaa',
  'alias',
  'caa',
  'cdnskey',
  'cds',
  'cert',
  'cname',
  'csync',
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
  'tlsa',
  'txt',
].map((t) => `${t}_records`);

/** The rdata fields of `type` in RFC order (none for a type without a resource). */
export function rdataFields(type: string): readonly FieldSpec[] {
  return RDATA_FIELDS.get(type) ?? [];
}

export function isRecordType(type: string): boolean {
  return RDATA_FIELDS.has(type);
}

/** Why a value was refused: `missing` → MISSING_DATA, `invalid` → INVALID_DATA; `field` names the rdata key. */
export interface RdataProblem {
  kind: 'missing' | 'invalid';
  field: string;
  message: string;
}

/** Checks and coerces posted rdata of `type`; unknown keys are dropped. Returns the stored form or a problem. */
export function parseRdata(type: string, raw: unknown): { rdata: Rdata } | { problem: RdataProblem } {
  const input =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rdata: Rdata = {};
  for (const spec of RDATA_FIELDS.get(type) ?? []) {
    const value = Object.hasOwn(input, spec.name) ? input[spec.name] : undefined;
    const field = spec.name;
    if (isMissing(spec, value))
      return { problem: { kind: 'missing', field, message: `${field}: required field missing` } };
    const parsed = parseField(spec, value);
    if (parsed === undefined) {
      return { problem: { kind: 'invalid', field, message: `${field}: ${invalidText(spec)}` } };
    }
    rdata[field] = parsed;
  }
  return crossFieldProblem(type, rdata) ?? { rdata };
}

/** RFC 3403 §4.1: a NAPTR's regexp and replacement are mutually exclusive (replacement `.` means none). */
function crossFieldProblem(type: string, rdata: Rdata): { problem: RdataProblem } | undefined {
  if (type !== 'NAPTR' || rdata.regexp === '' || rdata.replacement === '.') return undefined;
  const message = 'replacement: Must be "." when regexp is given';
  return { problem: { kind: 'invalid', field: 'replacement', message } };
}

/** Comparison key of rdata: two records at one node with equal keys duplicate each other. */
export function rdataKey(type: string, rdata: Rdata): string {
  return (RDATA_FIELDS.get(type) ?? []).map((spec) => fieldKey(spec, rdata[spec.name])).join('\u0000');
}

/** Largest TTL the emulator accepts (the vendor documents only 0, the zone default). */
export const MAX_TTL = 2_147_483_647;

/** A TTL given as integer or string of digits; `undefined` when it is neither or out of range. */
export function parseTtl(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_TTL ? n : undefined;
}
