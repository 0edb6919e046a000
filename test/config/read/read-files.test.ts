import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_TOTAL_BYTES, readDesiredFiles } from '../../../src/config/read/read-files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-read-files-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A file of `bytes` that takes no disk space (sparse): read back as NUL bytes. */
async function sparse(name: string, bytes: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, '');
  await truncate(path, bytes);
  return path;
}

/** What the process's open file descriptors point at (Linux). */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

describe('readDesiredFiles', () => {
  it('reads regular files within the limits, in order', async () => {
    const a = join(dir, 'a.yaml');
    await writeFile(a, 'zones: {}\n');
    expect(await readDesiredFiles([a])).toEqual([{ ok: true, text: 'zones: {}\n' }]);
  });

  it('refuses a file over the limit without reading it, at file:1:1', async () => {
    const path = await sparse('huge.yaml', 52 * 1024 * 1024);
    expect(await readDesiredFiles([path])).toEqual([
      {
        ok: false,
        diagnostic: {
          file: path,
          line: 1,
          col: 1,
          message: 'file is 52 MB; the limit is 4 MB per file (split a large zone across files)',
        },
      },
    ]);
  });

  it('refuses the file that brings all files together over their limit', async () => {
    const size = MAX_FILE_BYTES - 1;
    const count = Math.floor(MAX_TOTAL_BYTES / size);
    const paths = await Promise.all(Array.from({ length: count + 1 }, (_, i) => sparse(`${i}.yaml`, size)));
    const results = await readDesiredFiles(paths);
    expect(results.slice(0, count).every((r) => r.ok)).toBe(true);
    expect(results[count]).toEqual({
      ok: false,
      diagnostic: {
        file: paths[count],
        line: 1,
        col: 1,
        message: 'with this file the desired state is 20 MB; the limit is 16 MB for all files together',
      },
    });
  });

  it('refuses a FIFO instead of blocking on it, and a device', async () => {
    const fifo = join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const message = 'not a regular file (a pipe, a device or a socket): desired state is read from files';
    expect(await readDesiredFiles([fifo, '/dev/zero'])).toEqual([
      { ok: false, diagnostic: { file: fifo, line: 1, col: 1, message } },
      { ok: false, diagnostic: { file: '/dev/zero', line: 1, col: 1, message } },
    ]);
  });

  it('reads a file of many chunks whole and in order', async () => {
    const path = join(dir, 'long.yaml');
    const text = Array.from({ length: 60_000 }, (_, i) => `n${i}: ${i}\n`).join('');
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * 256 * 1024);
    await writeFile(path, text);
    expect(await readDesiredFiles([path])).toEqual([{ ok: true, text }]);
  });

  it('takes files of exactly the limits, and refuses the next byte', async () => {
    const paths = await Promise.all([0, 1, 2, 3].map((i) => sparse(`${i}.yaml`, MAX_FILE_BYTES)));
    const one = await sparse('one-byte.yaml', 1);
    const results = await readDesiredFiles([...paths, one]);
    expect(results.slice(0, 4).map((result) => result.ok && result.text.length)).toEqual([
      MAX_FILE_BYTES,
      MAX_FILE_BYTES,
      MAX_FILE_BYTES,
      MAX_FILE_BYTES,
    ]);
    expect(results[4]).toEqual({
      ok: false,
      diagnostic: {
        file: one,
        line: 1,
        col: 1,
        message: 'with this file the desired state is 16 MB; the limit is 16 MB for all files together',
      },
    });
  });

  it('counts only the files it read towards the total, and says why one cannot be read', async () => {
    const missing = join(dir, 'missing.yaml');
    const big = await sparse('big.yaml', MAX_FILE_BYTES);
    const results = await readDesiredFiles([missing, big, big, big, big]);
    expect(results[0]).toEqual({
      ok: false,
      diagnostic: { file: missing, line: 1, col: 1, message: 'cannot read: no such file or directory' },
    });
    expect(results.slice(1).map((result) => result.ok)).toEqual([true, true, true, true]);
  });

  it('gives sizes below 10 MB with one decimal and larger ones whole', async () => {
    const small = await sparse('small.yaml', Math.round(4.2 * 1024 * 1024));
    const large = await sparse('large.yaml', Math.round(12.6 * 1024 * 1024));
    const messages = (await readDesiredFiles([small, large])).map(
      (result) => !result.ok && result.diagnostic.message,
    );
    expect(messages).toEqual([
      'file is 4.2 MB; the limit is 4 MB per file (split a large zone across files)',
      'file is 13 MB; the limit is 4 MB per file (split a large zone across files)',
    ]);
  });

  // A file whose size says nothing of its content (the kernel's files say 0): the read itself stops at the limit.
  it('stops reading a file that gives more than its size said, at the total limit', async () => {
    const paths = await Promise.all([0, 1, 2].map((i) => sparse(`${i}.yaml`, MAX_FILE_BYTES)));
    const nearly = await sparse('nearly.yaml', MAX_FILE_BYTES - 10);
    const results = await readDesiredFiles([...paths, nearly, '/proc/self/status']);
    expect(results[4]).toEqual({
      ok: false,
      diagnostic: {
        file: '/proc/self/status',
        line: 1,
        col: 1,
        message: 'with this file the desired state is 16 MB; the limit is 16 MB for all files together',
      },
    });
  });

  it('closes every file it opened, read or refused', async () => {
    const small = join(dir, 'small.yaml');
    await writeFile(small, 'zones: {}\n');
    const huge = await sparse('huge.yaml', MAX_FILE_BYTES + 1);
    const results = await readDesiredFiles([small, huge, small]);
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
    expect(openFiles().filter((file) => file.startsWith(dir))).toEqual([]);
  });

  // The memory of a process opens as a regular file of size 0, and its first page, never mapped, fails to read.
  it('says why a file that opened cannot be read', async () => {
    expect(await readDesiredFiles(['/proc/self/mem'])).toEqual([
      {
        ok: false,
        diagnostic: { file: '/proc/self/mem', line: 1, col: 1, message: 'cannot read: EIO: i/o error, read' },
      },
    ]);
  });

  const pagemap = '/proc/self/pagemap';
  const pagemapReadable = readable(pagemap);
  it.skipIf(!pagemapReadable)(
    'stops reading a file that gives more than its size said, at the file limit',
    async () => {
      // The page map of a process reads as 8 bytes per page of its address space: far more than 4 MB, size 0.
      expect(await readDesiredFiles([pagemap])).toEqual([
        {
          ok: false,
          diagnostic: {
            file: pagemap,
            line: 1,
            col: 1,
            message: 'file is 4.3 MB; the limit is 4 MB per file (split a large zone across files)',
          },
        },
      ]);
    },
  );

  // 12 MB and 100 KB read before it, the file may give 3.9 MB: it gives 4 MB (16 reads), the total is then over.
  it.skipIf(!pagemapReadable)(
    'names the total, not the file, when a file stops at exactly the file limit with less allowed',
    async () => {
      const paths = await Promise.all([0, 1, 2].map((i) => sparse(`${i}.yaml`, MAX_FILE_BYTES)));
      const small = await sparse('small.yaml', 100 * 1024);
      const results = await readDesiredFiles([...paths, small, pagemap]);
      expect(results[4]).toEqual({
        ok: false,
        diagnostic: {
          file: pagemap,
          line: 1,
          col: 1,
          message: 'with this file the desired state is 16 MB; the limit is 16 MB for all files together',
        },
      });
    },
  );
});
