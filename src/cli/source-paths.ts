import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { compareStrings } from '../model/compare.js';
import type { PlanSource } from '../plan/types.js';
import { CliError } from './exit-codes.js';

/**
 * The desired-state paths a saved plan records (`PlanSource`): relative to the repository root, so that the plan
 * made in a pull request's checkout loads the same files in the checkout that applies it, whatever the working
 * directory. The root is the nearest directory at or above the working directory that holds `.git` (a directory,
 * or the file of a linked worktree or submodule): no git command is run. Outside a repository it is the working
 * directory.
 */
export interface RepositoryRoot {
  kind: PlanSource['root'];
  dir: string;
}

export async function repositoryRoot(cwd: string): Promise<RepositoryRoot> {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (await exists(join(dir, '.git'))) return { kind: 'git', dir };
    if (dirname(dir) === dir) return { kind: 'cwd', dir: resolve(cwd) };
  }
}

/** How `PATH...` (default `.`) is recorded: `/`-separated, relative to the root, absolute outside it; sorted, once. */
export function sourcePaths(paths: readonly string[], cwd: string, root: RepositoryRoot): string[] {
  const recorded = (paths.length > 0 ? paths : ['.']).map((path) => {
    const absolute = resolve(cwd, path);
    const inside = relative(root.dir, absolute);
    if (inside === '') return '.';
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return slashes(absolute);
    return slashes(inside);
  });
  return [...new Set(recorded)].sort(compareStrings);
}

export async function planSource(paths: readonly string[], cwd: string): Promise<PlanSource> {
  const root = await repositoryRoot(cwd);
  return { root: root.kind, paths: sourcePaths(paths, cwd, root) };
}

/**
 * A plan written with `--out` records its paths relative to the root, and `apply --plan` refuses any path outside
 * it: such a PATH is refused before the plan is made, since its plan could never be applied.
 */
export async function assertSavable(paths: readonly string[], cwd: string): Promise<void> {
  const root = await repositoryRoot(cwd);
  const outside = sourcePaths(paths, cwd, root).filter((path) => isAbsolute(path));
  if (outside.length > 0)
    throw new CliError(
      `--out: a saved plan records its desired-state paths relative to ${describeRoot(root)}, and ` +
        `${outside.join(', ')} ${outside.length === 1 ? 'lies' : 'lie'} outside it. Run edgeplan from inside the ` +
        'repository that holds the desired state.',
    );
}

/** A recorded path as the working directory reaches it (what loading and messages use). */
export function loadablePath(recorded: string, cwd: string, root: RepositoryRoot): string {
  const absolute = isAbsolute(recorded) ? recorded : join(root.dir, ...recorded.split('/'));
  return relative(cwd, absolute) || '.';
}

/** `the git repository at /repo`, `the working directory /x`: where recorded paths start. */
export function describeRoot(root: RepositoryRoot): string {
  return root.kind === 'git' ? `the git repository at ${root.dir}` : `the working directory ${root.dir}`;
}

/** A path with `/` separators, as plans record paths on every platform. */
export function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
