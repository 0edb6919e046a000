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
/** Runs per scenario; the figures shown are their medians. */
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

/** The median of each figure over the runs (each figure on its own). */
export function medians(runs: readonly CliFigures[]): CliFigures {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
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
}

/** What every scenario module gets: which CLI to run, and whether to leave out the large sizes. */
export interface BenchContext {
  cli: string;
  quick: boolean;
  wanted(name: string): boolean;
  /** A directory for the scenarios' files, removed at the end. */
  dir: string;
  rows: Row[];
}
