/**
 * Which temporary files of atomic writes are a killed run's, and removed: only those this machine wrote, whose
 * process is gone (or is this one, not writing them any more), that are regular files of this user. Everything
 * else in the directory is left alone, a live writer's temporary file above all.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chown, lstat, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimTempPath, processExists, removeStaleTemps } from '../../src/providers/stale-temps.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-stale-temps-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The name this machine's process `pid` would give a temporary file of `file`. */
function tempOf(file: string, pid: number): string {
  const { temp, done } = claimTempPath(join(dir, file));
  done();
  return basename(temp).replace(`-${process.pid}-`, `-${pid}-`);
}

const dead = new Set([1_000_001, 1_000_002]);
const exists = (pid: number) => !dead.has(pid);

describe('temporary files of atomic writes', () => {
  it('are named after the file, this machine and the process, and kept to a file name length', () => {
    const { temp, done } = claimTempPath(join(dir, 'example.com.zone'));
    done();
    const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
    expect(basename(temp)).toMatch(
      new RegExp(`^\\.example\\.com\\.zone\\.edgeplan-${host}-${process.pid}-[0-9a-f]{12}\\.tmp$`),
    );
    const long = claimTempPath(join(dir, 'x'.repeat(250)));
    long.done();
    expect(basename(long.temp)).toHaveLength(
      1 + 100 + '.edgeplan-12345678-'.length + String(process.pid).length + 17,
    );
  });

  it("removes a dead process's files of this machine, and nothing else", async () => {
    const names = {
      deadA: tempOf('a.zone', 1_000_001),
      deadB: tempOf('b.zone', 1_000_002),
      alive: tempOf('a.zone', 1_000_003),
      otherHost: tempOf('a.zone', 1_000_001).replace(/edgeplan-[0-9a-f]{8}/, 'edgeplan-00000000'),
      noPid: tempOf('a.zone', 1_000_001).replace('-1000001-', '-0-'),
      unlike: '.a.zone.0123456789ab.tmp',
      noDot: tempOf('a.zone', 1_000_001).slice(1),
      suffixed: `${tempOf('a.zone', 1_000_001)}.bak`,
      zone: 'a.zone',
    };
    for (const name of Object.values(names)) await writeFile(join(dir, name), 'x');
    const removed = await removeStaleTemps(dir, exists);
    expect(removed.sort()).toEqual([names.deadA, names.deadB].sort());
    const { deadA, deadB, ...kept } = names;
    expect((await readdir(dir)).sort()).toEqual(Object.values(kept).sort());
  });

  it("keeps this process's files while it writes them, and removes them once it does not", async () => {
    const writing = claimTempPath(join(dir, 'a.zone'));
    await writeFile(writing.temp, 'x');
    expect(await removeStaleTemps(dir, () => false)).toEqual([]);
    writing.done();
    expect(await removeStaleTemps(dir, () => true)).toEqual([basename(writing.temp)]);
  });

  it('keeps a link or a directory of that name, and a file of another user', async () => {
    const link = tempOf('a.zone', 1_000_001);
    await symlink(join(dir, 'a.zone'), join(dir, link));
    const other = tempOf('b.zone', 1_000_001);
    await writeFile(join(dir, other), 'x');
    const uid = process.getuid?.();
    if (uid === 0) await chown(join(dir, other), 4321, 4321);
    expect(await removeStaleTemps(dir, exists)).toEqual(uid === 0 ? [] : [other]);
    expect((await lstat(join(dir, link))).isSymbolicLink()).toBe(true);
  });

  it('skips a file removed while it is looked at', async () => {
    const gone = tempOf('a.zone', 1_000_001);
    await writeFile(join(dir, gone), 'x');
    const removedMeanwhile = (pid: number) => {
      rmSync(join(dir, gone));
      return exists(pid);
    };
    expect(await removeStaleTemps(dir, removedMeanwhile)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it("tells a running process (this one, or another user's: EPERM) from one that is gone (ESRCH)", () => {
    expect(processExists(process.pid)).toBe(true);
    expect(processExists(2_147_483_646)).toBe(false);
    const failing = (code: string) => () => {
      throw Object.assign(new Error(code), { code });
    };
    expect(processExists(1, failing('EPERM'))).toBe(true);
    expect(processExists(1, failing('ESRCH'))).toBe(false);
    expect(processExists(1, () => {})).toBe(true);
  });
});
