import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPTIMISE_FROM_CHARACTERS } from '../../src/cli/compiler-policy.js';
import { BUILT_CLI, ensureBuilt } from '../support/built-cli.js';

// Time budget: two runs of the built CLI validating 1,000 records, about 0.5 s each on a quiet machine, and two of
// 50,000, about 1.5 s each; ten times that.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 300_000 });

/**
 * The heap policy at run time (src/cli/heap-policy.ts): the built CLI, as users run it, keeps V8's young generation
 * at its first size (1 MiB a half, 2 MiB in all) through loading its code and 1,000 records, where V8's default
 * doubles it to 8 MiB. Read from V8 itself at exit (`v8.getHeapSpaceStatistics`, a preloaded module): a size in
 * bytes, not a time. A user's own growth factor (node's own argument) is kept, and grows it as before. A YAML of
 * OPTIMISE_FROM_CHARACTERS or more lets the old generation double between full collections (compiler-policy.ts):
 * counted from V8's own `--trace-gc` lines, not timed.
 */
const MIB = 1024 * 1024;
const exec = promisify(execFile);
let dir: string;
let desired: string;
let large: string;
let probe: string;

/** A zone of `count` A records as edgeplan's YAML. */
function zoneYaml(count: number): string {
  const records = Array.from(
    { length: count },
    (_, i) => `      r${i}: { a: [10.${i >> 16}.${(i >> 8) & 255}.${i & 255}] }`,
  );
  return `zones:\n  big.example:\n    records:\n${records.join('\n')}\n`;
}

beforeAll(async () => {
  await ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-heap-'));
  desired = join(dir, 'zones.yaml');
  await writeFile(desired, zoneYaml(1000));
  large = join(dir, 'large.yaml');
  const text = zoneYaml(50_000);
  expect(text.length).toBeGreaterThanOrEqual(OPTIMISE_FROM_CHARACTERS);
  await writeFile(large, text);
  probe = join(dir, 'probe.mjs');
  await writeFile(
    probe,
    `import { writeFileSync } from 'node:fs';\nimport { getHeapSpaceStatistics } from 'node:v8';\n` +
      `process.on('exit', () => writeFileSync(process.env.HEAP_OUT, JSON.stringify(getHeapSpaceStatistics())));\n`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The young generation's committed size at the end of `validate` of the 1,000 records, node given `nodeArgs`. */
async function youngGeneration(name: string, nodeArgs: string[]): Promise<number> {
  const out = join(dir, `${name}.json`);
  const argv = [...nodeArgs, '--import', probe, BUILT_CLI, 'validate', desired];
  const run = await exec(process.execPath, argv, { env: { ...process.env, HEAP_OUT: out } });
  expect(run.stderr).toBe('');
  const spaces = JSON.parse(await readFile(out, 'utf8')) as { space_name: string; space_size: number }[];
  const young = spaces.find((space) => space.space_name === 'new_space');
  if (!young) throw new Error(`no new_space in ${out}`);
  return young.space_size;
}

/** How many full (mark-compact) collections V8 made in `validate` of the large YAML, node given `nodeArgs`. */
async function fullCollections(nodeArgs: string[]): Promise<number> {
  const run = await exec(process.execPath, [...nodeArgs, '--trace-gc', BUILT_CLI, 'validate', large], {
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.stdout).toContain('Valid: 1 zone, 50000 record sets.');
  return run.stdout.split('\n').filter((line) => line.includes('Mark-Compact')).length;
}

describe.runIf(process.versions.v8.startsWith('11.'))('the young generation of a CLI run', () => {
  it('stays at its first 2 MiB through start-up and 1,000 records', async () => {
    expect(await youngGeneration('policy', [])).toBeLessThanOrEqual(2 * MIB);
  });

  it('collects the old generation less often for a YAML of OPTIMISE_FROM_CHARACTERS or more', async () => {
    // The small run's growth of a half, given by the user (so kept), against the policy's doubling.
    expect(await fullCollections([])).toBeLessThan(await fullCollections(['--heap-growing-percent=50']));
  });

  // V8's memory-saving mode, which a small run starts in (compiler-policy.ts), caps the young generation on its own:
  // the user's choice of that mode is kept too, so that only V8's default growth is left to see.
  it("grows as V8's default does when the user sets the growth factor", async () => {
    const userFlags = ['--semi-space-growth-factor=2', '--no-optimize-for-size'];
    expect(await youngGeneration('user', userFlags)).toBeGreaterThanOrEqual(8 * MIB);
  });
});
