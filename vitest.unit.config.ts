import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the unit tests, the fast subset for everyday work (well under a minute on 2 cores). The pure
// logic and the HTTP clients against nock, in process: test/{model,config,plan,engine,providers,import,connect}, and the
// DNS wire's checks (TSIG, served answers, which answers a query takes, the wait), some against sockets on 127.0.0.1.
// Everything that starts the emulator, a CLI flow, a workflow, a shell or a real server (test/{integration,cli,workflows,chaos,
// conformance,emulator,library,architecture}) is left to `npm test`; the PowerDNS client tests under
// test/providers start a pdns_server where one is installed.
//
// `isolate: false` shares one module graph across test files: importing is most of the run, and these tests keep no
// state in modules between files (no `vi.mock`). Mutation testing runs the same set (vitest.mutation.config.ts).
/** The unit tests' files: `npm run test:unit` runs them; `npm test` runs them as its `unit` project. */
export const UNIT_TESTS = [
  'test/{model,config,plan,engine,providers,import,connect}/**/*.test.ts',
  // DNS on the wire: TSIG, what an answer serves, which answers a query takes (servers on sockets on 127.0.0.1, the
  // query's deadline on a fake clock), the wait (on a fake clock; only its two spoof races on sockets), and which
  // servers answer for a zone (a resolver played on 127.0.0.1).
  'test/dns-wire/{tsig,tsig-verifier,served,query-answers,svcb,rdata,rdata-octets,update,sshfp-records}.test.ts',
  'test/verify/{ask,wait,servers}.test.ts',
  // The heap and compiler settings the CLI gives itself (pure).
  'test/cli/heap-policy.test.ts',
  'test/cli/compiler-policy.test.ts',
  // plan --changed-since: which targets a change to the desired-state files changes (pure).
  'test/cli/planning/changed-targets.test.ts',
];

/**
 * The one timeout policy, for `npm test` (vitest.config.ts), `npm run test:unit` and mutation testing alike: a unit
 * test takes milliseconds, and these defaults are hundreds of times that. A file whose tests or hooks take longer
 * (flows, child processes, property runs) says so at its top with its own budget, ten times what it was measured to
 * take (`vi.setConfig`, or per test); docs/testing.md says how.
 */
export const TIMEOUTS = { testTimeout: 5_000, hookTimeout: 10_000 };

export default defineConfig({
  test: {
    include: UNIT_TESTS,
    isolate: false,
    ...TIMEOUTS,
  },
});
