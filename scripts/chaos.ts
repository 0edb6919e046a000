/**
 * `npm run chaos [-- --runs N --seed S --provider P]`: seeded chaos runs of apply with faults on, then the
 * reliability figures (runs, faults injected by kind, applies converged in the same run, plans and drifts read
 * through, partial publishes or zones left between states, records outside the plan changed, and how the clients
 * decided). `--provider dyn` (the default): against the emulator and its fault injection; `pdns`, `pdns-dnsupdate`
 * and `bind`: against a real PowerDNS (written by PATCH, or by DNS UPDATE) or BIND 9 behind a faulty proxy
 * (test/chaos/server-targets.ts), `--concurrency N` zones at once (apply's default when absent); `zonefile`: a real
 * apply on zone files killed mid-write, then the next apply (test/chaos/zonefile-chaos.ts). Each run that did not
 * converge is printed with its seed and why.
 * Exit 1 when any run broke an invariant; each such run is printed with its seed, so it can be replayed alone.
 */
import { parseArgs } from 'node:util';
import { formatSummary, runChaos } from '../test/chaos/report.js';
import { formatServerSummary, runServerChaos } from '../test/chaos/server-report.js';
import { SERVER_KINDS, type ServerKind, serverMissing } from '../test/chaos/server-targets.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    provider: { type: 'string', default: 'dyn' },
    concurrency: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
const server = SERVER_KINDS.find((kind) => kind === values.provider);
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  !Number.isInteger(seed) ||
  (values.provider !== 'dyn' && values.provider !== 'zonefile' && server === undefined) ||
  (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
) {
  process.stderr.write(
    `usage: npm run chaos -- [--runs N] [--seed S] [--provider dyn|zonefile|${SERVER_KINDS.join('|')}] [--concurrency N]\n`,
  );
  process.exit(1);
}
if (values.provider === 'zonefile') {
  const { zonefileChaos } = await import('./chaos-zonefile.js');
  process.exitCode = await zonefileChaos(runs, seed);
  process.exit();
}

let done = 0;
const progress = (report: { seed: number; outcome: string; problems: string[]; reasons: string[] }) => {
  done++;
  if (report.outcome === 'violated')
    process.stderr.write(`seed ${report.seed} broke an invariant:\n  ${report.problems.join('\n  ')}\n`);
  if (report.outcome === 'failed-cleanly')
    process.stderr.write(
      `seed ${report.seed} did not converge in the run:\n  ${report.reasons.join('\n  ')}\n`,
    );
  if (done % 100 === 0) process.stderr.write(`${done}/${runs} runs\n`);
};

if (server === undefined) {
  const summary = await runChaos(runs, seed, progress);
  process.stdout.write(formatSummary(summary));
  process.exitCode = summary.violated.length > 0 ? 1 : 0;
} else {
  await runServer(server);
}

async function runServer(kind: ServerKind): Promise<void> {
  const missing = serverMissing(kind);
  if (missing !== null) {
    process.stderr.write(`chaos on ${kind} needs ${missing}\n`);
    process.exit(1);
  }
  const summary = await runServerChaos(kind, runs, seed, { concurrency, onRun: progress });
  process.stdout.write(formatServerSummary(summary));
  process.exitCode = summary.violated.length > 0 ? 1 : 0;
}
