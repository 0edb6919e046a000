import { constants } from 'node:fs';
import { type FileHandle, lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { removeStaleTemps } from '../stale-temps.js';
import { systemCode } from '../system-error.js';
import { type AtomicWriteResult, type FileOwnership, writeFileAtomic } from '../write-atomic.js';
import { ZonefileMovedError } from './errors.js';

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
   * Replaces the file at `path` with `text` in one step (write-atomic.ts), keeping its mode, and its owner and group
   * where permitted; through a symbolic link, its target is replaced and the link kept. `beforeRename` runs when the
   * new file is complete, and if it throws nothing is replaced. The first replace in a directory removes the
   * temporary files edgeplan runs killed there left (stale-temps.ts). A link that leads nowhere, or is made to lead
   * elsewhere while the new file is written, is a ZonefileMovedError: the writer's read found the plan's file.
   */
  replace(path: string, text: string, beforeRename: () => Promise<void>): Promise<AtomicWriteResult>;
}

const CHUNK_BYTES = 256 * 1024;
/**
 * Why a link to nothing is refused, on read and on write: writing through it would create a file at a place nobody
 * checked, and replacing it would silently turn the link into a file.
 */
const DANGLING = 'is a symbolic link to a file that does not exist; make it a file or point it at one';

/** The store of the real file system; each one sweeps a directory's stale temporary files once. */
export function createZoneFileStore(): ZoneFileStore {
  const swept = new Set<string>();
  return {
    read: readBounded,
    list: (dir) => readdir(dir),
    async replace(path, text, beforeRename) {
      const { target, exists } = await writeTarget(path);
      const dir = dirname(target);
      if (!swept.has(dir)) {
        swept.add(dir);
        await removeStaleTemps(dir);
      }
      return writeFileAtomic(target, text, {
        ...(exists ? { like: await ownershipOf(target) } : {}),
        async beforeRename() {
          await beforeRename();
          // The link still leads where the new file goes: else the file read just now is not the one replaced.
          // Stryker disable next-line ArrowFunction: null and undefined both differ from the target.
          if (target !== path && (await realpath(path).catch(() => null)) !== target)
            throw new ZonefileMovedError(path, 'was made to lead elsewhere while it was written');
        },
      });
    },
  };
}

async function readBounded(path: string, maxBytes: number, signal?: AbortSignal): Promise<StoredFile> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (systemCode(error) !== 'ENOENT') throw error;
    // Stryker disable next-line ArrowFunction: null and undefined both read as "no link" below.
    const link = await lstat(path).catch(() => null);
    return link?.isSymbolicLink() ? { refused: DANGLING } : null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { refused: 'is not a regular file (a pipe, a device or a socket)' };
    // Stryker disable next-line ConditionalExpression: the loop refuses it too, after reading maxBytes + 1 octets.
    if (info.size > maxBytes) return tooLarge(maxBytes);
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      signal?.throwIfAborted();
      // Stryker disable next-line MethodExpression,ArithmeticOperator: only how far past the limit the read goes.
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

/** `8 MB` (MiB, as `ls -lh` counts: `max_file_mb` is whole megabytes); under a megabyte, bytes. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb < 1 ? `${bytes} bytes` : `${mb} MB`;
}

/**
 * Where the new text goes: `path`, or the file a symbolic link at `path` leads to (links followed to the end, as
 * the server that loads the zone follows them); a link that leads nowhere is refused (DANGLING).
 */
async function writeTarget(path: string): Promise<{ target: string; exists: boolean }> {
  try {
    return { target: await realpath(path), exists: true };
  } catch (error) {
    if (systemCode(error) !== 'ENOENT') throw error;
  }
  // Stryker disable next-line ArrowFunction: null and undefined both read as "no link" below.
  const link = await lstat(path).catch(() => null);
  if (link?.isSymbolicLink()) throw new ZonefileMovedError(path, DANGLING);
  return { target: path, exists: false };
}

/** The mode, owner and group of the file at `path`. */
async function ownershipOf(path: string): Promise<FileOwnership> {
  const info = await stat(path);
  return { mode: info.mode & 0o7777, uid: info.uid, gid: info.gid };
}
