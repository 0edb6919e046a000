// The tests Stryker runs against each mutant: the unit tests (vitest.unit.config.ts), fast and in process. The flows
// against the emulator (integration, workflows, chaos, conformance) and the emulator's own tests stay out: they take
// minutes per run and Stryker runs the covering tests once per mutant. Their shared module graph (`isolate: false`)
// suits Stryker, which switches mutants at run time (a global the instrumented code reads), so nothing needs
// re-importing per mutant: it makes a mutant about four times faster.
export { default } from './vitest.unit.config.js';
