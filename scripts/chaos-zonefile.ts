/**
 * `npm run chaos -- --provider zonefile [--runs N --seed S]`: applies on zone files killed mid-write, then the next
 * apply (test/chaos/zonefile-chaos.ts), and the figures: where the kills landed, next applies converged in one run,
 * partial files, records outside the plan changed, temporary files left. Every run that broke an invariant or did
 * not converge is printed with its seed. Returns the exit code: 1 when any run broke an invariant.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatZonefileSummary, runZonefileChaos } from '../test/chaos/zonefile-chaos.js';
import { checkzoneMissing } from '../test/providers/zonefile/checkzone.js';
import { ensureBuilt } from '../test/support/built-cli.js';

export async function zonefileChaos(runs: number, seed: number): Promise<number> {
  await ensureBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-chaos-'));
  let done = 0;
  try {
    const checkzone = checkzoneMissing() === null;
    const summary = await runZonefileChaos(runs, seed, dir, { checkzone }, (report) => {
      done++;
      if (report.outcome !== 'converged')
        process.stderr.write(`seed ${report.seed} (${report.outcome}):\n  ${report.problems.join('\n  ')}\n`);
      if (done % 100 === 0) process.stderr.write(`${done}/${runs} runs\n`);
    });
    process.stdout.write(formatZonefileSummary(summary));
    return summary.violated.length > 0 ? 1 : 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
