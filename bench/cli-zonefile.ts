/**
 * The CLI bench's zone-file scenarios (cli.ts): a zone of 20,000 and of 100,000 records in a zone file (1,000 with
 * `--quick`), written first by an apply that is not measured. Per size a no-op plan, and an apply that changes 10 %
 * of the records (the runs alternate between the changed and the original addresses), its check plan included:
 * what an apply costs against its plan. The runs are `--verbose`, and the `requests` column counts the parses of
 * the zone file the debug log shows (`reading <file> (N bytes)`): one per plan, two per apply (the change read back,
 * the plan's and the check's parses taken by the file's digest).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BenchContext, type CliRun, expectCode, measureRuns, runCli } from './cli-process.js';
import { bigZoneYaml } from './cli-states.js';

const ENV = { NO_COLOR: '1' };

/** The zone file parses a run's debug log shows. */
function parses(run: CliRun): number {
  return run.stderr.split('\n').filter((line) => /\breading \S+ \(\d+ bytes\)/.test(line)).length;
}

async function scenario(
  context: BenchContext,
  name: string,
  args: (index: number) => string[],
): Promise<void> {
  if (!context.wanted(name)) return;
  await measureRuns(context, name, async (cli, index) => {
    const run = await runCli(cli, [...args(index), '--verbose'], ENV, context.dir);
    expectCode(run, 0, `${name} (run ${index + 1})`);
    return { figures: run, requests: parses(run) };
  });
}

export async function zonefileScenarios(context: BenchContext): Promise<void> {
  await mkdir(join(context.dir, 'zones'), { recursive: true });
  const sizes = context.quick ? [1000] : [20_000, 100_000];
  for (const size of sizes) {
    const count = size.toLocaleString('en-US');
    const plan = `zone file no-op plan, ${count} records`;
    const update = `zone file update 10 % of ${count} records`;
    if (!context.wanted(plan) && !context.wanted(update)) continue;
    const original = join(context.dir, `zonefile-${size}.yaml`);
    const changed = join(context.dir, `zonefile-${size}-changed.yaml`);
    await writeFile(original, bigZoneYaml('zonefile', size, 0, true));
    await writeFile(changed, bigZoneYaml('zonefile', size, size / 10));
    // The zone file, written once (not measured): the runs below find it.
    expectCode(
      await runCli(context.cli, ['apply', '--yes', original], ENV, context.dir),
      0,
      `${plan} (setup)`,
    );
    await scenario(context, plan, () => ['plan', original]);
    await scenario(context, update, (index) => ['apply', '--yes', index % 2 === 0 ? changed : original]);
    // The last run may leave the changed addresses: the next size's setup apply rewrites the same file.
  }
}
