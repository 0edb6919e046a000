import { readdir, readFile, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../write-atomic.js';

/**
 * Where zone files are read and written: the one place the provider touches the file system, injected so that tests
 * can count and disturb what it does (as an HTTP provider's transport is).
 */
export interface ZoneFileStore {
  /** The file's bytes, or null when there is no file at `path`. */
  read(path: string): Promise<Buffer | null>;
  /** The names of the entries of a directory. */
  list(dir: string): Promise<string[]>;
  /**
   * Replaces the file at `path` with `text` in one step (a temporary file renamed over it), keeping its permissions;
   * `beforeRename` runs when the new file is complete, and if it throws nothing is replaced.
   */
  replace(path: string, text: string, beforeRename: () => Promise<void>): Promise<void>;
}

export const nodeZoneFileStore: ZoneFileStore = {
  async read(path) {
    try {
      return await readFile(path);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return null;
      throw error;
    }
  },
  list: (dir) => readdir(dir),
  async replace(path, text, beforeRename) {
    const mode = await stat(path).then(
      (info) => info.mode & 0o777,
      () => 0o644,
    );
    await writeFileAtomic(path, text, mode, beforeRename);
  },
};

function codeOf(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}
