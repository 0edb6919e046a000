import { $constructor } from 'zod/v4/core';
import * as z from './zod.js';

/**
 * zod passes a collection's issues up to its parent with `push(...issues)`: a map or a list with more than about a
 * hundred thousand problems (a zone of 160,000 bad records, one name with 160,000 bad addresses) overflows the
 * call stack. So every collection of the desired-state schema (maps: named-record.ts; lists: `boundedArray`) passes
 * up at most MAX_PASSED_ISSUES as they are, and more as ONE issue that holds them (`params.issues`, paths relative
 * to the collection). `expandIssues` opens them again, in order, without recursion.
 */
export const MAX_PASSED_ISSUES = 1_000;

/** The message of an issue that holds a collection's issues; `expandIssues` never lets it through. */
const HELD = 'holds the issues of a collection';

type RawIssue = z.core.$ZodRawIssue;
type Result = z.core.ParsePayload;

/** The result with its issues passed up as they are, or as one holding issue when there are too many. */
export function boundIssues<R extends Result>(result: R): R {
  if (result.issues.length <= MAX_PASSED_ISSUES) return result;
  const held: RawIssue = {
    code: 'custom',
    message: HELD,
    path: [],
    input: undefined,
    params: { issues: result.issues },
  };
  result.issues = [held];
  return result;
}

/**
 * Issues as zod finalized them, with every holding issue replaced by the issues it holds (finalized by `finalize`,
 * their paths under its own), in the order they were found. Iterative: holding issues may nest.
 */
export function expandIssues(
  issues: readonly z.core.$ZodIssue[],
  finalize: (raw: RawIssue) => z.core.$ZodIssue,
): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  const top: RawIssue[] = issues.map((issue) => ({ ...issue, input: undefined }));
  const stack: { issues: readonly RawIssue[]; at: number; prefix: PropertyKey[] }[] = [
    { issues: top, at: 0, prefix: [] },
  ];
  for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
    const issue = frame.issues[frame.at];
    if (issue === undefined) {
      stack.pop();
      continue;
    }
    frame.at += 1;
    const path = [...frame.prefix, ...(issue.path ?? [])];
    const held = heldIssues(issue);
    if (held) stack.push({ issues: held, at: 0, prefix: path });
    else out.push({ ...finalize({ ...issue, path: [] }), path });
  }
  return out;
}

function heldIssues(issue: RawIssue): readonly RawIssue[] | undefined {
  if (issue.code !== 'custom' || issue.message !== HELD) return undefined;
  const held: unknown = issue.params?.issues;
  return Array.isArray(held) ? held : undefined;
}

/**
 * `z.array(element, params)` whose issues pass up bounded (see above). Everything else is zod's array: the schema
 * is a `ZodMiniArray` with the same definition, its checks and the JSON Schema included.
 */
const ZodBoundedArray: z.core.$constructor<z.ZodMiniArray<z.ZodMiniType>> = $constructor(
  'ZodBoundedArray',
  (inst, def) => {
    z.ZodMiniArray.init(inst, def);
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
      const result = parse(payload, ctx);
      if (result instanceof Promise) throw new Error('boundedArray: async schemas are not supported');
      return boundIssues(result);
    };
  },
);

export function boundedArray<T extends z.ZodMiniType>(element: T, params?: string | z.core.$ZodArrayParams) {
  const schema = new ZodBoundedArray({ type: 'array', element, ...z.util.normalizeParams(params) });
  return schema as z.ZodMiniArray<T>;
}
