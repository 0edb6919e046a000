/**
 * A project as a user makes it: empty but for git and a package.json, then edgeplan installed from the tarball
 * `npm pack` makes, with the README's own install command. The package is built into a temp copy (the checkout's
 * dist/ is neither used nor touched) as `npm run build` builds it, and packed with `npm pack --ignore-scripts` (its
 * `prepare` would build again). The tarball, and the project it is installed into, are each made once for the
 * sources as they are (the build's inputs digest, scripts/build.mjs, the lockfile among them) and kept in the temp
 * directory (test/support/made-once.ts): the test files share one build, one pack and one install, and each works
 * in a copy of the installed project of its own.
 *
 * The install is `npm install --save-dev ./vendor/edgeplan-<version>.tgz` as the README writes it, run with
 * `--offline`: the project's package-lock.json is seeded with this checkout's locked entries of edgeplan's
 * dependencies (where each comes from, and its integrity), so npm takes them from its cache, which `npm ci` filled
 * from the same lockfile, and asks no registry. On a machine whose npm cache lacks them, it fails saying so.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inputsDigest } from '../../scripts/build.mjs';
import { bundleCli } from '../../scripts/bundle-cli.mjs';
import { madeOnce } from '../support/made-once.js';

export const run = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '../..');
export const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** What the package ships beside what the build makes (package.json is among the build's inputs). */
const PACKED_TOO = ['README.md', 'LICENSE', 'schemas/edgeplan.schema.json'];

export interface PackedProject {
  /** The temp directory holding it all (remove it when done). */
  tmp: string;
  /** The project edgeplan was installed into. */
  app: string;
  /** The tarball's file name, `edgeplan-<version>.tgz`. */
  filename: string;
  /** The paths the tarball holds. */
  packed: string[];
  /** The README's install command, as run (without the flags added for the offline run). */
  install: string[];
}

/** The README's install line for a tarball in vendor/, as written: `npm install --save-dev ./vendor/…`. */
async function readmeInstall(): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = /\n## Install\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
  const line = section.split('\n').find((l) => l.startsWith('npm install --save-dev ./vendor/'));
  if (!line) throw new Error("README.md: no 'npm install --save-dev ./vendor/…' line under ## Install");
  return (line.split('#')[0] ?? '').trim().split(/\s+/);
}

/** package-lock.json of an empty project, holding this checkout's locked entries of the package's dependencies. */
async function seededLock(): Promise<string> {
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const packages: Record<string, unknown> = { '': {} };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== '' && !entry.dev) packages[path] = { ...entry, dev: true };
  return JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2);
}

interface Packed {
  /** The tarball's file name, `edgeplan-<version>.tgz`, and its path. */
  filename: string;
  path: string;
  packed: string[];
}

/** Builds and packs the package into `dir` (its tarball, and `files.json`: what it holds). */
async function pack(dir: string): Promise<void> {
  const pkg = join(dir, 'pkg');
  await mkdir(pkg, { recursive: true });
  for (const file of ['package.json', ...PACKED_TOO]) {
    await mkdir(dirname(join(pkg, file)), { recursive: true });
    await copyFile(join(ROOT, file), join(pkg, file));
  }
  await run(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')]);
  await bundleCli(join(pkg, 'dist/bin'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: pkg,
  });
  const [{ filename, files }] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  await rm(pkg, { recursive: true, force: true });
  await writeFile(join(dir, 'files.json'), JSON.stringify({ filename, packed: files.map((f) => f.path) }));
}

/** A name for what is made from the sources as they are now (the build's inputs, and what is packed beside). */
async function sourcesDigest(): Promise<string> {
  const hash = createHash('sha256').update(await inputsDigest(ROOT));
  for (const file of PACKED_TOO) hash.update(await readFile(join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The tarball of the package as the sources are now: packed once, then found in the temp directory. */
async function packed(digest: string): Promise<Packed> {
  const dir = await madeOnce(`edgeplan-packed-${digest}`, pack);
  const { filename, packed } = JSON.parse(await readFile(join(dir, 'files.json'), 'utf8')) as {
    filename: string;
    packed: string[];
  };
  return { filename, path: join(dir, filename), packed };
}

/** Installs the tarball into `dir`/app, a project made empty, with the README's command. */
async function install({ filename, path }: Packed, dir: string): Promise<void> {
  const app = join(dir, 'app');
  const command = await readmeInstall();
  if (command.at(-1) !== `./vendor/${filename}`)
    throw new Error(`README.md installs ${command.at(-1)}, but npm pack made ${filename}`);
  await mkdir(join(app, 'vendor'), { recursive: true });
  await copyFile(path, join(app, 'vendor', filename));
  await writeFile(join(app, 'package.json'), '{ "private": true, "type": "module" }\n');
  await writeFile(join(app, 'package-lock.json'), await seededLock());
  await run('git', ['init', '--quiet'], { cwd: app });
  const [npm = 'npm', ...args] = command;
  await run(npm, [...args, '--offline', '--no-audit', '--no-fund'], { cwd: app }).catch((error) => {
    const why = /ENOTCACHED/.test(String(error.stderr))
      ? "npm's cache lacks a dependency of the package: run `npm ci` in this checkout first (it fills the cache)"
      : String(error.stderr);
    throw new Error(`${command.join(' ')} --offline: ${why}`);
  });
}

/**
 * A project of its own in a temp directory, edgeplan installed into it from the packed tarball as the README says:
 * a copy of the one project installed for the sources as they are (links kept as npm made them), so that the test
 * files share one install.
 */
export async function packedProject(): Promise<PackedProject> {
  const digest = await sourcesDigest();
  const tarball = await packed(digest);
  const installed = await madeOnce(`edgeplan-installed-${digest}`, (dir) => install(tarball, dir));
  const tmp = await mkdtemp(join(tmpdir(), 'edgeplan-pack-'));
  const app = join(tmp, 'app');
  await cp(join(installed, 'app'), app, { recursive: true, verbatimSymlinks: true });
  return { tmp, app, filename: tarball.filename, packed: tarball.packed, install: await readmeInstall() };
}
