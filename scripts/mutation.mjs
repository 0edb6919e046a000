/**
 * `npm run mutation [-- <stryker options>]`: `stryker run`, with its `--testFiles` (`-t`) turned into
 * EDGEPLAN_MUTATION_TESTS, which narrows the tests in vitest.mutation.config.ts instead. Stryker's own option makes
 * it switch every mutant on at run time, after the tests have imported the mutated module: a static mutant (code
 * that runs at import: a module-level constant, a regex literal) then survives whatever the tests do.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const rest = [];
const tests = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--testFiles' || arg === '-t') tests.push(args[++i] ?? '');
  else if (arg.startsWith('--testFiles=')) tests.push(arg.slice('--testFiles='.length));
  else rest.push(arg);
}
const env = tests.length > 0 ? { ...process.env, EDGEPLAN_MUTATION_TESTS: tests.join(',') } : process.env;
const run = spawnSync('npx', ['stryker', 'run', ...rest], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
