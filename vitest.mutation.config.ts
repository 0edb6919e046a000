import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant: the unit tests of the core (fast, in-process). The flows against the
// emulator (integration, workflows, chaos, conformance) and the emulator's own tests stay out: they take minutes per
// run and Stryker runs the covering tests once per mutant.
//
// `isolate: false` shares one module graph across test files. Stryker switches mutants at run time (a global the
// instrumented code reads), so nothing needs re-importing per mutant, and importing is most of a run: it makes a
// mutant about four times faster. It holds because these unit tests keep no state in modules between files (no
// `vi.mock`); the whole set passes this way.
export default defineConfig({
  test: {
    include: ['test/{plan,config,apply,providers,model,import}/**/*.test.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
