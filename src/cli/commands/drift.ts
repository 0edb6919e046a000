import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AckFileError, parseAckFile } from '../../config/ack-file.js';
import type { Acknowledgement } from '../../model/acknowledgement.js';
import { targetText } from '../../model/target.js';
import {
  driftHeadline,
  driftReport,
  renderDriftJson,
  renderDriftText,
  renderPlanMarkdown,
  statusText,
} from '../../plan/index.js';
import { CliError, EXIT_CHANGES, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import { appendStepSummary } from '../github.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../load.js';
import type { ServiceOptions } from '../options.js';
import { reviewOnce } from '../review.js';

export interface DriftOptions extends ServiceOptions {
  /** `--ack FILE`: acknowledged drift (config/ack-file.ts). */
  ack?: string;
}

/**
 * `edgeplan drift [PATH...]`: reads live state only (never writes) and reports what differs from the desired
 * state. Exit 0 in sync or all drift acknowledged, 2 drift (or an expired acknowledgement), 1 any error: an error
 * is never reported as drift. With `GITHUB_STEP_SUMMARY` set, the markdown report is appended to the job summary.
 */
export async function driftCommand(paths: string[], options: DriftOptions, io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io, options.format);
  if (!desired) return EXIT_ERROR;
  const acks = options.ack ? await readAcks(resolve(io.cwd, options.ack)) : [];
  const plan = await reviewOnce(desired, options, io);
  const report = driftReport(plan, acks, io.now?.() ?? Date.now());
  const byTarget = new Map(report.targets.map((t) => [targetText(t.target), t]));
  const markdown = () =>
    renderPlanMarkdown(plan, {
      title: 'edgeplan drift',
      intro: [
        driftHeadline(report),
        ...report.unusedAcks.map((a) => `Unused acknowledgement: \`${a.target}\`.`),
      ],
      status: (target) => {
        const found = byTarget.get(targetText(target));
        return found ? statusText(found) : '';
      },
      fullOutputHint: 'See all of it with `edgeplan drift --format json`.',
    });
  if (options.format === 'json') io.stdout(renderDriftJson(report, plan));
  else if (options.format === 'markdown') io.stdout(markdown());
  else io.stdout(renderDriftText(report));
  await appendStepSummary(markdown(), io);
  return report.failing ? EXIT_CHANGES : EXIT_OK;
}

async function readAcks(path: string): Promise<Acknowledgement[]> {
  try {
    return parseAckFile(await readFile(path, 'utf8'), path);
  } catch (error) {
    if (error instanceof AckFileError) throw new CliError(error.message);
    throw new CliError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
