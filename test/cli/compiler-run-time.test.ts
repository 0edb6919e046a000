import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPTIMISE_FROM_CHARACTERS } from '../../src/cli/compiler-policy.js';
import { BUILT_CLI, ensureBuilt } from '../support/built-cli.js';

// Time budget: two runs of the built CLI validating 1,000 records (about 0.3 s each on a quiet machine) and two of
// 18,000 (about 1 s); ten times that.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 300_000 });

/**
 * The compiler policy at run time (src/cli/compiler-policy.ts): the built CLI, as users run it, validates 1,000
 * records without V8's optimising compiler, where V8's default optimises some twenty functions, and turns it on for
 * a YAML of OPTIMISE_FROM_CHARACTERS or more. Read from V8 itself: `--trace-opt` prints a line for each function
 * TurboFan finishes optimising (a count, not a time). A user's own `--opt` is kept.
 */
const exec = promisify(execFile);
let dir: string;
let small: string;
let large: string;

function zoneFile(records: number): string {
  const lines = Array.from(
    { length: records },
    (_, i) => `      r${i}: { a: [10.${i >> 16}.${(i >> 8) & 255}.${i & 255}] }`,
  );
  return `zones:\n  big.example:\n    records:\n${lines.join('\n')}\n`;
}

beforeAll(async () => {
  await ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-compiler-'));
  small = join(dir, 'small.yaml');
  await writeFile(small, zoneFile(1000));
  large = join(dir, 'large.yaml');
  const text = zoneFile(18_000);
  expect(text.length).toBeGreaterThanOrEqual(OPTIMISE_FROM_CHARACTERS);
  await writeFile(large, text);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** How many functions V8 finished optimising in `edgeplan <argv>`, node given `nodeArgs`. */
async function optimised(nodeArgs: string[], argv: string[]): Promise<number> {
  const run = await exec(process.execPath, [...nodeArgs, '--trace-opt', BUILT_CLI, ...argv], {
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.stderr).toBe('');
  return run.stdout.split('\n').filter((line) => line.includes('completed optimizing')).length;
}

describe.runIf(process.versions.v8.startsWith('11.'))('the optimising compiler of a CLI run', () => {
  it('optimises nothing in a validate of 1,000 records', async () => {
    expect(await optimised([], ['validate', small])).toBe(0);
  });

  it('optimises as V8 does by default when the user asks for it', async () => {
    expect(await optimised(['--opt'], ['validate', small])).toBeGreaterThan(0);
  });

  it('optimises again once the YAML read is large enough to pay for it', async () => {
    expect(await optimised([], ['validate', large])).toBeGreaterThan(0);
  });

  it("keeps the user's own --no-opt for a large YAML", async () => {
    expect(await optimised(['--no-opt'], ['validate', large])).toBe(0);
  });
});
