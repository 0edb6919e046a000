import { planChecked } from '../../engine/plan-reviewed.js';
import { checkScope } from '../../plan/review/check-scope.js';
import { planHasChanges } from '../../plan/types.js';
import { CliError, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../planning/load.js';
import { openScoped, renderReviewed, reviewWith, targetScope } from '../planning/review.js';
import { servicePaces } from '../services/services.js';
import { applySavedPlan } from './apply-saved.js';
import {
  type ApplyCommandOptions,
  assertApproved,
  assertConfirmable,
  executePlan,
  renderApplyJson,
} from './execute-plan.js';

/**
 * `edgeplan apply [PATH...]`: plan, refuse changes needing approval without --allow-unsafe, confirm, execute, then
 * plan again in the same session what the plan changed (checkScope), to prove convergence. Exit 0 only when every
 * step was applied and the second plan is empty. With `--plan FILE`, the saved plan is checked and applied instead (apply-saved.ts).
 */
export async function applyCommand(
  paths: string[],
  options: ApplyCommandOptions,
  io: CliIo,
): Promise<ExitCode> {
  if (options.allowUnbound && !options.plan)
    throw new CliError(
      'EP5102',
      '--allow-unbound goes with --plan FILE: only a saved plan records an account',
    );
  if (options.plan) {
    assertConfirmable(options, io);
    return applySavedPlan(options.plan, paths, options, io);
  }
  const desired = await loadOrReport(paths, io, options);
  if (!desired) return EXIT_ERROR;
  assertConfirmable(options, io);
  const scope = targetScope(desired, options.target);
  const services = await openScoped(desired, scope, options, io);
  try {
    // The plan is applied at once, not saved: its fingerprints are printed only in the JSON account.
    const plan = await reviewWith(desired, scope, services, { fingerprints: options.format === 'json' });
    if (options.format !== 'json')
      io.stdout(await renderReviewed(plan, options, io, servicePaces(services, desired)));
    if (!services || !planHasChanges(plan)) {
      if (options.format === 'json') io.stdout(renderApplyJson(plan, null, plan));
      return EXIT_OK;
    }
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
