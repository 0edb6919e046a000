import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AckFileError, parseAckFile } from '../../config/ack-file.js';
import type { Acknowledgement } from '../../model/acknowledgement.js';
import { ownValue } from '../../model/own-value.js';
import { renderDriftJson, renderDriftText } from '../../plan/render/drift.js';
import { renderDriftMarkdown } from '../../plan/render/drift-markdown.js';
import { type DriftReport, driftReport } from '../../plan/review/drift.js';
import { EXIT_CHANGES, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { appendStepSummary } from '../output/github.js';
import { loadOrReport, reportAckProblems } from '../planning/load.js';
import { reviewDnsIfWafSpent } from '../planning/waf-spent.js';
import type { OpenServices } from '../services/services.js';

export interface DriftOptions extends ServiceOptions {
  /** `--ack FILE`: acknowledged drift (config/ack-file.ts). */
  ack?: string;
}

/**
 * `edgeplan drift [PATH...]`: reads live state only (never writes) and reports what differs from the desired
 * state. Exit 0 in sync or all drift acknowledged, 2 drift (or an expired acknowledgement), 1 any error: an error
 * is never reported as drift. A WAF whose hourly budget is spent costs only the WAF part: the DNS drift is still
 * reported, the WAF is named as not read, and the exit is 1 (waf-spent.ts). For each drifted zone, the zone's notes
 * say where its last publish came from: edgeplan (which commit) or elsewhere (when, by whom): one
 * `POST /ZoneNoteReport/` per drifted Dyn zone, none when nothing drifted. The notes are best-effort: when they
 * cannot be read (a token that may not read them), the drift is still reported, with the reason. With `GITHUB_STEP_SUMMARY` set, the
 * markdown report is appended to the job summary.
 */
export async function driftCommand(paths: string[], options: DriftOptions, io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io, options);
  if (!desired) return EXIT_ERROR;
  const acks = options.ack ? await readAcksOrReport(options.ack, io, options) : [];
  if (!acks) return EXIT_ERROR;
  const now = io.now?.() ?? Date.now();
  let report: DriftReport | undefined;
  const { plan, wafNotRead } = await reviewDnsIfWafSpent(desired, options, io, async (read, services) => {
    report = await withLastPublishes(driftReport(read, acks, now), services);
  });
  if (!report) throw new Error('drift: the plan was made without its report');
  const markdown = renderDriftMarkdown(report);
  if (options.format === 'json') io.stdout(renderDriftJson(report, plan, wafNotRead));
  else if (options.format === 'markdown') io.stdout(markdown);
  else io.stdout(renderDriftText(report));
  if (wafNotRead) io.stderr(`error: ${wafNotRead}\n`);
  await appendStepSummary(() => (wafNotRead ? `${markdown}\n> **${wafNotRead}**\n` : markdown), io);
  if (wafNotRead) return EXIT_ERROR;
  return report.failing ? EXIT_CHANGES : EXIT_OK;
}

/**
 * The report with each drifted zone's last publish, from providers that keep one (Dyn's notes; zones the plan would
 * create have none to read).
 */
async function withLastPublishes(
  report: DriftReport,
  services: OpenServices | undefined,
): Promise<DriftReport> {
  if (!services) return report;
  const targets = await Promise.all(
    report.targets.map(async (t) => {
      const created = t.changes.some(
        ({ change }) => change.address.kind === 'zone' && change.action === 'create',
      );
      const { target } = t;
      if (target.kind !== 'zone' || created) return t;
      const provider = ownValue(services.providers.dns ?? {}, target.provider);
      if (!provider?.readLastPublish) return t;
      const last = await provider.readLastPublish(t.target.name);
      return last !== null && 'notRead' in last
        ? { ...t, lastPublishNotRead: last.notRead }
        : { ...t, lastPublish: last };
    }),
  );
  return { ...report, targets };
}

/**
 * The ack file, or null once its problems are reported as the desired state's are: one a line, each naming the file
 * as it was given (`.edgeplan/drift-ack.yaml:3:5: EP1013 …`), then the summary (loadOrReport's way).
 */
async function readAcksOrReport(
  given: string,
  io: CliIo,
  options: DriftOptions,
): Promise<Acknowledgement[] | null> {
  try {
    return await readAcks(resolve(io.cwd, given), given);
  } catch (error) {
    if (!(error instanceof AckFileError) || error.diagnostics.length === 0) throw error;
    reportAckProblems(error.diagnostics, io, options.format);
    return null;
  }
}

/** The ack file's entries; AckFileError for a file that cannot be read (one error line) or is not valid. */
async function readAcks(path: string, shown: string): Promise<Acknowledgement[]> {
  try {
    return parseAckFile(await readFile(path, 'utf8'), shown);
  } catch (error) {
    if (error instanceof AckFileError) throw error;
    throw new AckFileError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
