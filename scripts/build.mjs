// `npm run build` (`node scripts/build.mjs`): dist/ from src/: emptied, compiled by tsc (tsconfig.build.json), the
// CLI bundled (scripts/bundle-cli.mjs). Then it records the SHA-256 of every input of the build (BUILD_INPUTS) in
// node_modules/.cache/edgeplan/build-inputs, outside dist/ (which the package ships).
//
// `node scripts/build.mjs --if-stale` (`npm run demo`) builds only when dist/ was not built from the inputs as they
// are now: no record, another digest (a file edited, added or removed, whatever its time stamps say), or no
// dist/bin/edgeplan.js. So `npm ci && npm run demo` builds once: `npm ci`'s `prepare` did it. A build that fails,
// or whose inputs change while it runs, leaves no record, and the next run builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What dist/ is built from: files, and directories taken whole. */
export const BUILD_INPUTS = [
  'src',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/bundle-cli.mjs',
];
export const BUILD_RECORD = 'node_modules/.cache/edgeplan/build-inputs';
/** The file `bin` runs: without it dist/ is not built, whatever the record says. */
const BUILT = 'dist/bin/edgeplan.js';

/** SHA-256 over the inputs' paths and contents, in path order; a missing input counts as absent. */
export async function inputsDigest(root) {
  const files = [];
  for (const input of BUILD_INPUTS) {
    const found = await stat(join(root, input)).catch(() => null);
    if (found?.isDirectory()) {
      for (const entry of await readdir(join(root, input), { withFileTypes: true, recursive: true }))
        if (entry.isFile()) files.push(relative(root, join(entry.parentPath, entry.name)));
    } else if (found) files.push(input);
  }
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(await readFile(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Why dist/ must be built, or null when it was built from the inputs as they are. */
export async function staleness(root) {
  const recorded = await readFile(join(root, BUILD_RECORD), 'utf8').catch(() => null);
  if (recorded === null) return 'no record of a build';
  if (!(await stat(join(root, BUILT)).catch(() => null))) return `${BUILT} is missing`;
  return recorded.trim() === (await inputsDigest(root)) ? null : 'the sources changed since the last build';
}

/** The build's steps, as `npm run build` always ran them. */
async function compile(root) {
  await rm(join(root, 'dist'), { recursive: true, force: true });
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (compiled.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${compiled.status})`);
  const { bundleCli } = await import('./bundle-cli.mjs');
  await bundleCli(join(root, 'dist/bin'));
}

/** Builds dist/ with `steps`, then records the inputs' digest if they did not change while it ran. */
export async function build(root, steps = compile) {
  const before = await inputsDigest(root);
  await rm(join(root, BUILD_RECORD), { force: true });
  await steps(root);
  if ((await inputsDigest(root)) !== before) return 'built, but the sources changed meanwhile: not recorded';
  await mkdir(dirname(join(root, BUILD_RECORD)), { recursive: true });
  await writeFile(join(root, BUILD_RECORD), `${before}\n`);
  return 'built';
}

/** `--if-stale`: builds only when `staleness` gives a reason; says which, or that dist/ is current. */
export async function buildIfStale(root, steps = compile) {
  const reason = await staleness(root);
  if (reason === null) return 'dist/ is current (built from these sources): not built again';
  return `${reason}: ${await build(root, steps)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  const said = ifStale ? await buildIfStale(ROOT) : await build(ROOT);
  if (ifStale || said !== 'built') process.stderr.write(`build: ${said}\n`);
}
