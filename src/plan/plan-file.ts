import { z } from 'zod';
import type { Plan, PlanOp } from './types.js';
import { PLAN_FORMAT_VERSION } from './types.js';

/**
 * Reading a saved plan (`apply --plan FILE`). What apply checks is validated strictly: the format version, every
 * step and every op (kind and fields), the fingerprints and the approvals. The sections for people (`zones`, …) are
 * kept as they are. A file that does not pass is refused before anything is read or sent. Apply then compares the
 * whole file with the plan it recomputes (saved-plan-match.ts) and executes the recomputed plan, never the file.
 */

const Name = z.string().min(1);
const Count = z.int().nonnegative();
const Addresses = z.array(Name);
const GeoGroup = z.strictObject({ name: Name, countries: z.array(Name), addresses: Addresses });
const GeoNode = z.strictObject({ zone: Name, fqdn: Name });
const SecondaryFields = {
  zone: Name,
  masters: Addresses,
  contactNickname: Name.optional(),
  tsigKeyName: Name.optional(),
};

const OpSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('create-zone'),
    zone: Name,
    rname: Name,
    ttl: Count,
    serialStyle: z.enum(['increment', 'epoch', 'day', 'minute']),
  }),
  z.strictObject({ kind: z.literal('add-record'), zone: Name, fqdn: Name, address: Name, ttl: Count }),
  z.strictObject({
    kind: z.literal('update-record'),
    zone: Name,
    fqdn: Name,
    recordId: Count,
    address: Name,
    ttl: Count,
  }),
  z.strictObject({ kind: z.literal('delete-record'), zone: Name, fqdn: Name, recordId: Count }),
  z.strictObject({
    kind: z.literal('replace-records'),
    zone: Name,
    fqdn: Name,
    addresses: Addresses,
    ttl: Count,
  }),
  z.strictObject({ kind: z.literal('delete-records'), zone: Name, fqdn: Name }),
  z.strictObject({ kind: z.literal('publish'), zone: Name }),
  z.strictObject({ kind: z.literal('create-secondary'), ...SecondaryFields }),
  z.strictObject({ kind: z.literal('update-secondary'), ...SecondaryFields }),
  z.strictObject({ kind: z.literal('delete-secondary'), zone: Name }),
  z.strictObject({
    kind: z.literal('create-geo'),
    name: Name,
    groups: z.array(GeoGroup),
    nodes: z.array(GeoNode),
  }),
  z.strictObject({
    kind: z.literal('update-geo'),
    name: Name,
    groups: z.array(GeoGroup).optional(),
    nodes: z.array(GeoNode).optional(),
  }),
  z.strictObject({ kind: z.literal('delete-geo'), name: Name }),
  z.strictObject({
    kind: z.literal('set-good-bots'),
    webappId: Name,
    webapp: Name,
    enable: z.array(Name),
    disable: z.array(Name),
  }),
]);

// Compile-time guard: a new op kind must be readable from a saved plan too (add it to OpSchema above).
type UnreadableOp = Exclude<PlanOp['kind'], z.infer<typeof OpSchema>['kind']>;
export const PLAN_FILE_READS_EVERY_OP: [UnreadableOp] extends [never] ? true : never = true;

const StepSchema = z.strictObject({
  id: Name,
  kind: z.enum(['zone', 'secondary', 'geo', 'webapp']),
  target: Name,
  after: z.array(Name),
  ops: z.array(OpSchema).min(1),
});

const Digest = z.string().regex(/^sha256:[0-9a-f]{64}$/);

const PlanFileSchema = z.looseObject({
  formatVersion: z.literal(PLAN_FORMAT_VERSION),
  steps: z.array(StepSchema),
  scope: z.array(Name).optional(),
  needsApproval: z.array(z.strictObject({ target: Name, rule: Name, message: z.string() })),
  fingerprints: z.strictObject({
    desired: Digest,
    targets: z.array(
      z.strictObject({
        target: Name,
        changed: z.boolean(),
        desired: Digest.nullable(),
        serial: Count.nullable().optional(),
        live: Digest.nullable(),
      }),
    ),
  }),
});

export class PlanFileError extends Error {
  override readonly name = 'PlanFileError';
}

/** A saved plan as read: what apply checks is typed and validated, the sections for people are as written. */
export type SavedPlan = Plan & Required<Pick<Plan, 'fingerprints'>>;

/** Parses the text of a saved plan; throws PlanFileError naming the file and each problem. */
export function parsePlanFile(text: string, file: string): SavedPlan {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PlanFileError(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const result = PlanFileSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 10)
      .map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new PlanFileError(
      `${file}: not a plan edgeplan can apply (make one with \`edgeplan plan --out FILE\`):\n${problems.join('\n')}`,
    );
  }
  // The sections for people are kept as written: apply compares them with the plan it recomputes, never reads them.
  return result.data as unknown as SavedPlan;
}
