import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { claimTempPath } from './stale-temps.js';
import { systemCode } from './system-error.js';

/** The mode, owner and group of the file a write replaces. */
export interface FileOwnership {
  /** Permission bits, with setuid, setgid and sticky (`mode & 0o7777`). */
  mode: number;
  uid: number;
  gid: number;
}

export interface AtomicWriteOptions {
  /** The permission bits of a new file, before the umask; default 0o644. */
  mode?: number;
  /** The file being replaced: the new one gets its mode exactly (no umask), and its owner and group when permitted. */
  like?: FileOwnership;
  /** Runs once the new file is complete and on disk; if it throws, nothing is replaced (a writer's last check). */
  beforeRename?: () => Promise<void>;
}

export interface AtomicWriteResult {
  /** What of `like` the new file could not keep (`owner 0`, `group 27`): only root may give a file away. */
  notKept: string[];
}

/**
 * Writes `text` to `path` in one step, for files a user reads back (a saved plan, imported YAML, a zone file): a new
 * temporary file in the same directory (stale-temps.ts names it), created exclusively (`wx`: a link planted at its
 * name is not followed, an existing file is not reused), given the replaced file's mode, owner and group, flushed to
 * disk (`fsync`), then renamed over `path` and the directory flushed, so the rename survives a crash as well. A
 * rename replaces what is at `path` (a file, or a link planted there) instead of writing through it, and a reader
 * sees the old file or the new one, never half of one. Any failure removes the temporary file and leaves `path` as
 * it was; a killed process leaves its temporary file to the next writer's sweep.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  options: AtomicWriteOptions = {},
): Promise<AtomicWriteResult> {
  const { like, beforeRename } = options;
  const { temp, done } = claimTempPath(path);
  let handle: FileHandle | undefined;
  try {
    // A replacing write's file is its owner's only until it has its final owner and mode.
    handle = await open(temp, 'wx', like ? 0o600 : (options.mode ?? 0o644));
    await handle.writeFile(text);
    let notKept: string[] = [];
    if (like) {
      const file = handle;
      // chown clears setuid and setgid: the mode comes after it.
      notKept = await keepOwnership(await file.stat(), like, (uid, gid) => file.chown(uid, gid));
      await file.chmod(like.mode);
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    await beforeRename?.();
    await rename(temp, path);
    done();
    await syncDirectory(dirname(path));
    return { notKept };
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(temp, { force: true });
    done();
    throw error;
  }
}

/**
 * Gives a new file (owned by `current`) the owner and group of `like`, as far as permitted: root may give both;
 * another user may keep a group they belong to. `chown` changes the file (-1: that id unchanged) and throws EPERM
 * (or EINVAL) when not permitted. Returns what could not be kept (`owner 0`, `group 27`).
 */
export async function keepOwnership(
  current: { uid: number; gid: number },
  like: FileOwnership,
  chown: (uid: number, gid: number) => Promise<void>,
): Promise<string[]> {
  if (current.uid === like.uid && current.gid === like.gid) return [];
  if (await tried(() => chown(like.uid, like.gid))) return [];
  const groupKept = current.gid === like.gid || (await tried(() => chown(-1, like.gid)));
  return [
    ...(current.uid === like.uid ? [] : [`owner ${like.uid}`]),
    ...(groupKept ? [] : [`group ${like.gid}`]),
  ];
}

/** Runs `act`; false when the system refuses it (EPERM, EINVAL: not permitted here), any other error thrown. */
async function tried(act: () => Promise<void>): Promise<boolean> {
  try {
    await act();
    return true;
  } catch (error) {
    const code = systemCode(error);
    if (code === 'EPERM' || code === 'EINVAL') return false;
    throw error;
  }
}

/** Flushes a directory's entries (the rename) to disk; a file system that cannot sync a directory is left as it is. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync().catch((error: unknown) => {
      const code = systemCode(error);
      if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EISDIR') throw error;
    });
  } finally {
    await handle.close();
  }
}
