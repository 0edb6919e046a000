/**
 * The tests' usual way to run `edgeplan`: in this process with captured output (`cli`). What only a process shows
 * (signals, SIGKILL, exiting while work is under way, two runs at once, the built CLI) is in cli-process.ts.
 */
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';

// `runCli` imports a command's modules when the command first runs (run.ts), and a provider's client when it is
// first opened (its plugin.ts). A test file loads them here, at import, where no test budget applies: a file's first
// run paid for them inside its budget, which on a loaded machine was most of it (a first `plan` that does 0.3 s of
// work took 10 s in CI at load 20).
await Promise.all([
  import('../../src/cli/program.js'),
  import('../../src/cli/commands/validate.js'),
  import('../../src/cli/commands/plan.js'),
  import('../../src/cli/commands/apply.js'),
  import('../../src/cli/commands/drift.js'),
  import('../../src/cli/commands/verify.js'),
  import('../../src/cli/commands/import.js'),
  import('../../src/cli/planning/load.js'),
  import('../../src/providers/dyn/open.js'),
  import('../../src/providers/pdns/open.js'),
]);

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
