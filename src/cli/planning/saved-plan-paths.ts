import { realpath } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  type Confinement,
  type DeclaredElsewhere,
  declaredElsewhere,
  findYamlFiles,
  type WholeStateSection,
} from '../../config/index.js';
import { type Target, targetText } from '../../model/target.js';
import { printable } from '../../model/text.js';
import type { SavedPlan } from '../../plan/review/plan-file.js';
import { CliError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { SavedPlanPlace } from './load.js';
import {
  describeRoot,
  leavingRoot,
  loadablePath,
  quotedPaths,
  repositoryRoot,
  savedPlanConfinement,
  sourcePaths,
} from './source-paths.js';

/**
 * Which files the desired state of a saved plan is read from (`apply --plan FILE [PATH...]`). A plan file may come
 * from anyone who can push a branch (the shipped workflows upload it from a pull request), so it never chooses
 * files on its own:
 * - its recorded paths are relative to the repository root and stay inside it: nothing absolute, no `..`, no
 *   empty or `.` segment, and no symbolic link out of it (real paths compared; nothing outside is read, below a
 *   recorded directory either, PATH given or not: `plan --out` took the same decision, source-paths.ts);
 * - a PATH given must be exactly those paths: whoever runs apply says where the desired state is;
 * - without PATH the recorded paths must hold the whole desired state of every target the plan changes: a YAML
 *   file elsewhere in the repository that declares such a target, or gives `settings:` or `providers:` (which
 *   shape every target: approvals, lint strictness, ownership, where zones are), refuses the plan, which was made
 *   from a subset and would be applied under other settings than the repository's;
 * - a file loaded from the plan's paths alone that is not desired state is refused with nothing of it shown
 *   (`untrusted`, config's `untrustedPaths`).
 * A file without `source` (made before plans recorded it) loads PATH, default `.`, as given.
 */
export interface SavedPlanFiles {
  paths: string[];
  /** Where every loaded file must lie, and whether the paths are the plan's alone; absent without `source`. */
  place?: SavedPlanPlace;
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
    throw new CliError('EP5103', `refusing to apply ${file}: ${why} Nothing was read or sent. ${fix}`);
  };
  const malformed = recorded.filter((path) => !isRecordable(path));
  if (malformed.length > 0)
    refuse(
      `its desired-state paths must be relative to ${describeRoot(root)} and lie inside it; ${quotedPaths(malformed)} ` +
        `${malformed.length === 1 ? 'does' : 'do'} not.`,
      'Plan again from the desired state in this repository.',
    );
  const confine = await savedPlanConfinement(root);
  const outside = await leavingRoot(recorded, root, confine);
  if (outside.length > 0)
    refuse(
      `${quotedPaths(outside)} ${outside.length === 1 ? 'leads' : 'lead'} out of ${describeRoot(root)} through a ` +
        `symbolic link: ${confine.why}`,
      'Plan again from the desired state in this repository.',
    );
  const loadable = recorded.map((path) => loadablePath(path, io.cwd, root));
  if (paths.length > 0) {
    const given = sourcePaths(paths, io.cwd, root);
    if (given.join('\n') !== recorded.join('\n'))
      refuse(
        `it was made from ${quotedPaths(recorded)}, not from ${quotedPaths(given)} (paths relative to ${describeRoot(root)}).`,
        `Run \`edgeplan apply --plan ${file}\` without PATH to load the paths it was made from, or plan again from these paths.`,
      );
    return { paths: loadable, place: { confine, untrusted: false } };
  }
  const elsewhere = await declaredElsewhere(
    confine,
    await realFiles(loadable, io, confine),
    changedTargets(saved),
  );
  if (elsewhere.length > 0) {
    const lines = elsewhere.map(
      (found) => `  ${printable(relative(confine.dir, found.file))} declares ${declaration(found)}`,
    );
    refuse(
      `it was made from ${quotedPaths(recorded)}, which ${recorded.length === 1 ? 'does' : 'do'} not hold the whole ` +
        `desired state of what it changes:\n${lines.join('\n')}\n${consequence(elsewhere)}`,
      'Plan again from the whole desired state, or pass the desired-state PATH the plan was made from.',
    );
  }
  return { paths: loadable, place: { confine, untrusted: true } };
}

/** `.`, or `/`-separated names none of which is empty, `.` or `..`, with no `\`, NUL or drive letter. */
function isRecordable(path: string): boolean {
  if (path === '.') return true;
  if (/[\\\0]/.test(path) || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The real paths of the files the plan's paths load (what the check of other files leaves out). */
async function realFiles(paths: readonly string[], io: CliIo, confine: Confinement): Promise<Set<string>> {
  const { files } = await findYamlFiles(
    paths.map((path) => join(io.cwd, path)),
    confine,
  );
  return new Set(await Promise.all(files.map((found) => realpath(found))));
}

/** What a file left out declares: a target the plan changes, or a section that shapes all of them. */
function declaration(found: DeclaredElsewhere): string {
  if ('target' in found) return printable(targetText(found.target));
  return `${found.section}:, ${SECTION_REACH[found.section]}`;
}

const SECTION_REACH: Readonly<Record<WholeStateSection, string>> = {
  settings:
    'which shape every target (the changes that need approval, the warnings that are errors, ownership)',
  providers: 'which say where every zone is served from',
};

/** Why applying without the files left out is refused: what it would undo, and what it would ignore. */
function consequence(elsewhere: readonly DeclaredElsewhere[]): string {
  const one = new Set(elsewhere.map((found) => found.file)).size === 1;
  const effects = [
    ...(elsewhere.some((found) => 'target' in found)
      ? [`undo what ${one ? 'that file declares' : 'those files declare'}`]
      : []),
    ...(elsewhere.some((found) => 'section' in found)
      ? ["go by other settings than the repository's, without the approvals they ask for"]
      : []),
  ];
  return `Applying it would ${effects.join(' and ')}.`;
}

function changedTargets(saved: SavedPlan): Target[] {
  return saved.steps.map((step) => step.target);
}
