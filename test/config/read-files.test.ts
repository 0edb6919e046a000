import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_TOTAL_BYTES, readDesiredFiles } from '../../src/config/read-files.js';

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
});
