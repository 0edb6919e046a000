/**
 * A directory made once for a key and kept in the temp directory, so that test files running at once, and later
 * runs, share it: `madeOnce(name, make)` returns `<tmp>/<name>` once it is whole, making it first when it is not.
 * `make` fills a fresh directory of its own, renamed to `<name>` only when done, so a directory under that name is
 * always whole; a lock directory keeps two files from making it at once, and one left by a killed run is taken over
 * after 10 minutes. The name must change with whatever the contents are made from (a digest of the inputs).
 */
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const STALE_LOCK_MS = 600_000;

export async function madeOnce(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const done = join(tmpdir(), name);
  const lock = `${done}.lock`;
  for (;;) {
    if (await stat(done).catch(() => null)) return done;
    if (
      !(await mkdir(lock).then(
        () => true,
        () => false,
      ))
    ) {
      const age = Date.now() - ((await stat(lock).catch(() => null))?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (!(await stat(done).catch(() => null))) {
        const work = await mkdtemp(join(tmpdir(), `${name}-making-`));
        await make(work).catch(async (error: unknown) => {
          await rm(work, { recursive: true, force: true });
          throw error;
        });
        await rename(work, done);
      }
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
