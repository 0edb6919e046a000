import { describe, expect, it } from 'vitest';
import {
  liveCompilerFlags,
  OPTIMISE_FROM_CHARACTERS,
  OPTIMISE_FROM_LIVE_RECORDS,
  sizedCompilerFlags,
  startCompilerFlags,
} from '../../src/cli/compiler-policy.js';
import { HEAP_FLAGS } from '../../src/cli/heap-policy.js';

/**
 * The flags the CLI gives itself for the run's size (pure): the commands that load desired state start without V8's
 * optimising compiler and in its memory-saving mode, and undo both for a large YAML or large live zones; other
 * commands, another V8 and a user's own choice are left as they are.
 */
const SMALL = '--no-opt --optimize-for-size';
const LARGE = '--opt --no-optimize-for-size';
const NODE_20 = { v8: '11.3.244.8-node.33', execArgv: [] };

describe('compiler policy', () => {
  it.each(['plan', 'apply', 'validate', 'drift'])(
    'starts %s without the optimising compiler, saving memory',
    (command) => {
      expect(startCompilerFlags(command, NODE_20)).toBe(SMALL);
    },
  );

  it.each([['import'], ['emulator'], ['verify'], ['--version'], ['--verbose'], [undefined]])(
    'leaves V8 as it is for a command line starting %j: its size is not known from YAML',
    (first) => {
      expect(startCompilerFlags(first, NODE_20)).toBe('');
    },
  );

  it.each(['12.4.254.21-node.33', '10.2.154.26-node.36', ''])('sets nothing on V8 %j', (v8) => {
    expect(startCompilerFlags('plan', { ...NODE_20, v8 })).toBe('');
  });

  it.each([
    ['--opt'],
    ['--no-opt'],
    ['--turbofan'],
    ['--no_turbofan'],
    ['--max-old-space-size=512', '--opt'],
  ])("keeps the user's own choice of compiler: %j", (...execArgv) => {
    expect(startCompilerFlags('plan', { ...NODE_20, execArgv })).toBe('--optimize-for-size');
  });

  it.each([['--optimize-for-size'], ['--no-optimize-for-size'], ['--optimize_for_size']])(
    "keeps the user's own choice of memory mode: %j",
    (...execArgv) => {
      expect(startCompilerFlags('plan', { ...NODE_20, execArgv })).toBe('--no-opt');
    },
  );

  it('sets nothing over a user who chose both', () => {
    const execArgv = ['--opt', '--no-optimize-for-size'];
    expect(startCompilerFlags('plan', { ...NODE_20, execArgv })).toBe('');
  });

  it('ignores flags that only start alike', () => {
    const execArgv = ['--optimize-for-size-x', '--opt-something=1', '--import=./no-opt.mjs'];
    expect(startCompilerFlags('plan', { ...NODE_20, execArgv })).toBe(SMALL);
  });

  it('undoes both from OPTIMISE_FROM_CHARACTERS of YAML, not below', () => {
    expect(OPTIMISE_FROM_CHARACTERS).toBe(500_000);
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS, SMALL)).toBe(LARGE);
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS - 1, SMALL)).toBe('');
    expect(sizedCompilerFlags(0, SMALL)).toBe('');
  });

  it('undoes only what the run set', () => {
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS * 4, '')).toBe('');
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS, '--no-opt')).toBe('--opt');
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS, '--optimize-for-size')).toBe(
      '--no-optimize-for-size',
    );
    expect(liveCompilerFlags(OPTIMISE_FROM_LIVE_RECORDS, '--optimize-for-size')).toBe(
      '--no-optimize-for-size',
    );
  });

  it('undoes both from OPTIMISE_FROM_LIVE_RECORDS live record sets, not below', () => {
    expect(OPTIMISE_FROM_LIVE_RECORDS).toBe(14_000);
    expect(liveCompilerFlags(OPTIMISE_FROM_LIVE_RECORDS, SMALL)).toBe(LARGE);
    expect(liveCompilerFlags(OPTIMISE_FROM_LIVE_RECORDS - 1, SMALL)).toBe('');
    expect(liveCompilerFlags(OPTIMISE_FROM_LIVE_RECORDS * 4, '')).toBe('');
  });

  it('lets the old generation grow further for a large run, the young generation left small', () => {
    const started = `${HEAP_FLAGS.join(' ')} ${SMALL}`;
    const large = `${LARGE} --heap-growing-percent=100`;
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS, started)).toBe(large);
    expect(liveCompilerFlags(OPTIMISE_FROM_LIVE_RECORDS, started)).toBe(large);
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS - 1, started)).toBe('');
    // A heap flag the user gave node is not in what the run set, so it is kept.
    expect(sizedCompilerFlags(OPTIMISE_FROM_CHARACTERS, '--heap-growing-percent=50')).toBe(
      '--heap-growing-percent=100',
    );
    expect(liveCompilerFlags(OPTIMISE_FROM_LIVE_RECORDS, '--semi-space-growth-factor=1 --no-opt')).toBe(
      '--opt',
    );
  });
});
