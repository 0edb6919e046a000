import { describe, expect, it, vi } from 'vitest';
import { EXIT_USAGE } from '../../src/cli/exit-codes.js';
import { cli } from '../support/cli.js';
import { spawnCli } from '../support/cli-process.js';
import { QUICKSTART } from '../support/sandbox.js';

// Time budget: ten times its slowest test (0.7 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

/**
 * A command line that cannot run as written exits 64 (EX_USAGE), apart from 1 (the run failed) and 2 (changes):
 * CI can tell a typo in a workflow from a failed plan. No service variable is set, so a command that got as far as
 * reading would fail with exit 1 on the missing configuration instead.
 */

describe('usage errors exit 64', () => {
  it.each([
    ['an unknown command', ['plna'], "error: unknown command 'plna'"],
    ['an unknown flag', ['plan', QUICKSTART, '--bogus'], "error: unknown option '--bogus'"],
    ['a value outside its choices', ['plan', QUICKSTART, '--format', 'yaml'], "argument 'yaml' is invalid"],
    ['a malformed number', ['apply', QUICKSTART, '--concurrency', '0'], 'expected a positive integer'],
    ['a missing argument', ['purge'], "error: missing required argument 'webapp'"],
    ['no command at all', [], 'Usage: edgeplan [options] [command]'],
    [
      'a sandbox flag without --sandbox',
      ['plan', QUICKSTART, '--seed', 'x.yaml'],
      'only work with --sandbox',
    ],
    ['a malformed --target', ['plan', QUICKSTART, '--target', 'example.com'], 'expected kind:name'],
    ['an empty import selection', ['import', '--zones', ','], '--zones: give at least one name or glob'],
  ])('%s', async (_what, argv, message) => {
    const run = await cli(argv);
    expect(run.stderr).toContain(message);
    expect(run.code).toBe(EXIT_USAGE);
    expect(run.stdout).toBe('');
  });

  it('while --help and --version exit 0, and an error of the run itself stays 1', async () => {
    expect((await cli(['plan', '--help'])).code).toBe(0);
    expect((await cli(['--version'])).code).toBe(0);
    const missingCredentials = await cli(['plan', QUICKSTART]);
    expect(missingCredentials.stderr).toContain('missing EDGEPLAN_DYN_URL');
    expect(missingCredentials.code).toBe(1);
  });

  it('is the exit status of the process, not only of runCli', async () => {
    const child = spawnCli(['plan', '--no-such-flag'], {});
    const { code } = await child.exited;
    expect(child.stderr()).toContain("unknown option '--no-such-flag'");
    expect(code).toBe(64);
  });
});
