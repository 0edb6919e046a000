import picomatch from 'picomatch';

/**
 * `unmanaged` globs: picomatch syntax on names relative to their zone (`@` is the apex), matched
 * case-insensitively with `dot: true`. A name that matches is never created, changed or deleted.
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
