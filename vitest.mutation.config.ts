import { defineConfig } from 'vitest/config';
import { globList } from './scripts/glob-list.mjs';
import unit from './vitest.unit.config.js';

// The tests Stryker runs against each mutant: the unit tests (vitest.unit.config.ts), fast and in process. The flows
// against the emulator (integration, workflows, chaos, conformance) and the emulator's own tests stay out: they take
// minutes per run and Stryker runs the covering tests once per mutant. Their shared module graph (`isolate: false`)
// suits Stryker, which switches a mutant in a function on at run time (a global the instrumented code reads), so the
// mutated module is imported once per run, not once per test file: it makes a mutant about four times faster.
//
// A static mutant (in code that runs once, at import: a module-level constant, a regex literal, a table) is seen only
// by a module imported with it already on. Stryker gives the tests of each mutant a run of their own that imports
// afresh, shared graph or not, and switches the mutant on before any import, unless its `--testFiles` is given: then
// it switches it on in a `beforeAll`, after the import, and a static mutant survives whatever the tests do. So
// stryker.config.mjs refuses `--testFiles`; `npm run mutation -- --testFiles <globs>` (scripts/mutation.mjs) narrows
// the tests here instead: EDGEPLAN_MUTATION_TESTS, comma-separated globs (a comma inside braces is the glob's own).
const only = globList(process.env.EDGEPLAN_MUTATION_TESTS ?? '');

export default only.length ? defineConfig({ ...unit, test: { ...unit.test, include: only } }) : unit;
