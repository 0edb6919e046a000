import { createInterface } from 'node:readline/promises';

/**
 * Everything the CLI touches of its process, injected so commands run in-process in tests. Only `main.ts`
 * builds the real one from `process`.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Asks a yes/no question on the terminal; only called when stdin is a TTY. */
  confirm(question: string): Promise<boolean>;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM); long-running commands wait on it. */
  untilShutdown(): Promise<void>;
  /** The clock (ms since the epoch) for dated decisions such as acknowledgement expiry; default Date.now. */
  now?(): number;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    async confirm(question) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        const answer = await rl.question(`${question} [y/N] `);
        return /^y(es)?$/i.test(answer.trim());
      } finally {
        rl.close();
      }
    },
    untilShutdown: () =>
      new Promise((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      }),
  };
}
