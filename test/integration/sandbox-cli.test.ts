import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART as QUICKSTART_DIR, QUICKSTART_SEED } from '../support/sandbox.js';

// Time budget: ten times its slowest test (3.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * `--sandbox` is a plain flag: the state file is `--sandbox-state FILE` (default `.edgeplan-sandbox.json` in the
 * working directory), so the next argument is never taken for it. Each test runs in a temp directory that holds
 * YAML which is not desired state, so loading the working directory instead of PATH fails loudly.
 */

const QUICKSTART = resolve(QUICKSTART_DIR);
const SEED = resolve(QUICKSTART_SEED);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-sandbox-'));
  await writeFile(join(dir, 'docker-compose.yaml'), 'services:\n  web:\n    image: nginx\n');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const run = (argv: string[]) => cli(argv, {}, { cwd: dir });

describe('--sandbox', () => {
  it('is a flag: `plan --sandbox PATH` plans PATH, the account kept in .edgeplan-sandbox.json (mode 0600)', async () => {
    const plan = await run(['plan', '--sandbox', QUICKSTART, '--seed', SEED]);
    expect(plan.stderr).not.toContain('docker-compose');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('example.org (new zone');
    // The state file is written when the account changes: it holds the sandbox's credentials.
    expect((await run(['apply', '--sandbox', QUICKSTART, '--seed', SEED, '--yes'])).code).toBe(0);
    const state = await stat(join(dir, '.edgeplan-sandbox.json'));
    expect(state.mode & 0o777).toBe(0o600);
  });

  it('plan --sandbox --seed writes the state file it names, so apply --sandbox without --seed starts from the seed', async () => {
    const plan = await run(['plan', QUICKSTART, '--sandbox', '--seed', SEED]);
    expect(plan.code).toBe(2);
    const state = join(dir, '.edgeplan-sandbox.json');
    expect(plan.stderr).toContain(`state in ${state}`);
    expect(JSON.parse(await readFile(state, 'utf8')).waf.webapps).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'shop-production' })]),
    );
    const apply = await run(['apply', QUICKSTART, '--sandbox', '--yes']);
    expect(apply.stderr).not.toContain('does not exist');
    expect(apply.code).toBe(0);
    expect((await run(['plan', QUICKSTART, '--sandbox'])).code).toBe(0);
  });

  it('--sandbox-state FILE keeps the account there: plan 2 → apply 0 → plan 0', async () => {
    const flags = ['--sandbox', '--sandbox-state', 'state/account.json', '--seed', SEED];
    expect((await run(['plan', QUICKSTART, ...flags])).code).toBe(2);
    expect((await run(['apply', QUICKSTART, '--yes', ...flags])).code).toBe(0);
    const after = await run(['plan', QUICKSTART, ...flags]);
    expect(after.code).toBe(0);
    expect((await stat(join(dir, 'state/account.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(dir, 'state/account.json'), 'utf8'))).toHaveProperty('dns');
  });

  it('says on stderr when --seed is ignored because the state file exists', async () => {
    const first = await run(['apply', QUICKSTART, '--sandbox', '--seed', SEED, '--yes']);
    expect(first.stderr).not.toContain('ignored');
    const again = await run(['plan', QUICKSTART, '--sandbox', '--seed', SEED]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      `sandbox: --seed ${SEED} ignored: the account is the one kept in ${join(dir, '.edgeplan-sandbox.json')} ` +
        '(delete that file to start again from the seed)',
    );
  });

  it('refuses --seed or --sandbox-state without --sandbox instead of ignoring them', async () => {
    for (const flags of [
      ['--seed', SEED],
      ['--sandbox-state', 'x.json'],
    ]) {
      const plan = await run(['plan', QUICKSTART, ...flags]);
      expect(plan.code).toBe(64);
      expect(plan.stderr).toContain(`error: ${flags[0]} only work with --sandbox`);
    }
    const both = await run(['import', '--seed', SEED, '--sandbox-state', 'x.json']);
    expect(both.stderr).toContain('error: --sandbox-state and --seed only work with --sandbox');
  });

  it('a plan made with --sandbox applies with --sandbox and the same state file, and only so', async () => {
    const flags = ['--sandbox', '--seed', SEED];
    // A saved plan's paths lie inside the directory it is made in.
    await cp(QUICKSTART, join(dir, 'dns'), {
      recursive: true,
      filter: (src) => !src.endsWith('sandbox-seed.yaml'),
    });
    expect((await run(['plan', 'dns', ...flags, '--out', 'plan.json'])).code).toBe(2);
    const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8'));
    expect(plan.accounts).toEqual({
      dyn: { url: 'sandbox:.edgeplan-sandbox.json', customer: 'demo' },
      waf: { url: 'sandbox:.edgeplan-sandbox.json' },
    });
    const other = await run([
      'apply',
      '--plan',
      'plan.json',
      '--yes',
      '--sandbox',
      '--sandbox-state',
      'b.json',
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('it was made against another account');
    const applied = await run(['apply', '--plan', 'plan.json', '--yes', ...flags]);
    expect(applied.code).toBe(0);
  });

  it('import --sandbox is a flag too', async () => {
    const imported = await run([
      'import',
      '--sandbox',
      '--seed',
      SEED,
      '--zones',
      'example.com',
      '--out',
      'x',
    ]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('example.com.yaml');
  });
});
