import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { type Diagnostic, pushAll } from '../../model/diagnostic.js';

/** A path below a given directory that was not loaded, and why: never skipped without a word. */
export interface SkippedPath {
  path: string;
  reason: string;
}

export interface FoundFiles {
  /** Paths as diagnostics show them: the caller's path, joined with the path below it for a directory. */
  files: string[];
  diagnostics: Diagnostic[];
  /** Sorted by path. */
  skipped: SkippedPath[];
}

const YAML_FILE = /\.ya?ml$/i;

/**
 * Emulator seed files (`sandbox-seed.yaml`, the account of `--sandbox --seed`) are not desired state: directory
 * loading skips them, with a note, when one sits inside a desired-state folder. Naming such a file explicitly still
 * loads it.
 */
const NOT_DESIRED_STATE = new Set(['sandbox-seed.yaml', 'sandbox-seed.yml']);

/**
 * Expands paths in the given order: a file is taken as is (any extension); a directory gives every `*.yaml` and
 * `*.yml` file below it, sorted by relative path. Symbolic links are followed, to files and to directories; a
 * directory reached again (named twice, through a link, in a loop) is searched once, a file reached twice is loaded
 * once.
 *
 * Every YAML file, directory or link below a directory that is not loaded is named in `skipped` with the reason:
 * hidden names (a leading dot), `node_modules`, emulator seeds, loops and repeats, directories without YAML. Other
 * files (a README) are not desired state and pass unmentioned. A link whose target does not exist, and a missing
 * path or a directory with no YAML file at all, are diagnostics: a file that cannot be read must never turn into
 * the deletes of the records it holds.
 */
export async function findYamlFiles(paths: readonly string[], confine?: Confinement): Promise<FoundFiles> {
  const found = new Walk(confine);
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (!info.isDirectory()) {
        await found.addFile(path);
        continue;
      }
      const below = await found.givenDirectory(path);
      if (below === undefined) continue;
      if (below.length === 0)
        found.diagnostics.push(problem(path, 'no *.yaml or *.yml file in this directory'));
      for (const file of below.sort(compare)) await found.addFile(file);
    } catch (error) {
      found.diagnostics.push(problem(path, `cannot read: ${errorText(error)}`));
    }
  }
  const skipped = found.skipped.sort((a, b) => compare(a.path, b.path));
  return { files: found.files, diagnostics: found.diagnostics, skipped };
}

/**
 * Where every file loaded must really lie (its real path, links followed), and how messages name that place: the
 * repository a saved plan belongs to. A file outside it is a problem and is not read.
 */
export interface Confinement {
  /** A real path (realpath). */
  dir: string;
  /** `the git repository at /repo`. */
  description: string;
  /** Why nothing outside is read, ending the problem's message; absent: the message says only that it was not. */
  why?: string;
}

class Walk {
  constructor(private readonly confine?: Confinement) {}

  readonly files: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly skipped: SkippedPath[] = [];
  /** Real path → the path it was first reached by, for files and searched directories. */
  private readonly seen = new Map<string, string>();

  async addFile(path: string): Promise<void> {
    const real = await realpath(path);
    const first = this.seen.get(real);
    if (first !== undefined) {
      if (first !== path) this.skip(path, `the same file as ${first}, loaded once`);
      return;
    }
    if (this.confine && !isInside(real, this.confine.dir)) {
      this.diagnostics.push(
        problem(
          path,
          `lies outside ${this.confine.description} (through a symbolic link); it was not read` +
            (this.confine.why === undefined ? '' : `: ${this.confine.why}`),
        ),
      );
      return;
    }
    this.seen.set(real, path);
    this.files.push(path);
  }

  /**
   * The YAML files below a directory given by the caller, or `undefined` when it was searched already: by the same
   * path (said nothing of, like a file named twice), or by another (named in `skipped`).
   */
  async givenDirectory(path: string): Promise<string[] | undefined> {
    const real = await realpath(path);
    const first = this.seen.get(real);
    if (first === undefined) return this.directory(path, [real]);
    if (first !== path) this.skip(path, `the same directory as ${first}, searched once`);
    return undefined;
  }

  /**
   * The YAML files below `dir` (to be added in path order); `ancestors` are the real paths of the directories
   * being searched, `dir`'s last.
   */
  async directory(dir: string, ancestors: readonly string[]): Promise<string[]> {
    const [real] = ancestors.slice(-1);
    // Stryker disable next-line ConditionalExpression: equivalent, `ancestors` always ends with `dir`'s real path
    if (real !== undefined) this.seen.set(real, dir);
    const entries = await readdir(dir, { withFileTypes: true });
    const files: string[] = [];
    for (const entry of entries) pushAll(files, await this.entry(join(dir, entry.name), entry, ancestors));
    return files;
  }

  private async entry(path: string, entry: Dirent, ancestors: readonly string[]): Promise<string[]> {
    const yaml = YAML_FILE.test(entry.name);
    if (entry.name.startsWith('.')) {
      if (yaml || entry.isDirectory() || entry.isSymbolicLink())
        this.skip(path, 'hidden (its name starts with a dot)');
      return [];
    }
    if (entry.name === 'node_modules') return this.skip(path, 'node_modules is never searched');
    let kind = kindOf(entry);
    // Stryker disable next-line ConditionalExpression: equivalent, stat of what is not a link gives the kind above
    if (entry.isSymbolicLink()) {
      try {
        kind = kindOf(await stat(path));
      } catch (error) {
        this.diagnostics.push(problem(path, `cannot follow this symbolic link: ${errorText(error)}`));
        return [];
      }
    }
    if (kind === 'directory') return this.subdirectory(path, ancestors);
    if (!yaml) return [];
    if (kind === 'other') return this.skip(path, 'not a regular file');
    if (NOT_DESIRED_STATE.has(entry.name))
      return this.skip(path, `an emulator account (${entry.name}), not desired state`);
    return [path];
  }

  private async subdirectory(path: string, ancestors: readonly string[]): Promise<string[]> {
    const real = await realpath(path);
    if (ancestors.includes(real))
      return this.skip(path, `a link back to ${this.seen.get(real) ?? real}, which is searched already`);
    const first = this.seen.get(real);
    if (first !== undefined) return this.skip(path, `the same directory as ${first}, searched once`);
    const files = await this.directory(path, [...ancestors, real]);
    if (files.length === 0) this.skip(path, 'no *.yaml or *.yml file below it');
    return files;
  }

  /** Records why `path` is not loaded; nothing is found there. */
  private skip(path: string, reason: string): string[] {
    this.skipped.push({ path, reason });
    return [];
  }
}

function kindOf(info: { isDirectory(): boolean; isFile(): boolean }): 'file' | 'directory' | 'other' {
  if (info.isDirectory()) return 'directory';
  if (!info.isFile()) return 'other';
  // Stryker disable next-line StringLiteral: equivalent, only a directory and what is not a file are told apart
  return 'file';
}

function problem(file: string, message: string): Diagnostic {
  return { file, line: 1, col: 1, message };
}

export function errorText(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ELOOP') return 'too many levels of symbolic links';
  return error instanceof Error ? error.message : String(error);
}

/** `path` is `dir` or below it; both real paths. */
export function isInside(path: string, dir: string): boolean {
  const below = relative(dir, path);
  return below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
