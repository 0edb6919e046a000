/**
 * The sandbox keeps the WAF cache-purge budget (20 purges an hour, the service's) in its state file, so that runs of
 * `edgeplan purge --sandbox` in a row spend one budget, as clients of one company do against the service: the
 * sandbox never accepts a purge the service would refuse.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';

// Time budget: three in-process runs, each waiting for its purge task to finish (0.7 s on the emulator's clock).
vi.setConfig({ testTimeout: 30_000 });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-purge-budget-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const purge = (...flags: string[]) =>
  cli(['purge', 'blog', '--sandbox', '--sandbox-state', 'state.json', ...flags], {}, { cwd: dir });

async function savedBucket(): Promise<unknown> {
  return JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')).waf.purge_bucket;
}

describe('purge --sandbox, run after run on one state file', () => {
  it('spends one budget: the purge after the 20th of the hour is refused, nothing purged', async () => {
    // The seed starts the hour with 18 purges spent (a window that began now): two are left.
    const started = new Date().toISOString();
    const seed = {
      waf: { webapps: [{ name: 'blog' }], purge_bucket: { window_started_at: started, used: 18 } },
    };
    await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));

    const first = await purge('--seed', 'seed.json');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/; 1 of 20 purges left this hour \(resets in \d+ min\)\.\n$/);
    expect(await savedBucket()).toEqual({ window_started_at: started, used: 19 });

    const second = await purge('--path', '/index.html');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/; 0 of 20 purges left this hour/);

    const third = await purge();
    expect(third.code).toBe(1);
    expect(third.stdout).toBe('');
    expect(third.stderr).toContain(
      'the WAF cache-purge limit (20 purges an hour) is spent: the service refused the purge (HTTP 429), ' +
        'nothing was purged; it resets in ',
    );
    // The window is the one the seed started: the refusal moved neither its start nor the purges done in it.
    expect(await savedBucket()).toMatchObject({ window_started_at: started });
  });

  it('starts a new window once the saved one is over', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const seed = {
      waf: { webapps: [{ name: 'blog' }], purge_bucket: { window_started_at: hourAgo, used: 20 } },
    };
    await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));
    const run = await purge('--seed', 'seed.json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/; 19 of 20 purges left this hour \(resets in 60 min\)\.\n$/);
    expect(await savedBucket()).toMatchObject({ used: 1 });
  });
});
