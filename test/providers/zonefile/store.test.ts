/**
 * The zone-file store's reads are bounded: a file over the provider's `max_file_mb` is refused unread, a FIFO or
 * device is refused without blocking, and a link that leads nowhere is refused rather than read as "no file".
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/model/logger.js';
import { claimTempPath } from '../../../src/providers/stale-temps.js';
import { ZonefileMovedError, ZonefileReadError } from '../../../src/providers/zonefile/errors.js';
import { ZONEFILE } from '../../../src/providers/zonefile/plugin.js';
import { createZoneFileStore } from '../../../src/providers/zonefile/store.js';

const MB = 1024 * 1024;
/** Linux's /proc: files whose size says 0, and the process's open files. */
const PROC = existsSync('/proc/self/fd');
const HEAD = '$TTL 300\n@ SOA ns1.example.net. hostmaster 1 1h 10m 2w 5m\n@ NS ns1.example.net.\n';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A zone file of exactly `bytes` bytes: the head, then a comment filling the rest. */
const fileOf = (bytes: number) => `${HEAD};${'x'.repeat(bytes - HEAD.length - 2)}\n`;

describe('the store reads at most max_file_mb', () => {
  it('reads a file of exactly the limit, and refuses one byte more', async () => {
    const store = createZoneFileStore();
    const path = join(dir, 'example.com.zone');
    await writeFile(path, fileOf(1000));
    expect(await store.read(path, 1000)).toEqual(Buffer.from(fileOf(1000)));
    expect(await store.read(path, 999)).toEqual({
      refused: 'is over 999 bytes, the most a zone file may be (max_file_mb: raise it to read a larger one)',
    });
    expect(await store.read(join(dir, 'missing.zone'), 1000)).toBeNull();
  });

  it('takes max_file_mb from the provider entry: 8 MB unless it says otherwise', async () => {
    const open = (options: Record<string, unknown>) =>
      ZONEFILE.open(
        {
          name: 'files',
          type: 'zonefile',
          options: { directory: '.', ...options },
          declaredIn: join(dir, 'x.yaml'),
        },
        { env: {}, logger: silentLogger, userAgent: 'test' },
      );
    await writeFile(join(dir, 'example.com.zone'), fileOf(8 * MB + 1));
    const refused = await (await open({})).readZones(['example.com']).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ZonefileReadError);
    expect((refused as Error).message).toBe(
      'example.com.zone: 1 problem, so the zone cannot be read:\n' +
        '  example.com.zone:1:1: EP2501 the file is over 8 MB, the most a zone file may be (max_file_mb: raise it to read a larger one)',
    );
    const read = await (await open({ max_file_mb: 9 })).readZones(['example.com']);
    expect(read.zones['example.com']?.serial).toBe(1);
    await writeFile(join(dir, 'example.com.zone'), fileOf(MB + 1));
    await expect((await open({ max_file_mb: 1 })).readZones(['example.com'])).rejects.toThrow(
      'the file is over 1 MB',
    );
  });

  it('refuses a FIFO without waiting for a writer, and a link to nothing', async () => {
    const store = createZoneFileStore();
    const fifo = join(dir, 'fifo.zone');
    execFileSync('mkfifo', [fifo]);
    expect(await store.read(fifo, MB)).toEqual({
      refused: 'is not a regular file (a pipe, a device or a socket)',
    });
    const dangling = join(dir, 'dangling.zone');
    await symlink(join(dir, 'nowhere.zone'), dangling);
    expect(await store.read(dangling, MB)).toEqual({
      refused: 'is a symbolic link to a file that does not exist; make it a file or point it at one',
    });
  });
});

describe('the store, further', () => {
  it.runIf(PROC)(
    'refuses a file whose size says less than it holds (it grew, or the kernel makes it up), past the limit',
    async () => {
      const store = createZoneFileStore();
      // /proc files have size 0 and hold more: only the read itself finds their length.
      expect(await store.read('/proc/self/status', 100)).toEqual({
        refused:
          'is over 100 bytes, the most a zone file may be (max_file_mb: raise it to read a larger one)',
      });
    },
  );

  it('throws what is neither a file nor no file: a loop of links, a name too long', async () => {
    const store = createZoneFileStore();
    await symlink(join(dir, 'b.zone'), join(dir, 'a.zone'));
    await symlink(join(dir, 'a.zone'), join(dir, 'b.zone'));
    await expect(store.read(join(dir, 'a.zone'), MB)).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(store.replace(join(dir, 'a.zone'), 'x\n', async () => {})).rejects.toMatchObject({
      code: 'ELOOP',
    });
    await expect(store.read(join(dir, 'x'.repeat(300)), MB)).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
  });

  it('refuses to write through a link to nothing: a conflict (the writer read a file there), nothing replaced', async () => {
    await symlink(join(dir, 'nowhere.zone'), join(dir, 'a.zone'));
    const error = await createZoneFileStore()
      .replace(join(dir, 'a.zone'), 'x\n', async () => {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZonefileMovedError);
    expect(error).toMatchObject({
      code: 'EP3005',
      kind: 'conflict',
      path: join(dir, 'a.zone'),
      message:
        `${join(dir, 'a.zone')} is a symbolic link to a file that does not exist; make it a file or point it at ` +
        'one; nothing was replaced, plan again',
    });
    expect(await readdir(dir)).toEqual(['a.zone']);
  });

  it.runIf(PROC)('lists a directory, and closes every file it reads', async () => {
    const store = createZoneFileStore();
    await writeFile(join(dir, 'a.zone'), fileOf(1000));
    expect(await store.list(dir)).toEqual(['a.zone']);
    const open = () => readdir('/proc/self/fd').then((fds) => fds.length);
    const before = await open();
    await store.read(join(dir, 'a.zone'), 1000);
    await store.read(join(dir, 'a.zone'), 10);
    await store.read('/proc/self/status', 10);
    expect(await open()).toBe(before);
  });

  it("sweeps a directory's stale temporary files once per store: each run's first write there", async () => {
    const stale = () => {
      const { temp, done } = claimTempPath(join(dir, 'a.zone'));
      done();
      return temp.replace(`-${process.pid}-`, '-2147483646-');
    };
    const first = stale();
    await writeFile(first, 'half');
    const store = createZoneFileStore();
    await store.replace(join(dir, 'a.zone'), 'one\n', async () => {});
    const second = stale();
    await writeFile(second, 'half');
    await store.replace(join(dir, 'a.zone'), 'two\n', async () => {});
    expect((await readdir(dir)).sort()).toEqual([basename(second), 'a.zone'].sort());
    await createZoneFileStore().replace(join(dir, 'a.zone'), 'three\n', async () => {});
    expect(await readdir(dir)).toEqual(['a.zone']);
  });
});
