import { type ApplyResult, applyPlan, planLive } from '../../apply/index.js';
import { renderPlanJson } from '../../plan/index.js';
import { type Plan, planHasChanges } from '../../plan/types.js';
import { renderApplyReport } from '../apply-report.js';
import { CliError, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../load.js';
import type { ServiceOptions } from '../options.js';
import { progressReporter } from '../progress.js';
import { assertWafBudget, openServices, usesAnyService } from '../services.js';
import { readPlan, renderPlan } from './plan.js';

export interface ApplyCommandOptions extends ServiceOptions {
  yes: boolean;
  concurrency: number;
}

/**
 * `edgeplan apply [PATH...]`: plan, confirm, execute, then plan again in the same session to prove convergence.
 * Exit 0 only when every zone was applied and the second plan is empty.
 */
export async function applyCommand(
  paths: string[],
  options: ApplyCommandOptions,
  io: CliIo,
): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io);
  if (!desired) return EXIT_ERROR;
  if (!usesAnyService(desired)) {
    io.stdout(renderPlan(await readPlan(desired, options, io), options, io));
    return EXIT_OK;
  }
  const services = await openServices(desired, options, io);
  try {
    const plan = await planLive(desired, services.readers);
    if (options.format === 'text') io.stdout(renderPlan(plan, options, io));
    if (!planHasChanges(plan)) {
      if (options.format === 'json') io.stdout(renderApplyJson(plan, null, plan));
      return EXIT_OK;
    }
    assertWafBudget(plan, services, Date.now());
    await confirmApply(options, io);
    const result = await applyPlan(plan, services.writer, {
      concurrency: options.concurrency,
      onEvent: progressReporter(io),
    });
    const after = await planLive(desired, services.readers);
    if (options.format === 'json') {
      io.stdout(renderApplyJson(plan, result, after));
    } else {
      io.stdout(`\n${renderApplyReport(result)}`);
      io.stdout(
        planHasChanges(after)
          ? `Not converged: a new plan still shows changes:\n${renderPlan(after, options, io)}`
          : 'Converged: a new plan shows no changes.\n',
      );
    }
    return result.ok && !planHasChanges(after) ? EXIT_OK : EXIT_ERROR;
  } finally {
    await services.close();
  }
}

/** --yes proceeds; a terminal is asked; anything else (CI without --yes) is refused before any write. */
async function confirmApply(options: ApplyCommandOptions, io: CliIo): Promise<void> {
  if (options.yes) return;
  if (!io.stdinIsTTY) {
    throw new CliError(
      'refusing to apply without --yes: standard input is not a terminal, so nobody can confirm',
    );
  }
  if (!(await io.confirm('Apply these changes?'))) throw new CliError('apply cancelled; nothing was changed');
}

function renderApplyJson(plan: Plan, result: ApplyResult | null, after: Plan): string {
  const converged = !planHasChanges(after);
  const doc = {
    formatVersion: plan.formatVersion,
    plan: JSON.parse(renderPlanJson(plan)),
    result,
    converged,
    remaining: converged ? null : JSON.parse(renderPlanJson(after)),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
