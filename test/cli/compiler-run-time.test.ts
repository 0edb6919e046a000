import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPTIMISE_FROM_CHARACTERS, OPTIMISE_FROM_LIVE_RECORDS } from '../../src/cli/compiler-policy.js';
import { BUILT_CLI, ensureBuilt } from '../support/built-cli.js';

// Time budget: two runs of the built CLI validating 1,000 records (about 0.3 s each on a quiet machine), two of
// 18,000 (about 1 s) and two plans of one record against zone files of 100 and 15,000 (about 3 s); 29 s seen at
// load 27, so forty times that.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/**
 * The compiler policy at run time (src/cli/compiler-policy.ts): the built CLI, as users run it, validates 1,000
 * records without V8's optimising compiler, where V8's default optimises some twenty functions, and turns it on for
 * a YAML of OPTIMISE_FROM_CHARACTERS or more, or for a small YAML whose live zones hold OPTIMISE_FROM_LIVE_RECORDS
 * record sets or more. Read from V8 itself: `--trace-opt` prints a line for each function
 * TurboFan finishes optimising (a count, not a time). A user's own `--opt` is kept.
 */
const exec = promisify(execFile);
let dir: string;
let small: string;
let large: string;
let oneRecord: string;

function zoneFile(records: number): string {
  const lines = Array.from(
    { length: records },
    (_, i) => `      r${i}: { a: [10.${i >> 16}.${(i >> 8) & 255}.${i & 255}] }`,
  );
  return `zones:\n  big.example:\n    records:\n${lines.join('\n')}\n`;
}

/** The zone file of `big.example` holding `records` A records. */
function liveZoneFile(records: number): string {
  const lines = Array.from(
    { length: records },
    (_, i) => `r${i}\t300\tIN\tA\t10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
  );
  const head = [
    '$ORIGIN big.example.',
    '@\t300\tIN\tSOA\tns1.example.net. hostmaster.big.example. 1 3600 600 1209600 300',
    '@\t300\tIN\tNS\tns1.example.net.',
  ];
  return `${[...head, ...lines].join('\n')}\n`;
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
  // One record planned against a zone file: 100 record sets in small/, OPTIMISE_FROM_LIVE_RECORDS + 1000 in big/.
  oneRecord = `providers:\n  files: { type: zonefile, directory: zones/, nameservers: [ns1.example.net.] }\n${zoneFile(1)}`;
  for (const [name, records] of [
    ['small', 100],
    ['big', OPTIMISE_FROM_LIVE_RECORDS + 1000],
  ] as const) {
    await mkdir(join(dir, name, 'zones'), { recursive: true });
    await writeFile(join(dir, name, 'one.yaml'), oneRecord);
    await writeFile(join(dir, name, 'zones', 'big.example.zone'), liveZoneFile(records));
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** How many functions V8 finished optimising in `edgeplan <argv>`, node given `nodeArgs`. */
async function optimised(nodeArgs: string[], argv: string[], cwd?: string): Promise<number> {
  const run = await exec(process.execPath, [...nodeArgs, '--trace-opt', BUILT_CLI, ...argv], {
    maxBuffer: 64 * 1024 * 1024,
    ...(cwd ? { cwd } : {}),
  }).catch((error: { code?: number; stdout: string; stderr: string }) => {
    // `plan` exits 2 when it has changes: its output is read as that of any other run.
    if (error.code !== 2) throw error;
    return error;
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

  it('optimises nothing in a plan of one record against a zone file of 100', async () => {
    expect(await optimised([], ['plan', 'one.yaml'], join(dir, 'small'))).toBe(0);
  });

  it('optimises again once the live zones read are large enough, whatever the YAML', async () => {
    expect(await optimised([], ['plan', 'one.yaml'], join(dir, 'big'))).toBeGreaterThan(0);
  });
});
