import { mailboxProblem } from '../mailbox.js';
import { MAX_TTL } from '../record-set.js';
import * as z from '../zod.js';
import { parseZoneFileTtl } from '../zone-file/ttl.js';
import { FieldChecks, textField } from './fields.js';
import {
  hostnameToYaml,
  hostnameYaml,
  parseAbsoluteHostname,
  parseApiHostname,
  parseHostname,
} from './hostname.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/** The SOA fields edgeplan manages, in RFC 1035 §3.3.13's order, the serial left out: it stays the provider's. */
export const SOA_FIELDS = ['mname', 'rname', 'refresh', 'retry', 'expire', 'minimum'] as const;
export type SoaField = (typeof SOA_FIELDS)[number];
const TIMERS: readonly SoaField[] = ['refresh', 'retry', 'expire', 'minimum'];

/** A field the desired state leaves to the provider, in a canonical value. */
export const PROVIDERS = '-';

/**
 * SOA (RFC 1035 §3.3.13): the zone's primary server (MNAME), its contact (RNAME, a mailbox as a name), and the
 * timers secondaries and resolvers follow. Only at the apex, one value. The serial is never the desired state's: the
 * provider numbers versions, so the canonical value leaves it out (a provider that reads the SOA keeps the serial as
 * the record's `ref`, for its writer). YAML: any subset of `{ mname, rname, refresh, retry, expire, minimum }`, and
 * the SOA record's own `ttl`, which the name's `ttl` never sets; a field left out is the provider's and is never
 * changed. `rname` is a name (`hostmaster.example.com.`) or an email address (`hostmaster@example.com`, whose local
 * part becomes the first label). Timers are seconds, or with units as zone files write them (`1h`, `2w`). Canonical:
 * the six fields in order, `-` for one left to the provider: `ns1.example.net. hostmaster.example.com. 3600 - - 300`;
 * a live value has all six. A desired value is met by a live one that has each of its fields (`metBy`), and
 * completed from it (`complete`) when it is not.
 */
export const SOA: RecordType = {
  type: 'SOA',
  key: 'soa',
  single: true,
  yaml: z.lazy(() =>
    z.strictObject({
      mname: z.optional(hostnameYaml('ns1.example.net.')),
      rname: z.optional(
        z
          .string({
            error: 'must be a mailbox name such as hostmaster.example.com. or hostmaster@example.com',
          })
          .check(z.minLength(1)),
      ),
      refresh: z.optional(timerYaml()),
      retry: z.optional(timerYaml()),
      expire: z.optional(timerYaml()),
      minimum: z.optional(timerYaml()),
      ttl: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_TTL))),
    }),
  ),
  parse: (input, origin) => {
    const soa = input as Partial<Record<SoaField, unknown>>;
    const checks = new FieldChecks();
    const mname =
      soa.mname === undefined ? PROVIDERS : checks.take('mname', parseHostname(String(soa.mname), origin));
    const rname =
      soa.rname === undefined ? PROVIDERS : checks.take('rname', parseRname(String(soa.rname), origin));
    const timers = TIMERS.map((field) =>
      soa[field] === undefined ? PROVIDERS : timer(checks, field, soa[field]),
    );
    return checks.result(() => [mname, rname, ...timers].join(' '));
  },
  parsePresentation: (text) => {
    const fields = text.trim().split(/\s+/);
    // Seven fields as servers and zone files write it (the serial third, dropped), or the six of a canonical value.
    if (fields.length === 7) fields.splice(2, 1);
    else if (fields.length !== 6)
      return refused(`"${text}" is not an SOA value (mname rname serial refresh retry expire minimum)`);
    return fromFieldList(fields, 'absolute');
  },
  toYaml: (value, origin) => {
    const fields = fieldsOf(value);
    const yaml: Record<string, string | number> = {};
    for (const [field, written] of Object.entries(fields))
      yaml[field] = field === 'mname' ? hostnameToYaml(String(written), origin) : written;
    return yaml;
  },
  fields: fieldsOf,
  fromFields: (fields) =>
    fromFieldList(
      SOA_FIELDS.map((field) => textField(fields[field]) || PROVIDERS),
      'api',
    ),
  metBy: (desired, live) => {
    const wanted = desired.split(' ');
    const held = live.split(' ');
    return wanted.every((field, index) => field === PROVIDERS || field === held[index]);
  },
  complete: completeSoa,
  rules: { apex: 'only' },
};

/** `desired` with each field it leaves to the provider (`-`) taken from `live` (another value, whole or not). */
export function completeSoa(desired: string, live: string): string {
  const held = live.split(' ');
  return desired
    .split(' ')
    .map((field, index) => (field === PROVIDERS ? (held[index] ?? PROVIDERS) : field))
    .join(' ');
}

function timerYaml(): z.ZodMiniType<number | string> {
  const error = `must be seconds (0 to ${MAX_TTL}) or a duration such as 1h, 2w`;
  return z.union(
    [
      z.int({ error }).check(z.minimum(0, { error }), z.maximum(MAX_TTL, { error })),
      z.string({ error }).check(z.minLength(1, { error })),
    ],
    { error },
  );
}

function timer(checks: FieldChecks, field: SoaField, value: unknown): string {
  const seconds = parseZoneFileTtl(String(value));
  if (seconds !== undefined) return String(seconds);
  // The value is not built once a field is refused (FieldChecks.result): what is returned is never seen.
  checks.refuse(
    field,
    `${field} must be seconds (0 to ${MAX_TTL}) or a duration such as 1h, 2w; got ${JSON.stringify(value)}`,
  );
  return '';
}

/**
 * RNAME as written: a name (relative names are the zone's, as in a zone file), or an email address whose local part
 * becomes the first label. A local part with a dot would need an escaped label (`first\.last`), which edgeplan does
 * not write: refused, with the name form to use instead.
 */
function parseRname(written: string, origin: string): ParseResult {
  const at = written.lastIndexOf('@');
  if (at < 0 || written === '@') return parseHostname(written, origin);
  const problem = mailboxProblem(written);
  if (problem) return refused(`"${written}" is not a contact address: ${problem}`);
  const local = written.slice(0, at);
  if (local.includes('.'))
    return refused(`"${written}": a local part with a dot would be an escaped label; use one without dots`);
  return parseHostname(`${local}.${written.slice(at + 1)}.`, origin);
}

/**
 * Six fields in order (`-` for a field left to the provider) → canonical. Names are absolute either way: written
 * with their trailing dot in presentation format, where an API may leave it out.
 */
function fromFieldList(fields: readonly string[], names: 'absolute' | 'api'): ParseResult {
  const checks = new FieldChecks();
  const out = fields.map((text, index) => {
    // Stryker disable next-line StringLiteral: equivalent, the index is always one of the six fields'
    const field = SOA_FIELDS[index] ?? 'minimum';
    if (text === PROVIDERS) return PROVIDERS;
    if (index < 2)
      return checks.take(field, names === 'api' ? parseApiHostname(text) : parseAbsoluteHostname(text));
    return timer(checks, field, text);
  });
  return checks.result(() => out.join(' '));
}

/** The fields a canonical value sets, timers as numbers; those left to the provider absent. */
function fieldsOf(value: string): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  value.split(' ').forEach((text, index) => {
    const field = SOA_FIELDS[index];
    if (field === undefined || text === PROVIDERS) return;
    fields[field] = index < 2 ? text : Number(text);
  });
  return fields;
}
