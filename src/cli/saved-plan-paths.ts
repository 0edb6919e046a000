import { realpath } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type Confinement, declaredElsewhere, findYamlFiles, isInside } from '../config/index.js';
import { type Target, targetText } from '../model/target.js';
import { plural, printable } from '../model/text.js';
import type { SavedPlan } from '../plan/index.js';
import { CliError } from './exit-codes.js';
import type { CliIo } from './io.js';
import {
  describeRoot,
  loadablePath,
  type RepositoryRoot,
  repositoryRoot,
  sourcePaths,
} from './source-paths.js';

/**
 * Which files the desired state of a saved plan is read from (`apply --plan FILE [PATH...]`). A plan file may come
 * from anyone who can push a branch (the shipped workflows upload it from a pull request), so it never chooses
 * files on its own:
 * - its recorded paths are relative to the repository root and stay inside it: nothing absolute, no `..`, no
 *   empty or `.` segment, and no symbolic link out of it (real paths compared; nothing outside is read);
 * - a PATH given must be exactly those paths: whoever runs apply says where the desired state is;
 * - without PATH the recorded paths must hold the whole desired state of every target the plan changes: a YAML
 *   file elsewhere in the repository that declares such a target refuses the plan, which was made from a subset;
 * - a file loaded from the plan's paths alone that is not desired state is refused with nothing of it shown
 *   (`untrusted`, config's `untrustedPaths`).
 * A file without `source` (made before plans recorded it) loads PATH, default `.`, as given.
 */
export interface SavedPlanFiles {
  paths: string[];
  /** Set when the paths are the plan's alone (no PATH given): where every loaded file must lie. */
  untrusted?: Confinement;
}

export async function savedPlanFiles(
  saved: SavedPlan,
  paths: string[],
  file: string,
  io: CliIo,
): Promise<SavedPlanFiles> {
  if (!saved.source) return { paths };
  const root = await repositoryRoot(io.cwd);
  const recorded = saved.source.paths;
  const refuse = (why: string, fix: string): never => {
    throw new CliError(`refusing to apply ${file}: ${why} Nothing was read or sent. ${fix}`);
  };
  const malformed = recorded.filter((path) => !isRecordable(path));
  if (malformed.length > 0)
    refuse(
      `its desired-state paths must be relative to ${describeRoot(root)} and lie inside it; ${quoted(malformed)} ` +
        `${malformed.length === 1 ? 'does' : 'do'} not.`,
      'Plan again from the desired state in this repository.',
    );
  const confine = { dir: await realpath(root.dir), description: describeRoot(root) };
  const outside = await leavingRoot(recorded, root, confine);
  if (outside.length > 0)
    refuse(
      `${quoted(outside)} ${outside.length === 1 ? 'leads' : 'lead'} out of ${describeRoot(root)} through a symbolic link.`,
      'Plan again from the desired state in this repository.',
    );
  const loadable = recorded.map((path) => loadablePath(path, io.cwd, root));
  if (paths.length > 0) {
    const given = sourcePaths(paths, io.cwd, root);
    if (given.join('\n') !== recorded.join('\n'))
      refuse(
        `it was made from ${quoted(recorded)}, not from ${quoted(given)} (paths relative to ${describeRoot(root)}).`,
        `Run \`edgeplan apply --plan ${file}\` without PATH to load the paths it was made from, or plan again from these paths.`,
      );
    return { paths: loadable };
  }
  const elsewhere = await declaredElsewhere(
    confine,
    await realFiles(loadable, io, confine),
    changedTargets(saved),
  );
  if (elsewhere.length > 0) {
    const lines = elsewhere.map(
      ({ file: other, target }) =>
        `  ${printable(relative(confine.dir, other))} declares ${printable(targetText(target))}`,
    );
    refuse(
      `it was made from ${quoted(recorded)}, which ${recorded.length === 1 ? 'does' : 'do'} not hold the whole ` +
        `desired state of what it changes:\n${lines.join('\n')}\n` +
        `Applying it would undo what ${plural(elsewhere.length, 'that file', 'those files')} declare${elsewhere.length === 1 ? 's' : ''}.`,
      'Plan again from the whole desired state, or pass the desired-state PATH the plan was made from.',
    );
  }
  return { paths: loadable, untrusted: confine };
}

/** `.`, or `/`-separated names none of which is empty, `.` or `..`, with no `\`, NUL or drive letter. */
function isRecordable(path: string): boolean {
  if (path === '.') return true;
  if (/[\\\0]/.test(path) || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The recorded paths whose real path (links followed) is outside the root; a path that does not exist is not. */
async function leavingRoot(
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

/** The real paths of the files the plan's paths load (what the check of other files leaves out). */
async function realFiles(paths: readonly string[], io: CliIo, confine: Confinement): Promise<Set<string>> {
  const { files } = await findYamlFiles(
    paths.map((path) => join(io.cwd, path)),
    confine,
  );
  return new Set(await Promise.all(files.map((found) => realpath(found))));
}

function changedTargets(saved: SavedPlan): Target[] {
  return saved.steps.map((step) => step.target);
}

function quoted(paths: readonly string[]): string {
  return paths.map((path) => `"${printable(path)}"`).join(', ');
}
