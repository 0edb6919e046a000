/**
 * The bad-input corpus (issue 6 part 5): every `test/fixtures/bad/<name>.yaml` is an invalid desired state and
 * `<name>.expected` the exact stderr of the CLI for it (`file:line:col: message` lines, then the summary). `plan`
 * and `apply --yes` run in-process against a live emulator: each must exit 1 with exactly that output and send
 * NO request to either API.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, type Sandbox, startSandbox } from '../integration/helpers.js';

const DIR = 'test/fixtures/bad';
const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((file) => ({
    file: join(DIR, file),
    expected: readFileSync(join(DIR, file.replace(/\.yaml$/, '.expected')), 'utf8'),
  }));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('bad input corpus', () => {
  it('has at least 40 cases, each with its expected output', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) expect(c.expected, c.file).toMatch(/^\S+\.yaml:\d+:\d+: .+\n/);
  });

  it.each(cases)('$file: exact messages, exit 1, zero API requests', async ({ file, expected }) => {
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
  });
});
