/**
 * The CLI as it ships: `dist/cli/main.js`, what `npm run build` makes (`npm ci` runs it). Tests that run the CLI as
 * a user does call `ensureBuilt()` first: when a source is newer than the build (a checkout edited since its last
 * build), it builds once, whichever test file asks first (a lock directory keeps parallel test files from building
 * twice), so a test never runs yesterday's CLI.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
/**
 * What a test file's `beforeAll(ensureBuilt)` may take: nothing when dist/ is current (CI builds it in `npm ci`);
 * else one `tsc` build, about 20 s on a quiet 2-core machine, ten times that under load.
 */
export const BUILD_BUDGET_MS = 300_000;
/** The entry point `edgeplan` runs (package.json `bin`). */
export const BUILT_CLI = join(ROOT, 'dist/cli/main.js');
const LOCK = join(
  tmpdir(),
  `edgeplan-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`,
);

async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function isStale(): Promise<boolean> {
  const built = await stat(BUILT_CLI).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  const config = Math.max(
    ...(await Promise.all(
      ['tsconfig.json', 'tsconfig.build.json'].map(async (f) => (await stat(join(ROOT, f))).mtimeMs),
    )),
  );
  return built < Math.max(config, await newestSource(join(ROOT, 'src')));
}

/** Whether the process that holds the lock still runs (true while it has not written its pid yet). */
async function builderAlive(): Promise<boolean> {
  const pid = Number(await readFile(join(LOCK, 'pid'), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds dist/ with `tsc -p tsconfig.build.json` (the `build` script) when it is older than the sources. */
export async function ensureBuilt(): Promise<void> {
  for (;;) {
    if (!(await isStale())) return;
    const locked = await mkdir(LOCK).then(
      () => true,
      () => false,
    );
    if (!locked) {
      // Another test file is building: wait for it, then look again. A lock whose builder is gone (a run killed
      // while building) is removed.
      if (!(await builderAlive())) await rm(LOCK, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    await writeFile(join(LOCK, 'pid'), String(process.pid));
    try {
      if (await isStale())
        await run(
          process.execPath,
          [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
          { cwd: ROOT },
        );
    } finally {
      await rm(LOCK, { recursive: true, force: true });
    }
  }
}
