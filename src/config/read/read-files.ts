import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { Diagnostic } from '../../model/diagnostic.js';
import { errorText } from './find-files.js';

/**
 * Bounds on the YAML edgeplan reads, so that a file nobody meant as desired state (a data dump, a hostile pull
 * request) is refused with a message instead of crashing the process: the YAML parser needs about 150 times a file's
 * size in memory (a 4 MiB file: 0.7 GB, 20 s; a 50 MB file exhausts a default heap). A desired-state file of 4 MiB
 * holds some 40,000 record names written out in full, ten times the largest zone people keep by hand; the largest
 * account the benchmarks plan, 1,000 zones of 100 records, is 4.5 MB of YAML in all.
 */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Bound on all files of one desired state together: about 1.3 GB of memory to load. */
export const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

const CHUNK_BYTES = 256 * 1024;

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Reads the files of a desired state in order, each only if it is a regular file (a FIFO would block the read for
 * ever, a device never end it) within MAX_FILE_BYTES and the files so far within MAX_TOTAL_BYTES; any other is a
 * problem at its `file:1:1`. Opened without blocking and checked on the open file, so a file swapped after a check
 * cannot slip through; read only up to the limit, so a file that grows meanwhile cannot either.
 */
export async function readDesiredFiles(paths: readonly string[]): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  let total = 0;
  for (const path of paths) {
    const result = await readBounded(path, Math.min(MAX_FILE_BYTES, MAX_TOTAL_BYTES - total), total);
    if (result.ok) total += Buffer.byteLength(result.text);
    results.push(result);
  }
  return results;
}

async function readBounded(path: string, allowed: number, before: number): Promise<ReadResult> {
  const problem = (message: string): ReadResult => ({
    ok: false,
    diagnostic: { file: path, line: 1, col: 1, message },
  });
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return problem(`cannot read: ${errorText(error)}`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      return problem('not a regular file (a pipe, a device or a socket): desired state is read from files');
    const size = Math.max(stats.size, 0);
    if (size > MAX_FILE_BYTES) return problem(tooLarge(size));
    if (size > allowed) return problem(tooMuch(before + size));
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > allowed)
        return problem(length > MAX_FILE_BYTES ? tooLarge(length) : tooMuch(before + length));
    }
    return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    return problem(`cannot read: ${errorText(error)}`);
  } finally {
    await handle.close();
  }
}

function tooLarge(bytes: number): string {
  return `file is ${megabytes(bytes)}; the limit is ${megabytes(MAX_FILE_BYTES)} per file (split a large zone across files)`;
}

function tooMuch(bytes: number): string {
  return `with this file the desired state is ${megabytes(bytes)}; the limit is ${megabytes(MAX_TOTAL_BYTES)} for all files together`;
}

/** `4 MB`, `4.2 MB`, `52 MB` (MiB, as `ls -lh` counts): one decimal below 10, none above. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? Number(mb.toFixed(1)) : Math.round(mb)} MB`;
}
