/**
 * `edgeplan` as a child process of the real entry point (`spawnCli`), for what only a process shows: signals,
 * SIGKILL, exiting while work is under way, two runs at once, the built CLI. It loads none of the CLI's modules into
 * the test's own process (cli.ts does).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { BUILT_CLI } from './built-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

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
