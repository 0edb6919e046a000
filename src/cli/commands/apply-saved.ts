import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkSavedPlan, describeRefusal, planChecked, savedDesiredRefusal } from '../../engine/index.js';
import { checkScope } from '../../plan/review/check-scope.js';
import { PlanFileError, parsePlanFile, type SavedPlan } from '../../plan/review/plan-file.js';
import { parseTargets } from '../../plan/review/scope.js';
import { planHasChanges } from '../../plan/types.js';
import { savedPlanOpSchemas } from '../../providers/op-schemas.js';
import { CliError, EXIT_ERROR, EXIT_OK, type ExitCode, UsageError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../planning/load.js';
import { openScoped, renderReviewed } from '../planning/review.js';
import { savedPlanFiles } from '../planning/saved-plan-paths.js';
import { servicePaces } from '../services/services.js';
import { type ApplyCommandOptions, assertApproved, executePlan } from './execute-plan.js';

/**
 * `edgeplan apply --plan FILE [PATH...]`: applies a saved plan once it is shown to be exactly the plan edgeplan
 * computes today (engine/saved-plan.ts). Before anything is sent:
 * 1. the desired state is loaded from the paths the plan records, which must be the repository's whole desired state
 *    of what it changes (saved-plan-paths.ts);
 * 2. the desired state, limited to the plan's `--target` scope, must be the one the plan was made from;
 * 3. each provider must work on the account the plan was read from (URL and customer, never a secret);
 * 4. live state is read once, as `plan` reads it, and the plan recomputed with the file's scope: every target it
 *    changes must be live as planned, and the recomputed plan must equal the file;
 * 5. changes needing approval, as recomputed, need --allow-unsafe.
 * What is shown, checked and executed is the recomputed plan, never the file. After applying, a new plan must be
 * empty (exit 0).
 */
export async function applySavedPlan(
  file: string,
  paths: string[],
  options: ApplyCommandOptions,
  io: CliIo,
): Promise<ExitCode> {
  if ((options.target ?? []).length > 0)
    throw new UsageError(
      'EP6002',
      '--target cannot be combined with --plan: the saved plan keeps the scope it was made with',
    );
  const saved = await readPlan(resolve(io.cwd, file));
  const files = await savedPlanFiles(saved, paths, file, io);
  const desired = await loadOrReport(files.paths, io, options, files.place);
  if (!desired) return EXIT_ERROR;
  // Checked before any service is opened: a plan of other files needs no credentials to be refused.
  const changed = savedDesiredRefusal(saved, desired);
  if (changed) throw new CliError('EP5109', describeRefusal(changed, file));
  const scope = saved.scope ? parseTargets(saved.scope) : undefined;
  const services = await openScoped(desired, scope, options, io);
  try {
    const checked = await checkSavedPlan(saved, desired, services?.providers ?? {}, {
      allowUnbound: options.allowUnbound === true,
    });
    if (!checked.ok) throw new CliError('EP5109', describeRefusal(checked, file));
    const { plan } = checked;
    if (options.format !== 'json')
      io.stdout(await renderReviewed(plan, options, io, servicePaces(services, desired)));
    if (!planHasChanges(plan)) return EXIT_OK;
    if (!services)
      throw new CliError('EP5109', `${file} has changes, but the desired state needs no service`);
    assertApproved(plan, options);
    return await executePlan(
      plan,
      services,
      options,
      io,
      () => planChecked(desired, services.providers, checkScope(plan, scope)),
      desired,
    );
  } finally {
    await services?.close();
  }
}

async function readPlan(path: string): Promise<SavedPlan> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new PlanFileError(
      `cannot read the plan ${path}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return parsePlanFile(text, path, savedPlanOpSchemas(stepProviders(text)));
}

/** The providers a saved plan's steps name, read loosely (parsePlanFile checks the file). */
function stepProviders(text: string): string[] {
  try {
    const steps: unknown = JSON.parse(text)?.steps;
    if (!Array.isArray(steps)) return [];
    return steps.flatMap((step) => (typeof step?.provider === 'string' ? [step.provider] : []));
  } catch {
    return [];
  }
}
