import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ZonefileSetupError } from './errors.js';

/** The file name of a zone when the provider's entry gives no `filename`. */
export const DEFAULT_FILENAME = '{zone}.zone';

/**
 * The largest zone file read when the entry gives no `max_file_mb`: some 200,000 records of usual length, 20 times
 * the largest zone the benchmarks plan. Reading 8 MiB of the shortest records (`h1 A 1.1.1.1`, 527,000 of them)
 * took 0.47 GB of memory and 3.7 CPU-seconds; 32 MiB (a million records) 0.87 GB to read and 2.8 GB to plan.
 */
export const DEFAULT_MAX_FILE_MB = 8;
/** The most `max_file_mb` may say: a million records, near what a default heap can plan. */
export const MAX_FILE_MB = 32;

/** Where a provider's zone files are, and the place they must really lie in. */
export interface ZoneFileLocation {
  /** The directory, absolute (links not yet followed). */
  directory: string;
  /** The repository the directory must lie in (its real path, links followed, is checked before any read). */
  root: string;
  /** How messages name the root: `the git repository at /repo`. */
  rootDescription: string;
  /** The file name pattern; `{zone}` stands for the zone's name. */
  filename: string;
}

/**
 * Where the entry's `directory` is: relative to the directory of the desired-state file that declares the entry
 * (`declaredIn`), so that the same files are meant from whatever directory edgeplan runs, or relative to the working
 * directory for an entry built in code. The root is the git repository that file is in (the nearest directory
 * above it that holds `.git`), or the file's own directory outside a repository.
 */
export function locationOf(
  directory: string,
  filename: string,
  declaredIn: string | undefined,
): ZoneFileLocation {
  // Stryker disable next-line StringLiteral: resolve('') is the working directory too.
  const base = declaredIn === undefined ? resolve('.') : dirname(resolve(declaredIn));
  const root = repositoryRoot(base);
  return {
    directory: resolve(base, directory),
    root: root ?? base,
    rootDescription: root ? `the git repository at ${root}` : `the directory ${base}`,
    filename,
  };
}

function repositoryRoot(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The path of a zone's file. */
export function zoneFilePath(location: ZoneFileLocation, zone: string): string {
  return join(location.directory, location.filename.replace('{zone}', zone));
}

/** A path as plans and messages show it: relative to the root, `/`-separated. */
export function shownPath(location: ZoneFileLocation, path: string): string {
  return (relative(location.root, path) || '.').split(sep).join('/');
}

/** The zone a directory entry is the file of, by the pattern; undefined for any other name. */
export function zoneOfFileName(location: ZoneFileLocation, name: string): string | undefined {
  // Stryker disable next-line StringLiteral: the pattern holds {zone} once (validation), so both parts are there.
  const [before = '', after = ''] = location.filename.split('{zone}');
  if (!name.startsWith(before) || !name.endsWith(after) || name.length <= before.length + after.length)
    return undefined;
  return name.slice(before.length, name.length - after.length);
}

/**
 * Refuses a directory that is missing, is not a directory, or whose real path (links followed) lies outside the
 * root or inside a `.git` directory, and a zone file (`path`, when given and present) that leads out of it or into
 * `.git` through a link: nothing outside the repository, nor git's own files, is read or replaced, as a saved
 * plan's paths stay inside it.
 */
export async function assertInside(location: ZoneFileLocation, path?: string): Promise<void> {
  const shown = shownPath(location, location.directory);
  // Stryker disable next-line ArrowFunction: null and undefined both read as "no directory" below.
  const info = await stat(location.directory).catch(() => null);
  if (!info?.isDirectory())
    throw new ZonefileSetupError(
      `the zone file directory ${shown} (in ${location.rootDescription}) does not exist`,
    );
  const root = await realpath(location.root);
  const directory = await realpath(location.directory);
  if (!isInside(directory, root))
    throw new ZonefileSetupError(
      `the zone file directory ${shown} lies outside ${location.rootDescription}; nothing was read or written`,
    );
  if (inGitDirectory(relative(root, directory)))
    throw new ZonefileSetupError(
      `the zone file directory ${shown} lies ${IN_GIT}; nothing was read or written`,
    );
  // Stryker disable next-line ConditionalExpression: realpath(undefined) rejects, and returns just below.
  if (path === undefined) return;
  // A file not there yet (one the plan creates) has no real path: the directory's, checked above, is its place.
  const real = await realpath(path).catch(() => null);
  if (real === null) return;
  if (!isInside(real, root))
    throw new ZonefileSetupError(
      `the zone file ${shownPath(location, path)} lies outside ${location.rootDescription}; nothing was read or written`,
    );
  if (inGitDirectory(relative(root, real)))
    throw new ZonefileSetupError(
      `the zone file ${shownPath(location, path)} lies ${IN_GIT}; nothing was read or written`,
    );
}

/** Why zone files are never kept in `.git` (the validation message of `directory` says the same). */
export const IN_GIT =
  "inside a .git directory, git's own files (objects, refs, hooks), where edgeplan writes nothing";

/** Whether a relative path has a `.git` part (any case: a case-insensitive file system reads `.GIT` as `.git`). */
export function inGitDirectory(path: string): boolean {
  return path.split(/[\\/]/).some((part) => part.toLowerCase() === '.git');
}

function isInside(path: string, dir: string): boolean {
  const below = relative(dir, path);
  return below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
}
