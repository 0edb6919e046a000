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
  /**
   * Calls `handler` on the first SIGINT or SIGTERM, instead of the process ending at once; a second signal ends it
   * at once (the default action again). Returns the function that stops listening. Absent: signals are not caught.
   */
  onInterrupt?(handler: (signal: InterruptSignal) => void): () => void;
  /** The clock (ms since the epoch) for dated decisions such as acknowledgement expiry; default Date.now. */
  now?(): number;
  /**
   * Told the characters of desired-state YAML a command read, before it is parsed: the process sizes V8's compiler
   * for the run (compiler-policy.ts, set by main.ts). Absent in process (tests): the process is not the CLI's.
   */
  sizeRun?(characters: number): void;
  /** Told the record sets a command read from live zones, once read (compiler-policy.ts, as `sizeRun`). */
  sizeLive?(records: number): void;
}

export type InterruptSignal = 'SIGINT' | 'SIGTERM';

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
    onInterrupt(handler) {
      const fire = (signal: InterruptSignal) => {
        stop();
        handler(signal);
      };
      const listeners: Record<InterruptSignal, () => void> = {
        SIGINT: () => fire('SIGINT'),
        SIGTERM: () => fire('SIGTERM'),
      };
      const stop = () => {
        process.off('SIGINT', listeners.SIGINT);
        process.off('SIGTERM', listeners.SIGTERM);
      };
      process.on('SIGINT', listeners.SIGINT);
      process.on('SIGTERM', listeners.SIGTERM);
      return stop;
    },
  };
}
