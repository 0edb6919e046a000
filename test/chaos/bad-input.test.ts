/**
 * The bad-input corpus: every `test/fixtures/config/bad/corpus/<name>.yaml` is an invalid desired state and
 * `<name>.expected` the exact stderr of the CLI for it (`file:line:col: message` lines, then the summary). `plan`
 * and `apply --yes` run in-process against a live emulator: each must exit 1 with exactly that output and send
 * NO request to either API.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (2.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const DIR = 'test/fixtures/config/bad/corpus';
const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((file) => ({
    file: join(DIR, file),
    expected: readFileSync(join(DIR, file.replace(/\.yaml$/, '.expected')), 'utf8'),
  }));

let sandbox: Sandbox;
let made: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  made = await mkdtemp(join(tmpdir(), 'edgeplan-bad-input-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(made, { recursive: true, force: true });
});

/** Runs `plan` and `apply --yes` on `file`: exactly `expected` on stderr, exit 1, no request to either API. */
async function refusedWithoutRequests(file: string, expected: string): Promise<void> {
  sandbox.emulator.requestLog.clear();
  for (const argv of [
    ['plan', file],
    ['apply', file, '--yes'],
  ]) {
    const run = await cli(argv, sandbox.env);
    expect(run.stderr, argv.join(' ')).toBe(expected);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
  }
  expect(sandbox.emulator.requestLog.entries).toEqual([]);
}

describe('bad input corpus', () => {
  it('has at least 40 cases, each with its expected output', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) expect(c.expected, c.file).toMatch(/^\S+\.yaml:\d+:\d+: .+\n/);
  });

  it.each(cases)('$file: exact messages, exit 1, zero API requests', async ({ file, expected }) => {
    await refusedWithoutRequests(file, expected);
  });

  // Files too odd to keep in the repository, made for the run.
  it('a 52 MB file: refused at file:1:1 without being read', async () => {
    const file = join(made, 'huge.yaml');
    await writeFile(file, '');
    await truncate(file, 52 * 1024 * 1024);
    const message = 'file is 52 MB; the limit is 4 MB per file (split a large zone across files)';
    await refusedWithoutRequests(
      file,
      `${file}:1:1: ${message}\n1 problem found; nothing was sent to any API.\n`,
    );
  });

  it('a FIFO: refused at file:1:1 instead of blocking for ever', async () => {
    const file = join(made, 'pipe.yaml');
    execFileSync('mkfifo', [file]);
    const message = 'not a regular file (a pipe, a device or a socket): desired state is read from files';
    await refusedWithoutRequests(
      file,
      `${file}:1:1: ${message}\n1 problem found; nothing was sent to any API.\n`,
    );
  });
});
