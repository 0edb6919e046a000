import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderPlanJson, renderPlanMarkdown } from '../../plan/index.js';
import { planHasChanges } from '../../plan/types.js';
import { EXIT_CHANGES, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import { appendStepSummary } from '../github.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../load.js';
import type { ServiceOptions } from '../options.js';
import { renderReviewed, reviewOnce } from '../review.js';
import { planSource } from '../source-paths.js';

export interface PlanOptions extends ServiceOptions {
  out?: string;
}

/**
 * `edgeplan plan [PATH...]`: exit 0 no changes, 2 changes (changes needing approval included), 1 error. The plan
 * records the paths it was made from (source-paths.ts), so that `apply --plan` loads the same. With
 * `GITHUB_STEP_SUMMARY` set, the markdown plan is also appended to the job summary.
 */
export async function planCommand(paths: string[], options: PlanOptions, io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io, options.format);
  if (!desired) return EXIT_ERROR;
  const plan = { ...(await reviewOnce(desired, options, io)), source: await planSource(paths, io.cwd) };
  io.stdout(renderReviewed(plan, options, io));
  if (options.out) await writeFile(resolve(io.cwd, options.out), renderPlanJson(plan));
  await appendStepSummary(renderPlanMarkdown(plan), io);
  return planHasChanges(plan) ? EXIT_CHANGES : EXIT_OK;
}
