/**
 * `npm run bench:cli [-- --quick] [-- --only=TEXT] [-- --cli=PATH] [-- --ab=PATH] [-- --runs=N]`: what users pay,
 * measured as they run it: the
 * built CLI (`dist/bin/edgeplan.js`, or PATH) as a process of its own, from process start to exit, imports included,
 * under GNU time (cli-process.ts). Per scenario the median of 3 runs of CPU time (user + sys: the reliable figure on
 * a shared machine), wall time and peak RSS, and the requests the service answered: the emulator's request log
 * for Dyn (cli-dyn.ts), a counting proxy in front of a real PowerDNS for PowerDNS (cli-pdns.ts), the parses of the
 * zone file for zone files (cli-zonefile.ts). Then the figures
 * per record and per request the scenarios imply, each beside its goal (cli-goals.ts). `--quick` leaves out the
 * 10,000- and 100,000-record scenarios. `--ab=PATH` compares two builds on a shared machine: PATH (another build's
 * `bin/edgeplan.js`) runs in turn with the CLI, run for run, and each row gets the baseline's figures and the median
 * CPU difference of the pairs (the per-request client rows measure the library in `dist/` only). `--runs=N` sets
 * the runs per scenario (per build), 3 by default.
 * Figures, not timed tests: it fails (exit 1) only when a run ends with another exit code than expected.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dynScenarios } from './cli-dyn.js';
import { derivedFigures, EMPTY_NODE, goalOf, goalText, rssBesideOctodns, verdict } from './cli-goals.js';
import { pdnsScenarios } from './cli-pdns.js';
import {
  type BenchContext,
  expectCode,
  measureRuns,
  medians,
  RUNS,
  runCli,
  timeMissing,
} from './cli-process.js';
import { bigZoneYaml } from './cli-states.js';
import { zonefileScenarios } from './cli-zonefile.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('only');
const missing = timeMissing();
if (missing !== null) {
  console.error(`bench:cli: ${missing}`);
  process.exit(1);
}
const baseline = arg('ab');
const runs = Number.parseInt(arg('runs') ?? String(RUNS), 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`bench:cli: --runs must be a whole number ≥ 1, not ${JSON.stringify(arg('runs'))}`);
  process.exit(1);
}
const context: BenchContext = {
  cli: resolve(arg('cli') ?? 'dist/bin/edgeplan.js'),
  ...(baseline === undefined ? {} : { baseline: resolve(baseline) }),
  runs,
  quick: process.argv.includes('--quick'),
  wanted: (name) => !only || name.includes(only),
  dir: await mkdtemp(join(tmpdir(), 'edgeplan-bench-cli-')),
  rows: [],
};

async function local(name: string, args: string[], code: number): Promise<void> {
  if (!context.wanted(name)) return;
  await measureRuns(context, name, async (cli) => {
    const run = await runCli(cli, args, {}, process.cwd());
    expectCode(run, code, name);
    return { figures: run };
  });
}

/** The floor under every peak RSS: `node -e 0` under the same GNU time, as many runs as a scenario. */
async function emptyNode(): Promise<void> {
  if (!context.wanted(EMPTY_NODE) && !only?.includes('no-op plan')) return;
  const runs = [];
  for (let i = 0; i < context.runs; i++) runs.push(await runCli('-e', ['0'], {}, process.cwd()));
  context.rows.push({ name: EMPTY_NODE, ...medians(runs) });
}

const load = loadavg()[0]?.toFixed(1);
try {
  await emptyNode();
  await local('`--version`', ['--version'], 0);
  await local('`validate` of a small file', ['validate', 'examples/quickstart/dns/zones.yaml'], 0);
  if (!context.quick) {
    const big = join(context.dir, 'validate-100000.yaml');
    await writeFile(big, bigZoneYaml('dyn', 100_000));
    await local('`validate` of 100,000 records', ['validate', big], 0);
  }
  await dynScenarios(context);
  await pdnsScenarios(context);
  await zonefileScenarios(context);
} finally {
  await rm(context.dir, { recursive: true, force: true });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `Machine: ${cpu}, ${cpus().length} cores, Node ${process.version}, load average ${load} at the start.\n`,
);
const compared = context.baseline !== undefined;
const baselineHead = compared ? ' baseline CPU s | baseline RSS MB | CPU change (median of pairs) |' : '';
console.log(`| scenario | requests | CPU s | wall s | peak RSS MB |${baselineHead} goal | goal met? |`);
console.log(`|---|---|---|---|---|${compared ? '---|---|---|' : ''}---|---|`);
for (const r of context.rows) {
  const goal = goalOf(r.name);
  const figures = `${r.cpu.toFixed(2)} | ${r.wall.toFixed(2)} | ${Math.round(r.rssMb)}`;
  const base = r.baseline;
  const sign = (base?.cpuDelta ?? 0) > 0 ? '+' : '';
  const against = !compared
    ? ''
    : base === undefined
      ? ' | | |'
      : ` ${base.cpu.toFixed(2)} | ${Math.round(base.rssMb)} | ${sign}${(base.cpuDelta * 1000).toFixed(0)} ms |`;
  console.log(
    `| ${r.name} | ${r.requests ?? ''} | ${figures} |${against} ${goalText(goal)} | ${verdict(r, goal)} |`,
  );
}

const rss = rssBesideOctodns(context.rows);
if (rss.length > 0) console.log(`\n${rss.join('\n')}`);

const derived = derivedFigures(context.rows);
if (derived.length > 0) {
  console.log('\n| per unit | figure | goal | goal met? |');
  console.log('|---|---|---|---|');
  for (const d of derived) {
    const figure = `${d.value.toFixed(d.unit === 'ms' ? 3 : 1)} ${d.unit}`;
    const goal = d.goal === undefined ? '' : `≤ ${d.goal} ${d.unit}`;
    const met = d.goal === undefined ? '' : d.value <= d.goal ? 'yes' : 'no';
    console.log(`| ${d.what} | ${figure} | ${goal} | ${met} |`);
  }
}
