/**
 * `npm run test:load [-- --times N] [-- --burners N] [-- --nice N] [-- <test files>]`: runs test files while the
 * machine is busy, as a shared or small CI runner is. One CPU burner per core (a busy loop at normal priority) runs
 * beside vitest, which runs at `nice` N (default 10: it gets roughly a tenth of each core the burners want), so
 * every test takes several times its quiet time. Without files, the timing-sensitive ones: races between
 * processes, kills and signals at points of a run, the chaos runs, and the files that once failed only under load.
 * `--times N` runs them N times in a row and stops at the first failure. Prints, per run, wall time and the CPU
 * time of vitest and everything it started (GNU time); exits with vitest's status. The burners always stop.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TIMING_SENSITIVE = [
  'test/chaos/concurrent.test.ts',
  'test/chaos/conflict-signs.test.ts',
  'test/chaos/crash.test.ts',
  'test/chaos/interrupt.test.ts',
  'test/chaos/zonefile-interrupt.test.ts',
  'test/chaos/chaos.test.ts',
  'test/chaos/server-chaos.test.ts',
  'test/chaos/server-crash.test.ts',
  'test/integration/pdns-race.test.ts',
  'test/integration/zone-file-upload.test.ts',
  'test/architecture/layers.test.ts',
];

const TIME = '/usr/bin/time';

function options(argv) {
  const flags = { times: 1, burners: availableParallelism(), nice: 10 };
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]?.replace(/^--/, '');
    if (argv[i]?.startsWith('--') && name && name in flags) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
      flags[name] = value;
    } else if (argv[i]) files.push(argv[i]);
  }
  return { ...flags, files: files.length > 0 ? files : TIMING_SENSITIVE };
}

function burn(count) {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

/** One vitest run of `files` at `nice`, under GNU time when the machine has it; resolves with its exit status. */
function run(files, nice) {
  const vitest = ['nice', '-n', String(nice), 'npx', 'vitest', 'run', ...files];
  const format = 'suite under load: %e s wall, %U s user + %S s system CPU (vitest and all it started)';
  const command = existsSync(TIME) ? [TIME, '-f', format, ...vitest] : vitest;
  return new Promise((resolve) => {
    // Its own process group, so that a stop ends vitest and everything it started (workers, test processes).
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', detached: true });
    running = child;
    child.on('close', (code, signal) => {
      running = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The vitest run under way, if any. */
let running;

const { times, burners, nice, files } = options(process.argv.slice(2));
const busy = burn(burners);
const stop = () => {
  for (const burner of busy) burner.kill('SIGKILL');
  if (running?.pid) process.kill(-running.pid, 'SIGTERM');
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
process.stdout.write(
  `Under load: ${burners} CPU burner(s), vitest at nice ${nice}, ${times} time(s): ${files.join(' ')}\n`,
);
let status = 0;
for (let i = 1; i <= times && status === 0; i++) {
  const started = performance.now();
  status = await run(files, nice);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`run ${i} of ${times}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
}
stop();
process.exit(status);
