/**
 * One run of the built CLI as users run it (`node dist/bin/edgeplan.js ARGS`, the bundle the package ships), measured from process start to exit by
 * `/usr/bin/time` (GNU time): CPU time (user + sys), wall time and peak RSS of the whole process, imports and
 * start-up included. The environment is only what the run is given (plus PATH and HOME), so that nothing of the
 * caller's (a GITHUB_STEP_SUMMARY, an EDGEPLAN_* of the developer) changes what is measured.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GNU_TIME = '/usr/bin/time';
/** Runs per scenario unless `--runs=N` says otherwise; the figures shown are their medians. */
export const RUNS = 3;

export interface CliFigures {
  /** User + system CPU seconds of the CLI process. */
  cpu: number;
  wall: number;
  /** Peak resident set, MB. */
  rssMb: number;
}

export interface CliRun extends CliFigures {
  code: number;
  stdout: string;
  stderr: string;
}

/** Why the bench cannot measure here (no GNU time), or null. */
export function timeMissing(): string | null {
  return existsSync(GNU_TIME) ? null : `${GNU_TIME} not found (apt-get install time)`;
}

/** Runs `node <cli> ...args` in `cwd` under GNU time. */
export async function runCli(
  cli: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<CliRun> {
  const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bench-time-'));
  const out = join(dir, 'time');
  try {
    const child = spawn(GNU_TIME, ['-f', '%U %S %e %M', '-o', out, process.execPath, cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (status) => resolve(status ?? 1));
    });
    const last = (await readFile(out, 'utf8')).trim().split('\n').at(-1) ?? '';
    const [user, sys, wall, rssKb] = last.split(' ').map(Number);
    if ([user, sys, wall, rssKb].some((n) => n === undefined || !Number.isFinite(n)))
      throw new Error(`bench: cannot read GNU time's figures: ${JSON.stringify(last)}`);
    return {
      code,
      stdout,
      stderr,
      cpu: (user ?? 0) + (sys ?? 0),
      wall: wall ?? 0,
      rssMb: (rssKb ?? 0) / 1024,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The median of each figure over the runs (each figure on its own). */
export function medians(runs: readonly CliFigures[]): CliFigures {
  return {
    cpu: median(runs.map((r) => r.cpu)),
    wall: median(runs.map((r) => r.wall)),
    rssMb: median(runs.map((r) => r.rssMb)),
  };
}

/** A run that did not end as expected is a failed bench, with what it printed. */
export function expectCode(run: CliRun, expected: number, what: string): void {
  if (run.code === expected) return;
  throw new Error(
    `bench: ${what} exited ${run.code}, expected ${expected}\n${run.stderr.slice(-3000)}${run.stdout.slice(-2000)}`,
  );
}

export interface Row extends CliFigures {
  name: string;
  /** Requests the service answered (the median run's count; every run's count when they differ). */
  requests?: string;
  /** With `--ab=PATH`: the baseline build's figures on the same scenario, its runs interleaved with these. */
  baseline?: CliFigures & {
    requests?: string;
    /** The median over the pairs of (this run's CPU − the baseline run's CPU next to it), seconds. */
    cpuDelta: number;
  };
}

/** What every scenario module gets: which CLI to run, and whether to leave out the large sizes. */
export interface BenchContext {
  cli: string;
  /** `--ab=PATH`: another build's CLI, run in turn with `cli` (A, B, then B, A, …) so both see the same load. */
  baseline?: string;
  /** Runs per scenario (and per build), `--runs=N`. */
  runs: number;
  quick: boolean;
  wanted(name: string): boolean;
  /** A directory for the scenarios' files, removed at the end. */
  dir: string;
  rows: Row[];
}

/** One measured run of a scenario: the figures, and the requests the service answered when they are counted. */
export interface Measured {
  figures: CliFigures;
  requests?: number;
}

/**
 * Runs a scenario `context.runs` times with `context.cli`, and, with a baseline, as many times with it, interleaved
 * (the order flips each pair, so neither build always runs first), and adds its row. `runOne` gets the CLI to run
 * and the index of the run among all of the scenario's runs (a scenario that alternates files counts on it).
 */
export async function measureRuns(
  context: BenchContext,
  name: string,
  runOne: (cli: string, index: number) => Promise<Measured>,
): Promise<void> {
  const own: Measured[] = [];
  const base: Measured[] = [];
  let index = 0;
  for (let i = 0; i < context.runs; i++) {
    const order = context.baseline === undefined ? ['own'] : i % 2 === 0 ? ['base', 'own'] : ['own', 'base'];
    for (const side of order) {
      const cli = side === 'own' ? context.cli : (context.baseline ?? '');
      (side === 'own' ? own : base).push(await runOne(cli, index++));
    }
  }
  const row: Row = { name, ...medians(own.map((m) => m.figures)), requests: requestCounts(own) };
  if (base.length > 0) {
    const deltas = own.map((m, i) => m.figures.cpu - (base[i]?.figures.cpu ?? 0));
    row.baseline = {
      ...medians(base.map((m) => m.figures)),
      requests: requestCounts(base),
      cpuDelta: median(deltas),
    };
  }
  context.rows.push(row);
}

/** The runs' request counts: `7`, or `7 / 8` when they differ; undefined when the scenario counts none. */
function requestCounts(runs: readonly Measured[]): string | undefined {
  const counts = runs.flatMap((m) => (m.requests === undefined ? [] : [m.requests]));
  return counts.length === 0 ? undefined : [...new Set(counts)].join(' / ');
}
