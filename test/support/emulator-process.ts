/**
 * `edgeplan emulator …` as a user starts it: the built CLI in a child process, on the flags given. Resolves once it
 * says where it listens (its first line on stderr), with the addresses it printed and that line; `stop()` sends
 * SIGTERM, as Ctrl-C or a service manager would, and resolves with how it ended.
 */
import { type CliProcess, spawnCli } from './cli-process.js';

export interface EmulatorProcess {
  /** The DNS API's base as printed, `http://<host>:<port>/REST`. */
  url: string;
  /** The WAF API's base as printed, `http://<host>:<port>/api/v3`. */
  wafUrl: string;
  /** The start-up line: addresses, state file, faults. */
  banner: string;
  process: CliProcess;
  stop(): Promise<{ code: number | null; stderr: string }>;
}

const BANNER = /edgeplan emulator: DNS API on (\S+), WAF API on (\S+?)[,;].*\n/;

export async function startEmulatorProcess(flags: string[], cwd?: string): Promise<EmulatorProcess> {
  const run = spawnCli(['emulator', ...flags], {}, { built: true, ...(cwd ? { cwd } : {}) });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const look = () => {
      const found = BANNER.exec(run.stderr());
      if (found) resolve(found);
    };
    run.child.stderr?.on('data', look);
    run.exited.then(() => reject(new Error(`edgeplan emulator ended before listening:\n${run.stderr()}`)));
  });
  const [banner, url, wafUrl] = match;
  return {
    url: url ?? '',
    wafUrl: wafUrl ?? '',
    banner: banner ?? '',
    process: run,
    async stop() {
      run.child.kill('SIGTERM');
      const { code } = await run.exited;
      return { code, stderr: run.stderr() };
    },
  };
}
