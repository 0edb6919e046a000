import type * as z from '../model/zod.js';
import { isCanonicalValue } from './canonical-value.js';

/**
 * What every provider's op schema (`<provider>/op-schema.ts`) checks the same way: record values canonical for their
 * type, and one message that names every problem of a saved plan's op by its path.
 */

/**
 * A refinement step of a record set's schema: one issue at `pathOf(index)` per value that is not canonical for
 * `type`. A type outside `managed` adds none: the schema's check of the type reports it, once.
 */
export function addCanonicalValueIssues(
  ctx: z.core.$RefinementCtx,
  managed: ReadonlySet<string>,
  set: { type: string; values: readonly string[] },
  pathOf: (index: number) => PropertyKey[] = (index) => ['values', index],
): void {
  if (!managed.has(set.type)) return;
  for (const [index, value] of set.values.entries())
    if (!isCanonicalValue(set.type, value))
      ctx.addIssue({
        code: 'custom',
        path: pathOf(index),
        message: `not a canonical ${set.type} value: ${JSON.stringify(value)}`,
      });
}

/**
 * `op` checked against `schema`, or the error `refuse` makes of every problem, `path: message` joined by `; `
 * (`(op)` for the op as a whole).
 */
export function parseOp<T>(schema: z.ZodMiniType<T>, op: unknown, refuse: (problems: string) => Error): T {
  const result = schema.safeParse(op);
  if (result.success) return result.data;
  throw refuse(result.error.issues.map((i) => `${i.path.join('.') || '(op)'}: ${i.message}`).join('; '));
}
