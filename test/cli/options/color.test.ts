import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useColor } from '../../../src/cli/options/options.js';
import { cli, quietIo } from '../../support/cli.js';
import { QUICKSTART, QUICKSTART_SEED } from '../../support/sandbox.js';

// Time budget: ten times its slowest test (0.8 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const io = (env: Record<string, string>, stdoutIsTTY: boolean) => quietIo({ env, stdoutIsTTY });

describe('useColor', () => {
  it.each([
    ['a terminal', {}, true, true],
    ['a pipe', {}, false, false],
    ['NO_COLOR on a terminal', { NO_COLOR: '1' }, true, false],
    ['an empty NO_COLOR (unset, says no-color.org)', { NO_COLOR: '' }, true, true],
    ['FORCE_COLOR=1 on a pipe', { FORCE_COLOR: '1' }, false, true],
    ['FORCE_COLOR empty on a pipe', { FORCE_COLOR: '' }, false, true],
    ['FORCE_COLOR=3', { FORCE_COLOR: '3' }, false, true],
    ['FORCE_COLOR=true', { FORCE_COLOR: 'TRUE' }, false, true],
    ['FORCE_COLOR beside NO_COLOR', { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    ['FORCE_COLOR=0 on a terminal', { FORCE_COLOR: '0' }, true, false],
    ['FORCE_COLOR=false on a terminal', { FORCE_COLOR: 'false' }, true, false],
  ])('%s', (_what, env, tty, expected) => {
    expect(useColor({ color: true }, io(env, tty))).toBe(expected);
  });

  it('--no-color wins over FORCE_COLOR and a terminal', () => {
    expect(useColor({ color: false }, io({ FORCE_COLOR: '1' }, true))).toBe(false);
  });
});

describe('FORCE_COLOR on the command line', () => {
  it('colours the text plan written to a pipe, and --no-color takes it back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-color-'));
    try {
      const plan = ['plan', QUICKSTART, '--sandbox', '--sandbox-state', join(dir, 'state.json')];
      const forced = await cli([...plan, '--seed', QUICKSTART_SEED], { FORCE_COLOR: '1' });
      expect(forced.code, forced.stderr).toBe(2);
      expect(forced.stdout).toContain('\u001b[');
      const plain = await cli([...plan, '--no-color'], { FORCE_COLOR: '1' });
      expect(plain.code).toBe(2);
      expect(plain.stdout).not.toContain('\u001b[');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
