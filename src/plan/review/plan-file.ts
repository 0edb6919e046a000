import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { SafetyRule } from '../../model/safety.js';
import { hasProvider, parseTarget, TARGET_KINDS } from '../../model/target.js';
import * as z from '../../model/zod.js';
import { namedPlan } from '../shown-plan.js';
import { PLAN_FORMAT_VERSION, type Plan } from '../types.js';
import { convertV1Plan, V1_FORMAT_VERSION } from './plan-file-v1.js';
import { readUnicodeNames } from './unicode-names.js';

/**
 * Reading a saved plan (`apply --plan FILE`). What apply checks is validated strictly: the format version, every
 * step (its provider, typed target and kind) and every op through its provider's schema (`opSchemas`, by provider
 * name: only the provider knows its calls), the fingerprints, the approvals, the scope, the paths it was made from
 * and the accounts it was read from (both optional: files of edgeplan 0.1 lack them). The sections for people
 * (`changes`, `zones`, …) are kept as they are, but for the Unicode forms beside their names, checked against the
 * names and dropped (unicode-names.ts). A file that does not pass is refused before anything is read or
 * sent. Apply then compares the whole file with the plan it recomputes (saved-plan-match.ts) and executes the
 * recomputed plan, never the file.
 *
 * A target, address, zone header or note on a DNS provider that names none is on the implicit provider (`dyn`,
 * shown-plan.ts): the plan was made from a desired state without `providers:`.
 *
 * Version 1 files (A records only) are still read: converted to version 2 (plan-file-v1.ts), then checked as
 * above, and marked `convertedFrom: 1`.
 */

const SAFETY_RULES = [
  'zone-delete-share',
  'zone-last-records',
  'secondary-zone-delete',
  'geo-service-delete',
  'webapp-all-bots-disabled',
  'zone-create',
  'delegation-glue',
  'apex-ns',
] as const satisfies readonly SafetyRule[];
// Compile-time guard: a new safety rule must be readable from a saved plan too.
type UnreadRule = Exclude<SafetyRule, (typeof SAFETY_RULES)[number]>;
// Stryker disable next-line BooleanLiteral: equivalent, the guard is its type; nothing reads its value
export const PLAN_FILE_READS_EVERY_RULE: [UnreadRule] extends [never] ? true : never = true;

/**
 * The schema of a version 2 file, built when a file is read (`parsePlanFile`), not at import: a run that reads no
 * saved plan never builds it.
 */
function planFileSchema() {
  const Name = z.string().check(z.minLength(1));
  const Count = z.int().check(z.nonnegative());
  const Digest = z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/));
  const TargetSchema = z
    .strictObject({ kind: z.enum(TARGET_KINDS), name: Name, provider: z.optional(Name) })
    .check(
      z.refine((target) => target.provider === undefined || hasProvider(target.kind), {
        message: 'only zones and secondary zones are on a DNS provider',
      }),
    );

  const StepSchema = z
    .strictObject({
      id: Name,
      kind: z.enum(['zone', 'secondary', 'geo', 'webapp', 'purge']),
      provider: Name,
      target: TargetSchema,
      after: z.array(Name),
      ops: z.array(z.looseObject({ kind: Name })).check(z.minLength(1)),
    })
    .check(
      z.refine(
        (step) => step.kind === step.target.kind || (step.kind === 'purge' && step.target.kind === 'webapp'),
        {
          message: 'a step changes a target of its own kind',
        },
      ),
    );

  return z.looseObject({
    formatVersion: z.literal(PLAN_FORMAT_VERSION),
    source: z.optional(
      z.strictObject({ root: z.enum(['git', 'cwd']), paths: z.array(Name).check(z.minLength(1)) }),
    ),
    accounts: z.optional(z.record(Name, z.record(Name, z.string()))),
    steps: z.array(StepSchema),
    scope: z.optional(
      z.array(
        Name.check(
          z.refine((pattern) => parseTarget(pattern) !== null, {
            message: 'not a kind:glob --target pattern',
          }),
        ),
      ),
    ),
    needsApproval: z.array(
      z.strictObject({ target: TargetSchema, rule: z.enum(SAFETY_RULES), message: z.string() }),
    ),
    fingerprints: z.strictObject({
      desired: Digest,
      targets: z.array(
        z.strictObject({
          target: TargetSchema,
          changed: z.boolean(),
          desired: z.nullable(Digest),
          serial: z.optional(z.nullable(Count)),
          live: z.nullable(Digest),
        }),
      ),
    }),
  });
}

export class PlanFileError extends EdgeplanError {
  override readonly code = 'EP5001';
  override readonly name = 'PlanFileError';
}

/**
 * A saved plan as read: what apply checks is typed and validated, the sections for people are as written.
 * `convertedFrom: 1`: read from a version 1 file, whose desired and live digests were of the old model (apply
 * skips comparing them and relies on the steps), and whose `changes` are not kept (apply shows the recomputed plan).
 */
export type SavedPlan = Plan &
  Required<Pick<Plan, 'fingerprints'>> & { convertedFrom?: typeof V1_FORMAT_VERSION };

/** The schemas of each provider's ops, by provider name (`dyn`, `waf`): the provider's `opSchema`. */
export type OpSchemas = Readonly<Record<string, z.ZodMiniType>>;

/** Parses the text of a saved plan; throws PlanFileError naming the file and each problem. */
export function parsePlanFile(text: string, file: string, opSchemas: OpSchemas): SavedPlan {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PlanFileError(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const version = typeof json === 'object' && json !== null ? Reflect.get(json, 'formatVersion') : undefined;
  const v1 = version === V1_FORMAT_VERSION;
  const converted = v1 ? convertV1Plan(json) : { ok: true as const, plan: json };
  if (!converted.ok) throw refusal(file, converted.problems);
  const result = planFileSchema().safeParse(converted.plan);
  if (!result.success)
    throw refusal(
      file,
      result.error.issues.map((issue) => issueText(issue)),
    );
  const problems: string[] = [];
  const steps = result.data.steps.map((step, i) => {
    const schema = Object.hasOwn(opSchemas, step.provider) ? opSchemas[step.provider] : undefined;
    if (schema === undefined) {
      const known = Object.keys(opSchemas).join(', ');
      problems.push(`steps.${i}.provider: unknown provider "${step.provider}" (known: ${known})`);
      return step;
    }
    const ops = step.ops.map((op, j) => {
      const parsed = schema.safeParse(op);
      if (parsed.success) return parsed.data;
      problems.push(...parsed.error.issues.map((issue) => issueText(issue, ['steps', i, 'ops', j])));
      return op;
    });
    return { ...step, ops };
  });
  problems.push(...dependencyProblems(steps));
  // The Unicode forms beside names are checked against them and dropped: the computed plan has none.
  const shown = readUnicodeNames(result.data, problems);
  if (problems.length > 0) throw refusal(file, problems);
  // The sections for people are kept as written: apply compares them with the plan it recomputes, never reads them.
  const plan = namedPlan({ ...shown, steps } as unknown as SavedPlan);
  return v1 ? { ...plan, convertedFrom: V1_FORMAT_VERSION } : plan;
}

/** Step ids are unique and every `after` names a step of the file. */
function dependencyProblems(steps: readonly { id: string; after: string[] }[]): string[] {
  const ids = new Set(steps.map((step) => step.id));
  const seen = new Set<string>();
  const problems: string[] = [];
  steps.forEach((step, i) => {
    for (const id of step.after) if (!ids.has(id)) problems.push(`steps.${i}.after: "${id}" is not a step`);
    if (seen.has(step.id)) problems.push(`steps.${i}.id: "${step.id}" is used twice`);
    seen.add(step.id);
  });
  return problems;
}

function issueText(issue: z.core.$ZodIssue, prefix: (string | number)[] = []): string {
  const path = [...prefix, ...issue.path.map(String)].join('.');
  return `${path || '(root)'}: ${issue.message}`;
}

function refusal(file: string, problems: readonly string[]): PlanFileError {
  const shown = problems.slice(0, 10).map((problem) => `  ${problem}`);
  const more = problems.length > 10 ? [`  … and ${problems.length - 10} more`] : [];
  return new PlanFileError(
    `${file}: not a plan edgeplan can apply (make one with \`edgeplan plan --out FILE\`):\n${[...shown, ...more].join('\n')}`,
  );
}
