import { execFile } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { findYamlFiles } from '../../config/index.js';
import { parseYamlFile } from '../../config/read/parse-yaml.js';
import { toPlain } from '../../config/read/positioned.js';
import { printable } from '../../model/text.js';
import { UsageError } from '../exit-codes.js';
import { type ChangedTargets, changedTargets, type FileVersions, UNREADABLE } from './changed-targets.js';

/**
 * `plan --changed-since REF`, the git side: the desired-state files that differ between the commit REF names and
 * the working tree (`git diff REF`, staged, unstaged and untracked files included; a renamed file is its old path
 * deleted and its new one added), each read at REF (`git show`) and today, and what that changed
 * (changed-targets.ts). Only git is asked, never a service. Not a repository, no git, or a REF that names no commit
 * here (a shallow clone may not have it) is a usage error: nothing is read.
 */
export interface GitChanges {
  /** The commit REF names, in full. */
  commit: string;
  changed: ChangedTargets;
}

export async function gitChanges(ref: string, paths: readonly string[], cwd: string): Promise<GitChanges> {
  if (ref.trim() === '' || ref.startsWith('-'))
    throw new UsageError(
      `--changed-since ${JSON.stringify(ref)}: expected a git revision (a branch, tag or commit)`,
    );
  const top = await git(['rev-parse', '--show-toplevel'], cwd).catch((error: unknown) => {
    throw new UsageError(
      `--changed-since needs a git repository: ${printable(cwd)} is not in one (${gitProblem(error)})`,
    );
  });
  const root = await realpath(top.trim());
  const commit = (
    await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root).catch(() => {
      throw new UsageError(
        `--changed-since ${printable(ref)}: no such commit in this repository (a shallow clone has only the commits it fetched: fetch the base, e.g. fetch-depth: 0)`,
      );
    })
  ).trim();
  const listed = [
    ...nulSeparated(await git(['diff', '--name-only', '--no-renames', '-z', commit, '--'], root)),
    ...nulSeparated(await git(['ls-files', '--others', '--exclude-standard', '-z'], root)),
  ];
  const given = (paths.length > 0 ? paths : ['.']).map((path) => resolve(cwd, path));
  const loaded = await loadedFiles(given);
  const outside = [...loaded].find((file) => !inside(root, file));
  if (outside !== undefined)
    return {
      commit,
      changed: { all: true, reason: `${printable(outside)} is outside the git repository` },
    };
  const files: FileVersions[] = [];
  for (const path of [...new Set(listed)].sort()) {
    const absolute = join(root, path);
    const now = await realpath(absolute).catch(() => undefined);
    const desired = now === undefined ? wasDesiredState(absolute, given) : loaded.has(now);
    if (!desired) continue;
    const before = await git(['show', `${commit}:${path}`], root).then(
      (text) => yamlValue(path, text),
      () => undefined,
    );
    const after = now === undefined ? undefined : yamlValue(path, await readFile(now, 'utf8'));
    files.push({ path, before, after });
  }
  return { commit, changed: changedTargets(files) };
}

/** The desired-state files `paths` load today, by real path. */
async function loadedFiles(given: readonly string[]): Promise<Set<string>> {
  const { files } = await findYamlFiles(given);
  const real = await Promise.all(files.map((file) => realpath(file).catch(() => resolve(file))));
  return new Set(real);
}

/** A path that no longer exists: would a desired-state path have loaded it (a YAML file named, or below one)? */
function wasDesiredState(absolute: string, given: readonly string[]): boolean {
  if (!/\.ya?ml$/i.test(absolute) || basename(absolute).startsWith('sandbox-seed.')) return false;
  return given.some((path) => {
    if (path === absolute) return true;
    const below = relative(path, absolute);
    return inside(path, absolute) && below.split(sep).every((part) => !part.startsWith('.'));
  });
}

function inside(dir: string, path: string): boolean {
  const below = relative(dir, path);
  return below !== '' && below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
}

/** A file's YAML as plain data; undefined for an empty file; UNREADABLE for one with YAML errors. */
function yamlValue(path: string, text: string): unknown {
  const parsed = parseYamlFile(path, text);
  if (parsed.root === null) return parsed.diagnostics.length > 0 ? UNREADABLE : undefined;
  return toPlain(parsed.root);
}

function nulSeparated(text: string): string[] {
  return text.split('\0').filter((path) => path !== '');
}

/** Runs git in `cwd`; rejects on a non-zero exit. Output is at most MAX_GIT_OUTPUT bytes. */
function git(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolveText, reject) => {
    execFile('git', args, { cwd, maxBuffer: MAX_GIT_OUTPUT, encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolveText(stdout),
    );
  });
}

const MAX_GIT_OUTPUT = 256 * 1024 * 1024;

function gitProblem(error: unknown): string {
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 'git is not installed';
  const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : '';
  return printable(stderr.split('\n')[0] || 'git failed');
}
