import picomatch from 'picomatch';
import { writtenNameProblem, writtenRelativeName } from './names.js';

/**
 * `unmanaged` globs: picomatch syntax on names relative to their zone (`@` is the apex), matched
 * case-insensitively with `dot: true`. A name that matches is never created, changed or deleted. Users write them
 * as record names are written (`unmanagedNameGlob`): relative, or absolute with the trailing dot.
 */
const OPTIONS = { dot: true, nocase: true } satisfies picomatch.PicomatchOptions;

const matchers = new WeakMap<readonly string[], picomatch.Matcher>();

/** True when `relativeName` (as `relativeName()` in model/names.ts returns it) matches one of `globs`. */
export function isUnmanaged(relativeName: string, globs: readonly string[]): boolean {
  if (globs.length === 0) return false;
  let matcher = matchers.get(globs);
  if (!matcher) {
    matcher = picomatch([...globs], OPTIONS);
    matchers.set(globs, matcher);
  }
  return matcher(relativeName);
}

/** Why `glob` cannot be used (an unbalanced bracket or parenthesis), or null when it compiles. */
export function globProblem(glob: string): string | null {
  try {
    picomatch.makeRe(glob, { ...OPTIONS, strictBrackets: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The name glob of an `unmanaged` entry as written → the glob on relative names that `isUnmanaged` takes, or why it
 * cannot be used. Written as record names are (model/names.ts `writtenNameProblem`): relative (`www`, `_acme-*`,
 * `@`), or absolute with the trailing dot and inside the zone (`www.example.com.` → `www`, `example.com.` → `@`).
 */
export function unmanagedNameGlob(written: string, zone: string): { glob: string } | { problem: string } {
  const problem = writtenNameProblem(written, zone);
  if (problem) return { problem };
  const glob = writtenRelativeName(written, zone);
  const compiles = globProblem(glob);
  return compiles ? { problem: compiles } : { glob };
}
