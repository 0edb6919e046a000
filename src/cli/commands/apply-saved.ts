import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readLiveFingerprints } from '../../apply/live-fingerprints.js';
import type { DesiredState } from '../../model/dns.js';
import { PlanFileError, parsePlanFile } from '../../plan/plan-file.js';
import { parseTargets, scopeDesired } from '../../plan/scope.js';
import { desiredMismatches, movedTargets } from '../../plan/staleness.js';
import { planHasChanges } from '../../plan/types.js';
import { CliError, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { openScoped, renderReviewed, reviewWith } from '../review.js';
import { type ApplyCommandOptions, assertApproved, executePlan } from './apply.js';

/**
 * `edgeplan apply --plan FILE [PATH...]`: applies exactly the steps of a saved plan, no re-diff, once it is shown
 * to still hold. Before anything is sent:
 * 1. the desired state at PATH (default `.`, like every command), limited to the plan's `--target` scope, must be
 *    the one the plan was made from (per-target digests): a plan reviewed on a branch is not applied to other files;
 * 2. every target the plan changes must be live as it was planned (apply/live-fingerprints.ts: zone serials first);
 * 3. changes needing approval need --allow-unsafe.
 * Each refusal names every target and how it moved. After applying, a new plan must be empty (exit 0).
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
  const plan = await readPlan(resolve(io.cwd, file));
  const scope = plan.scope ? parseTargets(plan.scope) : undefined;
  const changed = desiredMismatches(plan.fingerprints, scope ? scopeDesired(desired, scope) : desired);
  if (changed.length > 0)
    throw new CliError(
      `refusing to apply ${file}: the desired state is not the one it was made from:\n${lines(changed)}\n` +
        'Nothing was sent. Plan again from these files and review the new plan.',
    );
  if (!planHasChanges(plan)) {
    if (options.format !== 'json') io.stdout(renderReviewed(plan, options, io));
    return EXIT_OK;
  }
  const services = await openScoped(desired, scope, options, io);
  if (!services) throw new CliError(`${file} has changes, but the desired state needs no service`);
  try {
    const moved = movedTargets(
      plan.fingerprints,
      await readLiveFingerprints(plan.fingerprints, services.readers),
    );
    if (moved.length > 0)
      throw new CliError(
        `refusing to apply a stale plan: ${moved.length === 1 ? '1 target' : `${moved.length} targets`} ` +
          `moved since ${file} was made:\n${lines(moved)}\nNothing was sent. Plan again and review the new plan.`,
      );
    if (options.format !== 'json') io.stdout(renderReviewed(plan, options, io));
    assertApproved(plan, options);
    return await executePlan(plan, services, options, io, () => reviewWith(desired, scope, services));
  } finally {
    await services.close();
  }
}

async function readPlan(path: string) {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read the plan ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return parsePlanFile(text, path);
  } catch (error) {
    if (error instanceof PlanFileError) throw new CliError(error.message);
    throw error;
  }
}

function lines(items: readonly string[]): string {
  return items.map((item) => `  ${item}`).join('\n');
}
