/**
 * `verify` and `apply --wait-served` in the built CLI, in a process of their own, on the sandbox's name servers:
 * the apply waits until what it published is served (with a lag), and verify then finds every set served.
 */
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { workDir } from '../integration/review-helpers.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';
import { QUICKSTART_SEED } from '../support/sandbox.js';

// Time budget: an apply that waits out a lag of 0.3 s, then a verify; a few seconds on a quiet machine.
vi.setConfig({ testTimeout: 120_000 });

let work: Awaited<ReturnType<typeof workDir>>;

beforeAll(ensureBuilt, BUILD_BUDGET_MS);
beforeEach(async () => {
  work = await workDir();
});
afterEach(() => work.close());

const edgeplan = (argv: string[]) => runCliProcess(argv, {}, { built: true, cwd: work.dir });

describe('the built CLI', () => {
  it('apply --wait-served waits out --dns-lag; verify then finds every record set served', async () => {
    const sandbox = ['--sandbox', '--sandbox-state', join(work.dir, 'state.json')];
    const seed = ['--seed', resolve(QUICKSTART_SEED)];
    const apply = await edgeplan([
      'apply',
      work.config,
      ...sandbox,
      ...seed,
      '--yes',
      '--dns-lag',
      '300',
      '--wait-served',
      '60s',
    ]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Served: every changed record set');

    const verify = await edgeplan(['verify', work.config, ...sandbox, '--query-timeout', '5000']);
    expect(verify.code, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('served as desired by every server');
  });
});
