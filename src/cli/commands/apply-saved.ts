import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { DesiredState } from '../../model/dns.js';
import {
  desiredMismatches,
  movedTargets,
  type Plan,
  PlanFileError,
  parsePlanFile,
  parseTargets,
  planHasChanges,
  type SavedPlan,
  savedPlanDifferences,
  scopeDesired,
} from '../../plan/index.js';
import { CliError, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { opSchemasFor } from '../provider-kinds.js';
import { openScoped, renderReviewed, reviewWith } from '../review.js';
import { type ApplyCommandOptions, assertApproved, executePlan } from './execute-plan.js';

/**
 * `edgeplan apply --plan FILE [PATH...]`: applies a saved plan once it is shown to be exactly the plan edgeplan
 * computes today. Before anything is sent:
 * 1. the desired state at PATH (default `.`, like every command), limited to the plan's `--target` scope, must be
 *    the one the plan was made from (per-target digests): a plan reviewed on a branch is not applied to other files;
 * 2. live state is read once, as `plan` reads it, and the plan recomputed with the file's scope; every target
 *    changed in either plan must be live as it was planned (staleness.ts), each refusal naming how it moved;
 * 3. the recomputed plan must equal the file (saved-plan-match.ts): steps op by op, approvals, scope,
 *    fingerprints, the sections for people. A file edited by hand, or made by another version, is refused;
 * 4. changes needing approval, as recomputed, need --allow-unsafe.
 * What is shown, checked and executed is the recomputed plan, never the file. After applying, a new plan must be
 * empty (exit 0).
 */
export async function applySavedPlan(
  file: string,
  desired: DesiredState,
  options: ApplyCommandOptions,
  io: CliIo,
): Promise<ExitCode> {
  if ((options.target ?? []).length > 0)
    throw new CliError(
      '--target cannot be combined with --plan: the saved plan keeps the scope it was made with',
    );
  const saved = await readPlan(resolve(io.cwd, file), desired);
  const scope = saved.scope ? parseTargets(saved.scope) : undefined;
  // A version 1 file's digests are of the old model: its steps alone are compared (savedPlanDifferences).
  const changed =
    saved.convertedFrom === undefined
      ? desiredMismatches(saved.fingerprints, scope ? scopeDesired(desired, scope) : desired)
      : [];
  if (changed.length > 0)
    throw new CliError(
      `refusing to apply ${file}: the desired state is not the one it was made from:\n${lines(changed)}\n` +
        'Nothing was sent. Plan again from these files and review the new plan.',
    );
  const services = await openScoped(desired, scope, options, io);
  try {
    const plan = await reviewWith(desired, scope, services);
    assertSamePlan(file, saved, plan);
    if (options.format !== 'json') io.stdout(renderReviewed(plan, options, io));
    if (!planHasChanges(plan)) return EXIT_OK;
    if (!services) throw new CliError(`${file} has changes, but the desired state needs no service`);
    assertApproved(plan, options);
    return await executePlan(plan, services, options, io, () => reviewWith(desired, scope, services));
  } finally {
    await services?.close();
  }
}

/** The recomputed plan must be the saved one: first whether live state moved, then whether the file says so. */
function assertSamePlan(file: string, saved: SavedPlan, plan: Plan): void {
  const moved =
    plan.fingerprints && saved.convertedFrom === undefined
      ? movedTargets(saved.fingerprints, plan.fingerprints)
      : [];
  if (moved.length > 0)
    throw new CliError(
      `refusing to apply a stale plan: ${moved.length === 1 ? '1 target' : `${moved.length} targets`} ` +
        `moved since ${file} was made:\n${lines(moved)}\nNothing was sent. Plan again and review the new plan.`,
    );
  const differences = savedPlanDifferences(saved, plan);
  if (differences.length > 0)
    throw new CliError(
      `refusing to apply ${file}: it is not the plan edgeplan computes from this desired state and this live ` +
        `state (it was edited, or made by another version of edgeplan):\n${lines(differences)}\n` +
        'Nothing was sent. Plan again and review the new plan.',
    );
}

async function readPlan(path: string, desired: DesiredState) {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read the plan ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return parsePlanFile(text, path, opSchemasFor(desired));
  } catch (error) {
    if (error instanceof PlanFileError) throw new CliError(error.message);
    throw error;
  }
}

function lines(items: readonly string[]): string {
  return items.map((item) => `  ${item}`).join('\n');
}
