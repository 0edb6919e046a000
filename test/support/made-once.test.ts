import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { madeOnce } from './made-once.js';

const name = `edgeplan-made-once-test-${randomUUID()}`;
afterEach(() => rm(join(tmpdir(), name), { recursive: true, force: true }));

describe('madeOnce', () => {
  it('makes a directory once for callers at once and after, each given it whole', async () => {
    let makes = 0;
    const make = async (dir: string) => {
      makes += 1;
      await writeFile(join(dir, 'a'), 'first');
      await sleep(50);
      await writeFile(join(dir, 'b'), 'second');
    };
    const dirs = await Promise.all([madeOnce(name, make), madeOnce(name, make), madeOnce(name, make)]);
    dirs.push(await madeOnce(name, make));
    expect(makes).toBe(1);
    expect(new Set(dirs)).toEqual(new Set([join(tmpdir(), name)]));
    expect(await readFile(join(tmpdir(), name, 'b'), 'utf8')).toBe('second');
  });

  it('leaves nothing of a make that failed, and makes it again when next asked', async () => {
    await expect(
      madeOnce(name, async (dir) => {
        await writeFile(join(dir, 'half'), '');
        throw new Error('no space left');
      }),
    ).rejects.toThrow('no space left');
    expect((await readdir(tmpdir())).filter((entry) => entry.startsWith(name))).toEqual([]);
    const dir = await madeOnce(name, (made) => writeFile(join(made, 'whole'), ''));
    expect(await readdir(dir)).toEqual(['whole']);
  });
});
