import { realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type Confinement, isInside } from '../../config/index.js';
import { compareStrings } from '../../model/compare.js';
import { printable } from '../../model/text.js';
import type { PlanSource } from '../../plan/types.js';
import { CliError } from '../exit-codes.js';

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
 * A plan written with `--out` records its paths relative to the root, and `apply --plan` loads only files that
 * really lie inside it (savedPlanConfinement): a PATH outside the root, or one that a symbolic link takes out of
 * it, is refused before the plan is made, since its plan could never be applied. Returns where every file the
 * plan loads must lie: a link out below a PATH is then a problem of the loading, as it is for `apply --plan`.
 */
export async function assertSavable(paths: readonly string[], cwd: string): Promise<Confinement> {
  const root = await repositoryRoot(cwd);
  const recorded = sourcePaths(paths, cwd, root);
  const outside = recorded.filter((path) => isAbsolute(path));
  if (outside.length > 0)
    throw new CliError(
      `--out: a saved plan records its desired-state paths relative to ${describeRoot(root)}, and ` +
        `${outside.join(', ')} ${outside.length === 1 ? 'lies' : 'lie'} outside it. Run edgeplan from inside the ` +
        'repository that holds the desired state.',
    );
  const confine = await savedPlanConfinement(root);
  const linked = await leavingRoot(recorded, root, confine);
  if (linked.length > 0)
    throw new CliError(
      `--out: ${quotedPaths(linked)} ${linked.length === 1 ? 'leads' : 'lead'} out of ${describeRoot(root)} ` +
        `through a symbolic link: ${confine.why} Nothing was read or sent. Plan from the files inside the ` +
        'repository, or without --out.',
    );
  return confine;
}

/**
 * Where every file of a saved plan must really lie, links followed: its root. `plan --out` and `apply --plan`
 * both load through it, so a file a link takes out of the repository is refused when the plan is made, never
 * first when it is applied (a green pull request, a red merge). Why a link out is refused rather than followed:
 * the plan is applied on another machine, from another checkout, where the link leads to whatever that machine
 * has there (or to nothing): the plan reviewed would not be the desired state applied, and the file could be any
 * file of the machine that applies.
 */
export async function savedPlanConfinement(root: RepositoryRoot): Promise<Confinement> {
  return { dir: await realpath(root.dir), description: describeRoot(root), why: SAVED_PLAN_FILES };
}

const SAVED_PLAN_FILES =
  'a saved plan is made and applied from files inside it alone, and a link out leads elsewhere on the machine ' +
  'that applies.';

/** The recorded paths whose real path (links followed) is outside the root; a path that does not exist is not. */
export async function leavingRoot(
  recorded: readonly string[],
  root: RepositoryRoot,
  confine: Confinement,
): Promise<string[]> {
  const outside: string[] = [];
  for (const path of recorded) {
    const real = await realpath(join(root.dir, ...path.split('/'))).catch(() => null);
    if (real !== null && !isInside(real, confine.dir)) outside.push(path);
  }
  return outside;
}

/** `"dns", "waf/shop.yaml"`: paths in messages, escaped. */
export function quotedPaths(paths: readonly string[]): string {
  return paths.map((path) => `"${printable(path)}"`).join(', ');
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
