/**
 * Checkouts for workflow runs: a repository holding the desired state under dns/ and edgeplan installed as a
 * dependency (node_modules/edgeplan with its bin linked in node_modules/.bin), so `npx --no-install edgeplan`
 * resolves it as it would after `npm ci` on GitHub. edgeplan is this checkout's CLI, bundled once as the package
 * ships it (scripts/bundle-cli.mjs).
 */

import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { bundleCli } from '../../scripts/bundle-cli.mjs';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

export type Files = Record<string, string>;

/**
 * Bundles the CLI into `<root>/edgeplan` laid out as the package is: package.json, dist/bin/edgeplan.js, and its
 * dependencies beside it (this checkout's node_modules), as `npm ci` installs them: the bundle loads a few of them
 * (picomatch) only when a run needs them.
 */
export async function installEdgeplan(root: string): Promise<string> {
  const pkg = join(root, 'edgeplan');
  await bundleCli(join(pkg, 'dist/bin'));
  await copyFile(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  await symlink(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
  return pkg;
}

/** Every file of a directory (not below it), by name. */
export async function readFiles(dir: string): Promise<Files> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')])),
  );
}

/** What every checkout holds besides its files: the project that installs edgeplan. */
const PROJECT: Files = {
  'package.json': '{ "private": true, "devDependencies": { "edgeplan": "*" } }\n',
  '.gitignore': 'node_modules/\n',
};

/**
 * A checkout in `dir` with `files` (paths relative to the repository) and edgeplan installed from `edgeplan`. With
 * `base`, it is a git repository of two commits, `base` then `files`, as actions/checkout leaves a pull request's
 * merge commit with `fetch-depth: 2` (HEAD^1 is the base branch).
 */
export async function checkout(dir: string, edgeplan: string, files: Files, base?: Files): Promise<string> {
  await mkdir(dir, { recursive: true });
  await write(dir, PROJECT);
  await install(dir, edgeplan);
  if (base) {
    await write(dir, base);
    await git(dir, 'init', '--quiet');
    await commit(dir, 'base');
    await run('git', ['rm', '-r', '--quiet', '--ignore-unmatch', 'dns'], { cwd: dir });
  }
  await write(dir, files);
  if (base) await commit(dir, 'merge');
  return dir;
}

/** edgeplan installed in a checkout as `npm ci` leaves it: node_modules/edgeplan, its bin linked. */
async function install(dir: string, edgeplan: string): Promise<void> {
  await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
  await symlink(edgeplan, join(dir, 'node_modules/edgeplan'));
  await symlink('../edgeplan/dist/bin/edgeplan.js', join(dir, 'node_modules/.bin/edgeplan'));
}

/**
 * A bare repository in `dir` whose main holds one commit per entry of `commits` (each the whole tree, the project
 * beside it; files named `*.sh` executable, as a repository keeps its scripts), as GitHub holds the repository: what
 * a push-triggered job clones, and where it pushes.
 */
export async function makeOrigin(dir: string, commits: Files[]): Promise<string> {
  const work = `${dir}.work`;
  await mkdir(work, { recursive: true });
  await git(work, 'init', '--quiet', '--initial-branch', 'main');
  for (const [i, files] of commits.entries()) {
    if (i > 0) await run('git', ['rm', '-r', '--quiet', '--ignore-unmatch', '.'], { cwd: work });
    await write(work, { ...PROJECT, ...files });
    for (const path of Object.keys(files).filter((p) => p.endsWith('.sh')))
      await chmod(join(work, path), 0o755);
    await commit(work, `commit ${i + 1}`);
  }
  await git(work, 'clone', '--quiet', '--bare', work, dir);
  return dir;
}

/** A checkout of `origin`'s main, as actions/checkout makes one for a push (its remote `origin`), edgeplan installed. */
export async function clone(dir: string, edgeplan: string, origin: string): Promise<string> {
  await git(dirname(dir), 'clone', '--quiet', origin, dir);
  await install(dir, edgeplan);
  return dir;
}

async function write(dir: string, files: Files): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

async function commit(dir: string, message: string): Promise<void> {
  await git(dir, 'add', '--all');
  await git(dir, 'commit', '--quiet', '--allow-empty', '--message', message);
}

export function git(dir: string, ...args: string[]) {
  return run('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
  });
}
