/**
 * `npm run chaos [-- --runs N --seed S --provider P]`: seeded chaos runs, then the reliability figures.
 * `--provider dyn` (the default): apply against the emulator with faults on (runs, faults injected by kind, applies
 * converged in the same run, plans and drifts read through, partial publishes, duplicate records, records outside
 * the plan changed, and per symptom how the clients decided); each run that did not converge is printed with its
 * seed and why. `--provider zonefile`: a real apply on zone files killed mid-write, then the next apply
 * (test/chaos/zonefile-chaos.ts).
 * Exit 1 when any run broke an invariant; each such run is printed with its seed, so it can be replayed alone.
 */
import { parseArgs } from 'node:util';
import { formatSummary, runChaos } from '../test/chaos/report.js';

const PROVIDERS = ['dyn', 'zonefile'];
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    provider: { type: 'string', default: 'dyn' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed) || !PROVIDERS.includes(values.provider)) {
  process.stderr.write(`usage: npm run chaos -- [--runs N] [--seed S] [--provider ${PROVIDERS.join('|')}]\n`);
  process.exit(1);
}
if (values.provider === 'zonefile') {
  const { zonefileChaos } = await import('./chaos-zonefile.js');
  process.exitCode = await zonefileChaos(runs, seed);
  process.exit();
}
let done = 0;
const summary = await runChaos(runs, seed, (report) => {
  done++;
  if (report.outcome === 'violated') {
    process.stderr.write(`seed ${report.seed} broke an invariant:\n  ${report.problems.join('\n  ')}\n`);
  }
  if (report.outcome === 'failed-cleanly') {
    process.stderr.write(
      `seed ${report.seed} did not converge in the run:\n  ${report.reasons.join('\n  ')}\n`,
    );
  }
  if (done % 100 === 0) process.stderr.write(`${done}/${runs} runs\n`);
});
process.stdout.write(formatSummary(summary));
process.exitCode = summary.violated.length > 0 ? 1 : 0;
