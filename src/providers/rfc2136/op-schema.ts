import { EdgeplanError } from '../../model/edgeplan-error.js';
import { withGenericTypes } from '../../model/record-types/generic.js';
import * as z from '../../model/zod.js';
import { addCanonicalValueIssues, parseOp } from '../op-schema-checks.js';
import { RFC2136_RECORD_TYPES, RFC2136_SERVER_TYPES } from './capabilities.js';
import type { Rfc2136Op } from './ops.js';

/**
 * The strict schema of every RFC 2136 op, for the reader of saved plans and for the writer, which sends nothing it
 * has not checked: types the provider writes, values canonical for their type, TTLs whole numbers, a message's
 * place within its chain.
 */

const TYPES: ReadonlySet<string> = withGenericTypes(RFC2136_RECORD_TYPES, RFC2136_SERVER_TYPES);
export const RFC2136_OP_SCHEMA = z.lazy(() => {
  const Name = z.string().check(z.minLength(1));
  const Count = z.int().check(z.nonnegative());

  const Records = z.strictObject({ ttl: Count, values: z.array(z.string()).check(z.minLength(1)) });

  const ChangedSet = z
    .strictObject({
      fqdn: Name,
      type: z
        .string()
        .check(z.refine((type) => TYPES.has(type), 'not a record type the RFC 2136 provider writes')),
      before: z.nullable(Records),
      after: z.nullable(Records),
    })
    .check(
      z.superRefine((set, ctx) => {
        for (const side of ['before', 'after'] as const)
          addCanonicalValueIssues(
            ctx,
            TYPES,
            { type: set.type, values: set[side]?.values ?? [] },
            (index) => [side, 'values', index],
          );
      }),
    );

  return z
    .strictObject({
      kind: z.literal('update'),
      zone: Name,
      message: z.int().check(z.positive()),
      of: z.int().check(z.positive()),
      sets: z.array(ChangedSet).check(z.minLength(1)),
    })
    .check(
      z.refine((op) => op.message <= op.of, {
        message: 'message must not be after the last (of)',
        path: ['message'],
      }),
    );
});

/** A saved plan's op that is not an RFC 2136 op: what is wrong with it, by path. */
export class Rfc2136OpError extends EdgeplanError {
  override readonly code = 'EP5014';
  override readonly name = 'Rfc2136OpError';
}

/** `op` as an RFC 2136 op, checked. */
export function parseRfc2136Op(op: unknown): Rfc2136Op {
  return parseOp(RFC2136_OP_SCHEMA, op, (problems) => new Rfc2136OpError(`not an RFC 2136 op: ${problems}`));
}
