import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A unit test takes milliseconds: these defaults are hundreds of times that. A file whose tests or hooks take
    // longer (flows against the emulator, child processes, property runs) says so at its top with its own budget,
    // ten times what it was measured to take (`vi.setConfig`, or per test); docs/testing.md says how.
    testTimeout: 5_000,
    hookTimeout: 10_000,
  },
});
