/**
 * The tests' one way to run `edgeplan`: in this process with captured output (`cli`), or as a child process of the
 * real entry point (`spawnCli`), for what only a process shows: signals, SIGKILL, exiting while work is under way,
 * two runs at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { BUILT_CLI } from './built-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** stdin is not a TTY unless this is given: the answer, or a function that answers (e.g. after changing live state). */
  confirm?: boolean | (() => Promise<boolean>);
  cwd?: string;
  now?: () => number;
  /** A command that runs until stopped (the emulator) is stopped after this long; without it, it never is. */
  stopAfterMs?: number;
}

/** An io for code that takes one without running a command: no terminal, nothing printed unless `given` says. */
export function quietIo(given: Partial<CliIo> = {}): CliIo {
  return {
    stdout: () => {},
    stderr: () => {},
    env: {},
    cwd: process.cwd(),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    confirm: async () => false,
    untilShutdown: async () => {},
    ...given,
  };
}

/** Runs `edgeplan <argv>` in this process with captured output, `env` as its whole environment. */
export async function cli(
  argv: string[],
  env: Record<string, string> = {},
  options: CliOptions = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const { stopAfterMs } = options;
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env,
    cwd: options.cwd ?? process.cwd(),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: options.confirm !== undefined,
    confirm: async () =>
      typeof options.confirm === 'function' ? options.confirm() : (options.confirm ?? false),
    untilShutdown: () =>
      new Promise((resolve) => {
        if (stopAfterMs !== undefined) setTimeout(resolve, stopAfterMs);
      }),
    ...(options.now ? { now: options.now } : {}),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Once the process has ended and its output is read to the end. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether the process has ended (exited or killed). */
  ended(): boolean;
}

export interface SpawnOptions {
  /** Run the built CLI, dist/cli/main.js (call built-cli.ts `ensureBuilt` first), not the sources through tsx. */
  built?: boolean;
  cwd?: string;
}

/** Starts `edgeplan <argv>` (src/cli/main.ts through tsx) with this environment plus `env`, colours off. */
export function spawnCli(
  argv: string[],
  env: Record<string, string>,
  options: SpawnOptions = {},
): CliProcess {
  const entry = options.built ? [BUILT_CLI] : ['--import', 'tsx', join(ROOT, 'src/cli/main.ts')];
  const child = spawn(process.execPath, [...entry, ...argv], {
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd ?? ROOT,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    ended: () => child.exitCode !== null || child.signalCode !== null,
  };
}

/** Runs `edgeplan <argv>` as a child process to its end (spawnCli); `code` is null when a signal ended it. */
export async function runCliProcess(
  argv: string[],
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnCli(argv, env, options);
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}
