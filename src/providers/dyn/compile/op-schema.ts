import * as z from 'zod';
import { EdgeplanError } from '../../../model/edgeplan-error.js';
import { GEO_RECORD_TYPES, MAX_GEO_LABEL, MAX_GEO_WEIGHT } from '../../../model/geo.js';
import { MAX_TTL } from '../../../model/record-set.js';
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
  ctx: z.RefinementCtx,
): void {
  const values = op.values ?? (op.value === undefined ? [] : [op.value]);
  addCanonicalValueIssues(ctx, DYN_RECORD_TYPES, { type: op.type, values }, (index) =>
    op.values ? ['values', index] : ['value'],
  );
}

export const DYN_OP_SCHEMA = z.lazy(() => {
  const Name = z.string().min(1);
  const Count = z.int().nonnegative();
  const Type = z
    .string()
    .refine((type) => DYN_RECORD_TYPES.has(type), 'not a record type the Dyn provider manages');
  /** Dyn's record_id: an integer, kept as its decimal string. */
  const Ref = z.string().regex(/^\d+$/, 'not a record id');
  const Node = { zone: Name, fqdn: Name };

  /** A zone file's set: a type a master file carries, at least one value, each canonical. */
  const ZoneFileSet = z
    .strictObject({
      fqdn: Name,
      type: Type.refine(inZoneFile, 'not a record type a zone file carries'),
      ttl: Count,
      values: z.array(z.string()).min(1),
    })
    .superRefine(canonicalValues);
  const ZoneFileSets = z.array(ZoneFileSet).min(1);

  const GeoRecords = z
    .strictObject({
      type: z.string().refine((type) => GEO_RECORD_TYPES.includes(type) && DYN_RECORD_TYPES.has(type), {
        message: `not a record type geo groups manage (${GEO_RECORD_TYPES.join(', ')})`,
      }),
      values: z.array(z.string()),
      weights: z.array(z.int().min(1).max(MAX_GEO_WEIGHT)).optional(),
      labels: z.array(z.string().max(MAX_GEO_LABEL)).optional(),
      serveCount: z.int().min(1).optional(),
      ttl: z.int().min(1).max(MAX_TTL).optional(),
    })
    .superRefine(canonicalValues);
  const GeoGroup = z.strictObject({ name: Name, countries: z.array(Name), records: z.array(GeoRecords) });
  const GeoNode = z.strictObject(Node);
  const SecondaryFields = {
    zone: Name,
    masters: z.array(Name),
    contactNickname: Name.optional(),
    tsigKeyName: Name.optional(),
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
      .superRefine(canonicalValues),
    z
      .strictObject({
        kind: z.literal('update-record'),
        ...Node,
        type: Type,
        ref: Ref,
        value: z.string(),
        ttl: Count,
      })
      .superRefine(canonicalValues),
    z.strictObject({ kind: z.literal('delete-record'), ...Node, type: Type, ref: Ref }),
    z
      .strictObject({
        kind: z.literal('replace-records'),
        ...Node,
        type: Type,
        values: z.array(z.string()),
        ttl: Count,
      })
      .superRefine(canonicalValues),
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
      ttl: z.int().min(1).max(MAX_TTL).optional(),
    }),
    z.strictObject({
      kind: z.literal('update-geo'),
      name: Name,
      groups: z.array(GeoGroup).optional(),
      nodes: z.array(GeoNode).optional(),
      ttl: z.int().min(1).max(MAX_TTL).optional(),
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
