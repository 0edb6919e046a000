import { EdgeplanError } from '../../model/edgeplan-error.js';
import * as z from '../../model/zod.js';
import { parseOp } from '../op-schema-checks.js';
import type { WafOp } from './ops.js';

/**
 * The strict schema of the WAF op, for the plan layer's reader of saved plans and for the writer, which sends
 * nothing it has not checked.
 */
export const WAF_OP_SCHEMA = z.lazy(() => {
  const Name = z.string().check(z.minLength(1));

  return z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('set-good-bots'),
      webappId: Name,
      webapp: Name,
      enable: z.array(Name),
      disable: z.array(Name),
    }),
    z.strictObject({
      kind: z.literal('purge-cache'),
      webappId: Name,
      webapp: Name,
      paths: z.array(z.string().check(z.regex(/^\S+$/))),
    }),
  ]);
});

// Compile-time guard: a new op kind must be readable from a saved plan too (add it to WAF_OP_SCHEMA above).
type UnreadableOp = Exclude<WafOp['kind'], z.infer<typeof WAF_OP_SCHEMA>['kind']>;
export const WAF_OP_SCHEMA_READS_EVERY_OP: [UnreadableOp] extends [never] ? true : never = true;

/** Thrown for an op that is not a valid WAF op (another provider's, or a hand-edited one). */
export class WafOpError extends EdgeplanError {
  override readonly code = 'EP5012';
  override readonly name = 'WafOpError';
}

/** `op` as a WAF op, checked; the return type also proves at compile time that the schema reads WafOps. */
export function parseWafOp(op: unknown): WafOp {
  return parseOp(WAF_OP_SCHEMA, op, (problems) => new WafOpError(`not a WAF op: ${problems}`));
}
