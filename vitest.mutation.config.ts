import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant: the unit tests of the core (fast, in-process). The flows against the
// emulator (integration, workflows, chaos, conformance) and the emulator's own tests stay out: they take minutes per
// run and Stryker runs the covering tests once per mutant.
export default defineConfig({
  test: {
    include: ['test/{plan,config,apply,providers,model}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
