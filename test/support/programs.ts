/**
 * Programs some tests run (shellcheck, bash, zsh, fish, pdns_server, dig): where they are, and whether a test that
 * needs one runs here. Without it a test skips, saying why, on a developer's machine; in CI (`CI` set) a missing
 * program is an error, never a skip, since `.ci/run` installs what the tests need.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where `name` is: on PATH, or in the sbin directories a non-root PATH may lack. */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  return dirs
    .filter((dir) => dir.startsWith('/'))
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path));
}

/**
 * Why a test needing `names` cannot run here (`install` says how to get them), or null when every one is found.
 * Throws instead in CI, where the test must run.
 */
export function missingPrograms(names: readonly string[], install: string): string | null {
  const missing = names.filter((name) => findProgram(name) === undefined);
  if (missing.length === 0) return null;
  const reason = `${missing.join(', ')} not installed (${install})`;
  if (process.env.CI) throw new Error(`these tests must run in CI, but ${reason}`);
  return reason;
}
