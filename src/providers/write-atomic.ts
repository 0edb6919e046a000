import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` in one step, for files a user reads back (a saved plan, imported YAML, a zone file): a new
 * temp file in the same directory, created exclusively (`wx`: a symlink planted at its name is not followed, an
 * existing file is not reused), then renamed over `path`. A rename replaces what is at `path` (a file, or a symlink
 * planted there) instead of writing through it, and a reader sees the old file or the new one, never half of one.
 * `beforeRename`, when given, runs once the temp file is complete; if it throws, the temp file is removed and
 * `path` is left as it was (a writer's last check that what it replaces is still what it read).
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  mode = 0o644,
  beforeRename?: () => Promise<void>,
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx', mode });
    await beforeRename?.();
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
