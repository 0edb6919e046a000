import { lengthProblem, recordLabelsProblem, zoneLabelsProblem } from '../../model/dns-names.js';
import { EdgeplanError } from '../../model/edgeplan-error.js';
import { isInZone } from '../../model/names.js';
import { MAX_TTL } from '../../model/record-set.js';
import { withGenericTypes } from '../../model/record-types/generic.js';
import { parseAbsoluteHostname } from '../../model/record-types/hostname.js';
import * as z from '../../model/zod.js';
import { SERIAL_STYLES } from '../../model/zone.js';
import { addCanonicalValueIssues, parseOp } from '../op-schema-checks.js';
import { ZONEFILE_CAPABILITIES } from './capabilities.js';
import type { ZonefileOp } from './ops.js';

/**
 * The strict schema of the zonefile op, for the reader of saved plans and for the writer, which writes nothing it
 * has not checked: names valid and inside the zone, types the provider manages (never the zone's own SOA; its apex
 * NS set replaced, never deleted), values canonical for their type, TTLs whole numbers, the digest a SHA-256 in hex.
 */

const TYPES: ReadonlySet<string> = withGenericTypes(ZONEFILE_CAPABILITIES.recordTypes);

export const ZONEFILE_OP_SCHEMA = z.lazy(() => {
  const Zone = z.string().check(z.refine((zone) => zoneLabelsProblem(zone) === null, 'not a zone name'));
  const Fqdn = z
    .string()
    .check(z.refine((name) => (recordLabelsProblem(name) ?? lengthProblem(name)) === null, 'not a name'));
  const Type = z
    .string()
    .check(z.refine((type) => TYPES.has(type), 'not a record type this provider manages'));
  const Ttl = z.int().check(z.minimum(0), z.maximum(MAX_TTL));
  const Nameserver = z
    .string()
    .check(z.refine((name) => parseAbsoluteHostname(name).ok, 'not an absolute host name'));

  const Delete = z.strictObject({ fqdn: Fqdn, type: Type });
  const Replace = z
    .strictObject({ fqdn: Fqdn, type: Type, ttl: Ttl, values: z.array(z.string()).check(z.minLength(1)) })
    .check(z.superRefine((set, ctx) => addCanonicalValueIssues(ctx, TYPES, set)));

  return z
    .strictObject({
      kind: z.literal('write-zone'),
      zone: Zone,
      file: z.string().check(z.minLength(1)),
      digest: z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
      create: z.optional(
        z.strictObject({
          contact: z.string().check(z.minLength(1)),
          ttl: Ttl,
          serialStyle: z.enum(SERIAL_STYLES),
          nameservers: z.array(Nameserver).check(z.minLength(1)),
        }),
      ),
      delete: z.array(Delete),
      replace: z.array(Replace),
    })
    .check(
      z.superRefine((op, ctx) => {
        if ((op.create === undefined) === (op.digest === null))
          ctx.addIssue({
            code: 'custom',
            path: ['digest'],
            message: 'a digest exactly when the zone exists',
          });
        for (const [list, sets] of [
          ['delete', op.delete],
          ['replace', op.replace],
        ] as const)
          for (const [index, set] of sets.entries()) {
            if (!isInZone(set.fqdn, op.zone))
              ctx.addIssue({
                code: 'custom',
                path: [list, index, 'fqdn'],
                message: `not in zone ${op.zone}`,
              });
            if (list === 'delete' && set.fqdn === op.zone && set.type === 'NS')
              ctx.addIssue({
                code: 'custom',
                path: [list, index],
                message: 'the apex NS set is never deleted: a zone without it has no name servers',
              });
          }
      }),
    );
});

// Compile-time guard: the schema reads every field of the op as the writer takes it.
export const ZONEFILE_OP_SCHEMA_READS_THE_OP: z.infer<typeof ZONEFILE_OP_SCHEMA> extends ZonefileOp
  ? true
  : never = true;

/** Thrown for an op that is not a valid zonefile op (another provider's, or a hand-edited one). */
export class ZonefileOpError extends EdgeplanError {
  override readonly code = 'EP5015';
  override readonly name = 'ZonefileOpError';
}

/** `op` as a zonefile op, checked. */
export function parseZonefileOp(op: unknown): ZonefileOp {
  return parseOp(ZONEFILE_OP_SCHEMA, op, (problems) => new ZonefileOpError(`not a zonefile op: ${problems}`));
}
