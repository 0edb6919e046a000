import { constants } from 'node:fs';
import { type FileHandle, lstat, open, readdir, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../write-atomic.js';

/** A file the store would not read, and why (`is not a regular file (a pipe, a device or a socket)`). */
export interface FileRefusal {
  refused: string;
}

/** What a read found: the file's bytes, null when there is no file, or why it was not read. */
export type StoredFile = Buffer | null | FileRefusal;

/**
 * Where zone files are read and written: the one place the provider touches the file system, injected so that tests
 * can count and disturb what it does (as an HTTP provider's transport is).
 */
export interface ZoneFileStore {
  /**
   * The file's bytes, or null when there is no file at `path`; a refusal for anything but a regular file (a FIFO
   * would block the read for ever) and for a file over `maxBytes`, seen on the open file and while reading (a file
   * that grows meanwhile is refused too, never read past the limit). `signal` stops the read between chunks.
   */
  read(path: string, maxBytes: number, signal?: AbortSignal): Promise<StoredFile>;
  /** The names of the entries of a directory. */
  list(dir: string): Promise<string[]>;
  /**
   * Replaces the file at `path` with `text` in one step (a temporary file renamed over it), keeping its permissions;
   * `beforeRename` runs when the new file is complete, and if it throws nothing is replaced.
   */
  replace(path: string, text: string, beforeRename: () => Promise<void>): Promise<void>;
}

const CHUNK_BYTES = 256 * 1024;
/** Why a link to nothing is refused: it is no file, nor the absence of one. */
const DANGLING = 'is a symbolic link to a file that does not exist; make it a file or point it at one';

/** The store of the real file system. */
export function createZoneFileStore(): ZoneFileStore {
  return {
    read: readBounded,
    list: (dir) => readdir(dir),
    async replace(path, text, beforeRename) {
      const mode = await stat(path).then(
        (info) => info.mode & 0o777,
        () => 0o644,
      );
      await writeFileAtomic(path, text, mode, beforeRename);
    },
  };
}

async function readBounded(path: string, maxBytes: number, signal?: AbortSignal): Promise<StoredFile> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
    const link = await lstat(path).catch(() => null);
    return link?.isSymbolicLink() ? { refused: DANGLING } : null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { refused: 'is not a regular file (a pipe, a device or a socket)' };
    if (info.size > maxBytes) return tooLarge(maxBytes);
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      signal?.throwIfAborted();
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, maxBytes + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > maxBytes) return tooLarge(maxBytes);
    }
    return Buffer.concat(chunks, length);
  } finally {
    await handle.close();
  }
}

function tooLarge(maxBytes: number): FileRefusal {
  return {
    refused: `is over ${megabytes(maxBytes)}, the most a zone file may be (max_file_mb: raise it to read a larger one)`,
  };
}

/** `8 MB`, `8.5 MB` (MiB, as `ls -lh` counts), one decimal below 10; under a megabyte, bytes. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return `${bytes} bytes`;
  return `${mb < 10 ? Number(mb.toFixed(1)) : Math.round(mb)} MB`;
}

function codeOf(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}
