import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Confinement, findYamlFiles } from '../../config/read/find-files.js';
import { planHasChanges } from '../../plan/types.js';
import { writeFileAtomic } from '../../providers/write-atomic.js';
import { CliError, EXIT_CHANGES, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { prepareFile } from '../options/write-place.js';
import { appendStepSummary } from '../output/github.js';
import { planJson, planMarkdown } from '../output/plan-formats.js';
import { scopeOfChanges } from '../planning/changed-scope.js';
import { loadWithWarnings } from '../planning/load.js';
import { renderReviewed, targetScope } from '../planning/review.js';
import { assertSavable, planSource } from '../planning/source-paths.js';
import { reviewDnsIfWafSpent } from '../planning/waf-spent.js';
import { assertWafBudget } from '../services/services.js';

export interface PlanOptions extends ServiceOptions {
  out?: string;
  /** `--changed-since REF`: plan only the targets whose desired-state files changed since REF (git). */
  changedSince?: string;
}

/**
 * `edgeplan plan [PATH...]`: exit 0 no changes, 2 changes (changes needing approval included), 1 error. When the
 * WAF's hourly budget is spent, the DNS part is still planned and shown, the WAF is reported as not read, no
 * `--out` file is written, and the exit is 1 (waf-spent.ts). The plan
 * records the paths it was made from (source-paths.ts), so that `apply --plan` loads the same. With
 * `GITHUB_STEP_SUMMARY` set, the markdown plan is also appended to the job summary. A plan whose purges after apply
 * the WAF's purge bucket cannot cover is refused (exit 1, nothing written). `--out` is written in one step
 * (a reader sees the old file or the whole new one) and may not name one of the desired-state files read. A plan
 * to save loads only files that really lie inside the repository, as `apply --plan` does: a link out of it is
 * refused here, not first when the plan is applied. `--changed-since REF` plans only the targets whose
 * desired-state files changed since REF, reading nothing of the others (planning/changed-scope.ts); the plan says
 * what it left out, and a saved one records the changed targets as its scope.
 */
export async function planCommand(paths: string[], options: PlanOptions, io: CliIo): Promise<ExitCode> {
  const out = options.out === undefined ? undefined : resolve(io.cwd, options.out);
  let confine: Confinement | undefined;
  if (out) {
    await prepareFile('--out', out);
    confine = await assertSavable(paths, io.cwd);
    await refuseInputAsOut(out, paths);
  }
  // Git is asked first: a REF it does not know is a usage error before anything is loaded or read. Loaded only then:
  // it reads old versions with the full YAML reader, which a plain plan never loads (docs/benchmarks.md).
  const since = options.changedSince;
  const changes =
    since === undefined
      ? undefined
      : await (await import('../planning/git-changes.js')).gitChanges(since, paths, io.cwd);
  // A plan to save loads only files inside the repository, as `apply --plan` will (source-paths.ts).
  const loaded = await loadWithWarnings(paths, io, options, confine && { confine, untrusted: false });
  if (!loaded) return EXIT_ERROR;
  const { desired, warnings } = loaded;
  const scoped: PlanOptions =
    since === undefined || changes === undefined
      ? options
      : {
          ...options,
          changed: scopeOfChanges(
            desired,
            changes.changed,
            { ref: since, commit: changes.commit },
            targetScope(desired, options.target),
          ),
        };
  // Purges after apply that the purge bucket cannot cover are refused here already, before any plan is written.
  // Fingerprints (a digest of every record read) only for a plan that is saved or printed as JSON.
  const reviewed = await reviewDnsIfWafSpent(
    desired,
    scoped,
    io,
    async (read, services) => assertWafBudget(read, services, io.now?.() ?? Date.now(), true),
    { fingerprints: out !== undefined || options.format === 'json' },
  );
  const plan = { ...reviewed.plan, source: await planSource(paths, io.cwd) };
  io.stdout(await renderReviewed(plan, options, io, reviewed.paces, warnings));
  if (reviewed.wafNotRead) {
    // A plan without the WAF part it was asked for is for reading only: no plan file to apply.
    io.stderr(`error: ${reviewed.wafNotRead}${options.out ? ` ${options.out} was not written.` : ''}\n`);
    await appendStepSummary(
      async () => `${await planMarkdown(plan, { warnings })}\n> **${reviewed.wafNotRead}**\n`,
      io,
    );
    return EXIT_ERROR;
  }
  if (out) await writeFileAtomic(out, await planJson(plan));
  await appendStepSummary(() => planMarkdown(plan, { warnings }), io);
  return planHasChanges(plan) ? EXIT_CHANGES : EXIT_OK;
}

/** `plan desired.yaml --out desired.yaml` would replace the desired state with a plan: refused before anything runs. */
async function refuseInputAsOut(out: string, paths: readonly string[]): Promise<void> {
  const real = (path: string) => realpath(path).catch(() => resolve(path));
  const target = await real(out);
  const { files } = await findYamlFiles(paths.length > 0 ? paths : ['.']);
  for (const file of files) {
    if ((await real(file)) === target)
      throw new CliError(
        'EP5101',
        `--out ${out} is a desired-state file this plan reads; write the plan elsewhere`,
      );
  }
}
