import { EdgeplanError } from '../../../model/edgeplan-error.js';
import { GEO_RECORD_TYPES, MAX_GEO_LABEL, MAX_GEO_WEIGHT } from '../../../model/geo.js';
import { MAX_TTL } from '../../../model/record-set.js';
import * as z from '../../../model/zod.js';
import { addCanonicalValueIssues, parseOp } from '../../op-schema-checks.js';
import { DYN_RECORD_TYPES } from '../capabilities.js';
import { SerialStyleWire } from '../wire/wire.js';
import type { DynOp } from './ops.js';
import { inZoneFile } from './zone-file.js';

/**
 * The strict schema of every Dyn op, for the plan layer's reader of saved plans (`apply --plan FILE`) and for the
 * writer, which sends nothing it has not checked: every field as the writer needs it, record types the provider
 * manages, values canonical for their type (a hand-edited value is refused, not sent), record ids as the service
 * gives them.
 */

/** Every value of a record op canonical for its type (checked once the type itself is known to be valid). */
function canonicalValues(
  op: { type: string; value?: string; values?: string[] },
  ctx: z.core.$RefinementCtx,
): void {
  const values = op.values ?? (op.value === undefined ? [] : [op.value]);
  addCanonicalValueIssues(ctx, DYN_RECORD_TYPES, { type: op.type, values }, (index) =>
    op.values ? ['values', index] : ['value'],
  );
}

export const DYN_OP_SCHEMA = z.lazy(() => {
  const Name = z.string().check(z.minLength(1));
  const Count = z.int().check(z.nonnegative());
  const Type = z
    .string()
    .check(z.refine((type) => DYN_RECORD_TYPES.has(type), 'not a record type the Dyn provider manages'));
  /** Dyn's record_id: an integer, kept as its decimal string. */
  const Ref = z.string().check(z.regex(/^\d+$/, 'not a record id'));
  const Node = { zone: Name, fqdn: Name };

  /** A zone file's set: a type a master file carries, at least one value, each canonical. */
  const ZoneFileSet = z
    .strictObject({
      fqdn: Name,
      type: Type.check(z.refine(inZoneFile, 'not a record type a zone file carries')),
      ttl: Count,
      values: z.array(z.string()).check(z.minLength(1)),
    })
    .check(z.superRefine(canonicalValues));
  const ZoneFileSets = z.array(ZoneFileSet).check(z.minLength(1));

  const GeoRecords = z
    .strictObject({
      type: z.string().check(
        z.refine((type) => GEO_RECORD_TYPES.includes(type) && DYN_RECORD_TYPES.has(type), {
          message: `not a record type geo groups manage (${GEO_RECORD_TYPES.join(', ')})`,
        }),
      ),
      values: z.array(z.string()),
      weights: z.optional(z.array(z.int().check(z.minimum(1), z.maximum(MAX_GEO_WEIGHT)))),
      labels: z.optional(z.array(z.string().check(z.maxLength(MAX_GEO_LABEL)))),
      serveCount: z.optional(z.int().check(z.minimum(1))),
      ttl: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_TTL))),
    })
    .check(z.superRefine(canonicalValues));
  const GeoGroup = z.strictObject({ name: Name, countries: z.array(Name), records: z.array(GeoRecords) });
  const GeoNode = z.strictObject(Node);
  const SecondaryFields = {
    zone: Name,
    masters: z.array(Name),
    contactNickname: z.optional(Name),
    tsigKeyName: z.optional(Name),
  };

  return z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('create-zone'),
      zone: Name,
      rname: Name,
      ttl: Count,
      serialStyle: SerialStyleWire,
    }),
    z
      .strictObject({ kind: z.literal('add-record'), ...Node, type: Type, value: z.string(), ttl: Count })
      .check(z.superRefine(canonicalValues)),
    z
      .strictObject({
        kind: z.literal('update-record'),
        ...Node,
        type: Type,
        ref: Ref,
        value: z.string(),
        ttl: Count,
      })
      .check(z.superRefine(canonicalValues)),
    z.strictObject({ kind: z.literal('delete-record'), ...Node, type: Type, ref: Ref }),
    z
      .strictObject({
        kind: z.literal('replace-records'),
        ...Node,
        type: Type,
        values: z.array(z.string()),
        ttl: Count,
      })
      .check(z.superRefine(canonicalValues)),
    z.strictObject({ kind: z.literal('delete-records'), ...Node, type: Type }),
    z.strictObject({ kind: z.literal('publish'), zone: Name }),
    z.strictObject({
      kind: z.literal('create-zone-from-file'),
      zone: Name,
      rname: Name,
      ttl: Count,
      sets: ZoneFileSets,
    }),
    z.strictObject({ kind: z.literal('add-zone-file'), zone: Name, ttl: Count, sets: ZoneFileSets }),
    z.strictObject({ kind: z.literal('create-secondary'), ...SecondaryFields }),
    z.strictObject({ kind: z.literal('update-secondary'), ...SecondaryFields }),
    z.strictObject({ kind: z.literal('delete-secondary'), zone: Name }),
    z.strictObject({
      kind: z.literal('create-geo'),
      name: Name,
      groups: z.array(GeoGroup),
      nodes: z.array(GeoNode),
      ttl: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_TTL))),
    }),
    z.strictObject({
      kind: z.literal('update-geo'),
      name: Name,
      groups: z.optional(z.array(GeoGroup)),
      nodes: z.optional(z.array(GeoNode)),
      ttl: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_TTL))),
    }),
    z.strictObject({ kind: z.literal('rename-geo'), name: Name, newName: Name }),
    z.strictObject({ kind: z.literal('activate-geo'), name: Name, active: z.boolean() }),
    z.strictObject({ kind: z.literal('delete-geo'), name: Name }),
  ]);
});

// Compile-time guard: a new op kind must be readable from a saved plan too (add it to DYN_OP_SCHEMA above).
type UnreadableOp = Exclude<DynOp['kind'], z.infer<typeof DYN_OP_SCHEMA>['kind']>;
export const DYN_OP_SCHEMA_READS_EVERY_OP: [UnreadableOp] extends [never] ? true : never = true;

/** Thrown for an op that is not a valid Dyn op (another provider's, or a hand-edited one). */
export class DynOpError extends EdgeplanError {
  override readonly code = 'EP5011';
  override readonly name = 'DynOpError';
}

/** `op` as a Dyn op, checked; the return type also proves at compile time that the schema reads DynOps. */
export function parseDynOp(op: unknown): DynOp {
  return parseOp(DYN_OP_SCHEMA, op, (problems) => new DynOpError(`not a Dyn op: ${problems}`));
}
