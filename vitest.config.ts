import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TIMEOUTS, UNIT_TESTS } from './vitest.unit.config.js';

export default defineConfig({
  test: {
    // One timeout policy for the unit tests and the flows, in every run (vitest.unit.config.ts).
    ...TIMEOUTS,
    // vitest runs one file per core but one (one at a time on 2 cores). Many files spend most of their time waiting
    // on processes they started (the built CLI, pdns_server, named, knotd, dig, git, npm) or on delays they set, so
    // one file more than there are cores keeps them busy: on a quiet 2-core machine, two files at once took 423 s
    // (549 CPU-s, the cores 65 % busy), three 321 s (566 CPU-s). Every file is safe beside others (temp dirs, free
    // ports, a lock around the build), and every timing budget allows ten times a file's time at load 15.
    maxWorkers: availableParallelism() + 1,
    // Two projects in one run. The unit tests share one module graph (`isolate: false`, as in `npm run test:unit`):
    // importing the sources is most of their time, and they keep no state in modules between files. Every other
    // file (servers, child processes, the emulator in process, signals) gets a fresh module graph of its own.
    // The unit files run first, all of them: a worker process may go on to flow files, and a flow file's own copy
    // of nock, loaded after the unit files' shared one, must not sit in front of it (their mocks went unmatched).
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: UNIT_TESTS, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'flows',
          include: ['test/**/*.test.ts'],
          exclude: UNIT_TESTS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
