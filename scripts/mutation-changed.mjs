/**
 * `npm run mutation:changed [-- --base REF] [-- <stryker options>]`: mutation-tests only the core files (the
 * `mutate` globs of stryker.config.mjs) that differ from REF (default `main`; committed or not). Prints which, runs
 * Stryker on them, exits with its status; exits 0 at once when no core file changed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import picomatch from 'picomatch';
import config from '../stryker.config.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--base');
const base = at >= 0 ? args[at + 1] : 'main';
const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;

const git = (...argv) => execFileSync('git', argv, { encoding: 'utf8' }).trim();
const since = git('merge-base', 'HEAD', base);
const changed = [
  ...git('diff', '--name-only', '--diff-filter=AMR', since).split('\n'),
  ...git('ls-files', '--others', '--exclude-standard', 'src').split('\n'),
].filter(Boolean);
const isCore = picomatch(config.mutate);
const files = [...new Set(changed.filter((file) => isCore(file)))].sort();
if (files.length === 0) {
  process.stdout.write(`No core file differs from ${base}: nothing to mutation-test.\n`);
  process.exit(0);
}
process.stdout.write(`Mutation-testing the core files that differ from ${base}:\n  ${files.join('\n  ')}\n`);
const mutation = new URL('./mutation.mjs', import.meta.url).pathname;
const run = spawnSync(process.execPath, [mutation, '--mutate', files.join(','), ...rest], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
