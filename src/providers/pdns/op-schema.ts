import { EdgeplanError } from '../../model/edgeplan-error.js';
import { withGenericTypes } from '../../model/record-types/generic.js';
import { RECORD_TYPES } from '../../model/record-types/registry.js';
import * as z from '../../model/zod.js';
import { addCanonicalValueIssues, parseOp } from '../op-schema-checks.js';
import { RFC2136_OP_SCHEMA } from '../rfc2136/op-schema.js';
import { PDNS_SOA_EDIT_API, PDNS_ZONE_KINDS, type PdnsOp } from './ops.js';

/**
 * The strict schema of every PowerDNS op, for the reader of saved plans (`apply --plan FILE`) and for the writer,
 * which sends nothing it has not checked: every field as the writer needs it, registered record types, values
 * canonical for their type (a hand-edited value is refused, not sent), TTLs whole numbers. An `update` (a zone's
 * change by DNS UPDATE) is the RFC 2136 provider's op, checked by its schema.
 */

const TYPES: ReadonlySet<string> = withGenericTypes(RECORD_TYPES.map((type) => type.type));

export const PDNS_OP_SCHEMA = z.lazy(() => {
  const Name = z.string().check(z.minLength(1));
  const Count = z.int().check(z.nonnegative());
  const Type = z.string().check(z.refine((type) => TYPES.has(type), 'not a record type edgeplan manages'));

  const Delete = z.strictObject({ fqdn: Name, type: Type });
  const Replace = z
    .strictObject({
      fqdn: Name,
      type: Type,
      ttl: Count,
      values: z.array(z.string()).check(z.minLength(1)),
      serial: z.optional(z.int().check(z.minimum(0), z.maximum(2 ** 32 - 1))),
    })
    .check(z.superRefine((set, ctx) => addCanonicalValueIssues(ctx, TYPES, set)));

  return z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('create-zone'),
      zone: Name,
      zoneKind: z.enum(PDNS_ZONE_KINDS),
      nameservers: z.array(Name),
      soaEditApi: z.enum(PDNS_SOA_EDIT_API),
      replace: z.array(Replace),
    }),
    z.strictObject({
      kind: z.literal('patch-zone'),
      zone: Name,
      delete: z.array(Delete),
      replace: z.array(Replace),
    }),
    z.strictObject({
      kind: z.literal('create-secondary'),
      zone: Name,
      masters: z.array(Name).check(z.minLength(1)),
    }),
    z.strictObject({
      kind: z.literal('update-secondary'),
      zone: Name,
      masters: z.array(Name).check(z.minLength(1)),
    }),
    z.strictObject({ kind: z.literal('delete-secondary'), zone: Name }),
    RFC2136_OP_SCHEMA,
  ]);
});

// Compile-time guard: a new op kind must be readable from a saved plan too (add it to PDNS_OP_SCHEMA above).
type UnreadableOp = Exclude<PdnsOp['kind'], z.infer<typeof PDNS_OP_SCHEMA>['kind']>;
export const PDNS_OP_SCHEMA_READS_EVERY_OP: [UnreadableOp] extends [never] ? true : never = true;

/** Thrown for an op that is not a valid PowerDNS op (another provider's, or a hand-edited one). */
export class PdnsOpError extends EdgeplanError {
  override readonly code = 'EP5013';
  override readonly name = 'PdnsOpError';
}

/** `op` as a PowerDNS op, checked. */
export function parsePdnsOp(op: unknown): PdnsOp {
  return parseOp(PDNS_OP_SCHEMA, op, (problems) => new PdnsOpError(`not a PowerDNS op: ${problems}`));
}
