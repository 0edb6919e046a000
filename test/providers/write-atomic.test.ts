/**
 * What a replacing write keeps of the file it replaces: its owner and group as far as the system permits (root may
 * give a file to anyone; another user may give it a group they belong to), saying what it could not keep; and how a
 * write ends: the mode asked for a new file, the open's own error when it cannot start, a directory that cannot be
 * flushed, and no file left open.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemCode } from '../../src/providers/system-error.js';
import { keepOwnership, writeFileAtomic } from '../../src/providers/write-atomic.js';

/** chown as the kernel allows it to `uid` in `groups` (root: anything), recording each call. */
function chownAs(uid: number, groups: readonly number[]) {
  const calls: [number, number][] = [];
  const chown = async (toUid: number, toGid: number) => {
    calls.push([toUid, toGid]);
    const ownerOk = uid === 0 || toUid === -1 || toUid === uid;
    const groupOk = uid === 0 || toGid === -1 || groups.includes(toGid);
    if (!ownerOk || !groupOk)
      throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
  };
  return { calls, chown };
}

describe('keepOwnership', () => {
  it('changes nothing when the new file already has the owner and group', async () => {
    const { calls, chown } = chownAs(1000, [1000]);
    expect(
      await keepOwnership({ uid: 1000, gid: 1000 }, { mode: 0o644, uid: 1000, gid: 1000 }, chown),
    ).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('keeps any owner and group as root', async () => {
    const { calls, chown } = chownAs(0, []);
    expect(await keepOwnership({ uid: 0, gid: 0 }, { mode: 0o664, uid: 0, gid: 27 }, chown)).toEqual([]);
    expect(await keepOwnership({ uid: 0, gid: 0 }, { mode: 0o664, uid: 4321, gid: 0 }, chown)).toEqual([]);
    expect(calls).toEqual([
      [0, 27],
      [4321, 0],
    ]);
  });

  it("keeps a group the user belongs to, and says it could not keep another user's ownership", async () => {
    const { calls, chown } = chownAs(1000, [1000, 27]);
    expect(await keepOwnership({ uid: 1000, gid: 1000 }, { mode: 0o664, uid: 1000, gid: 27 }, chown)).toEqual(
      [],
    );
    expect(await keepOwnership({ uid: 1000, gid: 1000 }, { mode: 0o664, uid: 0, gid: 27 }, chown)).toEqual([
      'owner 0',
    ]);
    expect(await keepOwnership({ uid: 1000, gid: 1000 }, { mode: 0o664, uid: 0, gid: 1000 }, chown)).toEqual([
      'owner 0',
    ]);
    expect(calls).toEqual([
      [1000, 27],
      [0, 27],
      [-1, 27],
      [0, 1000],
    ]);
  });

  it('says it kept neither when the user is neither the owner nor in the group', async () => {
    const { chown } = chownAs(1000, [1000]);
    expect(await keepOwnership({ uid: 1000, gid: 1000 }, { mode: 0o664, uid: 0, gid: 27 }, chown)).toEqual([
      'owner 0',
      'group 27',
    ]);
    expect(await keepOwnership({ uid: 1000, gid: 1000 }, { mode: 0o664, uid: 1000, gid: 27 }, chown)).toEqual(
      ['group 27'],
    );
  });

  it('takes EINVAL (an id the file system cannot hold) as not permitted, and throws any other failure', async () => {
    const invalid = async () => {
      throw Object.assign(new Error('EINVAL'), { code: 'EINVAL' });
    };
    expect(await keepOwnership({ uid: 1, gid: 1 }, { mode: 0o600, uid: 2, gid: 2 }, invalid)).toEqual([
      'owner 2',
      'group 2',
    ]);
    const broken = async () => {
      throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    };
    await expect(keepOwnership({ uid: 1, gid: 1 }, { mode: 0o600, uid: 2, gid: 2 }, broken)).rejects.toThrow(
      'EIO',
    );
  });
});

describe('writeFileAtomic', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-write-atomic-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a new file with the mode asked, keeping nothing of a file before it', async () => {
    const path = join(dir, 'plan.json');
    expect(await writeFileAtomic(path, '{}\n', { mode: 0o600 })).toEqual({ notKept: [] });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['plan.json']);
  });

  it('fails as the open failed, in a directory that is not there, leaving nothing', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'a.zone'), 'x\n')).rejects.toMatchObject({
      code: 'ENOENT',
      syscall: 'open',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes a directory that cannot be flushed (EINVAL, ENOTSUP, EISDIR) as flushed, and fails on any other error', async () => {
    const probe = await open(join(dir, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const original = prototype.sync;
    for (const [code, fails] of [
      ['EINVAL', false],
      ['ENOTSUP', false],
      ['EISDIR', false],
      ['EIO', true],
    ] as const) {
      let calls = 0;
      const sync = vi.spyOn(prototype, 'sync').mockImplementation(async function (this: unknown) {
        calls += 1;
        if (calls === 2) throw Object.assign(new Error(code), { code });
        return original.call(this);
      });
      try {
        const writing = writeFileAtomic(join(dir, 'a.zone'), `${code}\n`);
        if (fails) await expect(writing).rejects.toThrow('EIO');
        else await expect(writing).resolves.toEqual({ notKept: [] });
      } finally {
        sync.mockRestore();
      }
      // The rename came before the directory's flush: the file is the new one either way.
      expect(await readFile(join(dir, 'a.zone'), 'utf8')).toBe(`${code}\n`);
    }
  });

  it.runIf(existsSync('/proc/self/fd'))('closes every file it opens', async () => {
    const before = (await readdir('/proc/self/fd')).length;
    await writeFileAtomic(join(dir, 'a.zone'), 'x\n');
    await writeFileAtomic(join(dir, 'a.zone'), 'y\n', {
      like: { mode: 0o640, uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
    });
    expect((await readdir('/proc/self/fd')).length).toBe(before);
  });
});

describe('systemCode', () => {
  it('is the code of a system error, and nothing for anything else thrown', () => {
    expect(systemCode(Object.assign(new Error('x'), { code: 'EPERM' }))).toBe('EPERM');
    expect(systemCode(new Error('x'))).toBeUndefined();
    expect(systemCode({ code: 'EPERM' })).toBeUndefined();
    expect(systemCode(Object.assign(new Error('x'), { code: 7 }))).toBeUndefined();
    expect(systemCode('EPERM')).toBeUndefined();
  });
});
