import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { dnsProviderOf } from '../../apply/index.js';
import { AckFileError, parseAckFile } from '../../config/ack-file.js';
import type { Acknowledgement } from '../../model/acknowledgement.js';
import { describePublish } from '../../model/audit-note.js';
import { targetText } from '../../model/target.js';
import {
  type DriftReport,
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
import { openScoped, reviewWith, targetScope } from '../review.js';
import type { OpenServices } from '../services.js';

export interface DriftOptions extends ServiceOptions {
  /** `--ack FILE`: acknowledged drift (config/ack-file.ts). */
  ack?: string;
}

/**
 * `edgeplan drift [PATH...]`: reads live state only (never writes) and reports what differs from the desired
 * state. Exit 0 in sync or all drift acknowledged, 2 drift (or an expired acknowledgement), 1 any error: an error
 * is never reported as drift. With `GITHUB_STEP_SUMMARY` set, the markdown report is appended to the job summary.
 * For each drifted zone, the zone's notes say where its last publish came from: edgeplan (which commit) or
 * elsewhere (when, by whom): one `POST /ZoneNoteReport/` per drifted zone, none when nothing drifted.
 */
export async function driftCommand(paths: string[], options: DriftOptions, io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io, options.format);
  if (!desired) return EXIT_ERROR;
  const acks = options.ack ? await readAcks(resolve(io.cwd, options.ack)) : [];
  const scope = targetScope(desired, options.target);
  const services = await openScoped(desired, scope, options, io);
  let plan: Awaited<ReturnType<typeof reviewWith>>;
  let report: DriftReport;
  try {
    plan = await reviewWith(desired, scope, services);
    report = await withLastPublishes(driftReport(plan, acks, io.now?.() ?? Date.now()), services);
  } finally {
    await services?.close();
  }
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
        if (!found) return '';
        const last =
          found.lastPublish === undefined ? '' : `; last publish: ${describePublish(found.lastPublish)}`;
        return `${statusText(found)}${last}`;
      },
      fullOutputHint: 'See all of it with `edgeplan drift --format json`.',
    });
  if (options.format === 'json') io.stdout(renderDriftJson(report, plan));
  else if (options.format === 'markdown') io.stdout(markdown());
  else io.stdout(renderDriftText(report));
  await appendStepSummary(markdown(), io);
  return report.failing ? EXIT_CHANGES : EXIT_OK;
}

/**
 * The report with each drifted Dyn zone's last publish (zones the plan would create have none to read; zones of
 * other DNS providers keep no notes).
 */
async function withLastPublishes(
  report: DriftReport,
  services: OpenServices | undefined,
): Promise<DriftReport> {
  const dyn = services?.dyn;
  if (!dyn) return report;
  const targets = await Promise.all(
    report.targets.map(async (t) => {
      const created = t.changes.some((c) => c.address.kind === 'zone' && c.action === 'create');
      // Only the Dyn service keeps publish notes; a zone of another DNS provider (PowerDNS) has none to read.
      const onDyn = services && dnsProviderOf(services.providers, t.target.provider) === dyn;
      if (t.target.kind !== 'zone' || created || !onDyn) return t;
      return { ...t, lastPublish: await dyn.readLastPublish(t.target.name) };
    }),
  );
  return { ...report, targets };
}

async function readAcks(path: string): Promise<Acknowledgement[]> {
  try {
    return parseAckFile(await readFile(path, 'utf8'), path);
  } catch (error) {
    if (error instanceof AckFileError) throw new CliError(error.message);
    throw new CliError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
