/**
 * The commands a team runs in CI (validate, plan, apply, drift), typed as in a terminal and run by the built CLI
 * in a process of its own, against the quickstart's account in the emulator (a fresh one per test, in this
 * process). Each flag is checked by what it changes: the file it writes, the format, the targets, the log.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addRecordOutOfBand, workDir } from '../integration/review-helpers.js';
import { BUILD_BUDGET_MS, BUILT_CLI, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';
import { PASSWORD, QUICKSTART_SEED, quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: each test runs up to three processes of the built CLI, about a second each on a quiet machine.
vi.setConfig({ testTimeout: 90_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeAll(ensureBuilt, BUILD_BUDGET_MS);
beforeEach(async () => {
  [sandbox, work] = await Promise.all([quickstartSandbox(), workDir()]);
});
afterEach(async () => {
  await Promise.all([sandbox.close(), work.close()]);
});

// Run where the desired state is, as in a repository: a saved plan records its paths relative to it.
const edgeplan = (argv: string[]) => runCliProcess(argv, sandbox.env, { built: true, cwd: work.dir });

/** `edgeplan <command>` on a terminal (script(1) gives it one), colours not switched off by the environment. */
function onTerminal(command: string): Promise<string> {
  const env = { ...process.env, ...sandbox.env };
  delete env.NO_COLOR;
  const line = `${process.execPath} ${BUILT_CLI} ${command}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', line, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe('the built CLI', () => {
  it('--version prints the package version; --help lists every command', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    expect(await edgeplan(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const help = await edgeplan(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['validate', 'plan', 'apply', 'drift', 'import', 'purge', 'emulator'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('validate --format json counts what it loaded', async () => {
    const run = await edgeplan(['validate', work.config, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ valid: true, zones: 3, recordSets: 10, webapps: 2 });
  });

  it('plan with every output flag, then apply --plan of the saved plan with --format markdown', async () => {
    const saved = join(work.dir, 'plan.json');
    const cache = join(work.dir, 'cache');
    const plan = await edgeplan([
      'plan',
      work.config,
      '--format',
      'markdown',
      '--out',
      saved,
      '--target',
      'zone:example.com',
      '--cache',
      cache,
      '--dns-rate-limit',
      '120',
      '--waf-rate-limit',
      '100',
      '--verbose',
      '--no-color',
    ]);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toMatch(/^## edgeplan plan\n/);
    expect(plan.stdout).toContain('`zone:example.com` (serial 41)');
    expect(plan.stdout).not.toContain('webapp:');
    // --verbose logs each request on stderr, the password never; --cache kept the zone it read.
    expect(plan.stderr).toContain('debug: http → GET /REST/AllRecord/example.com/?detail=Y');
    expect(plan.stderr).not.toContain(PASSWORD);
    expect((await readdir(cache, { recursive: true })).some((f) => f.includes('example.com'))).toBe(true);
    const steps = (JSON.parse(await readFile(saved, 'utf8')) as { steps: { id: string }[] }).steps;
    expect(steps.map((s) => s.id)).toEqual(['zone:example.com']);

    const apply = await edgeplan(['apply', '--plan', saved, '--yes', '--format', 'markdown']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/^## edgeplan plan\n/);
    expect(apply.stdout).toContain('✓ zone:example.com: 6 API calls, published');
  });

  it('plan --changed-since reads only the targets whose files changed since a git revision', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.net', ...args], {
        cwd: work.dir,
      });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    const run = await edgeplan(['plan', work.config, '--changed-since', 'HEAD']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Changed since HEAD \([0-9a-f]{12}\): .* left out, not read/);
    expect(sandbox.emulator.requestLog.count({ path: /AllRecord/ })).toBe(0);
  });

  it('apply refuses a change that needs approval; --allow-unsafe -y --concurrency applies it', async () => {
    await work.write(
      'config/extra.yaml',
      'zones:\n  extra.example:\n    records:\n      www: { a: [192.0.2.5] }\n',
    );
    const refused = await edgeplan(['apply', work.config, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refusing to apply: 1 change needs approval');
    const applied = await edgeplan([
      'apply',
      work.config,
      '-y',
      '--allow-unsafe',
      '--concurrency',
      '2',
      '--format',
      'json',
    ]);
    expect(applied.code, applied.stderr).toBe(0);
    const report = JSON.parse(applied.stdout) as { converged: boolean; result: { steps: { id: string }[] } };
    expect(report.converged).toBe(true);
    expect(report.result.steps.map((s) => s.id)).toContain('zone:extra.example');
  });

  it('drift --cache: in sync, then a change made out of band, then that change acknowledged with --ack', async () => {
    expect((await edgeplan(['apply', work.config, '--yes'])).code).toBe(0);
    const cache = join(work.dir, 'cache');
    expect((await edgeplan(['drift', work.config, '--cache', cache])).code).toBe(0);
    await addRecordOutOfBand(sandbox, 'example.com', 'rogue.example.com', '192.0.2.66');
    const drift = await edgeplan(['drift', work.config, '--cache', cache]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('rogue.example.com');
    const ack = await work.write(
      'ack.yaml',
      'acknowledged:\n  - { target: "zone:example.com/rogue A", reason: test, owner: ops, expires: 2099-12-31 }\n',
    );
    const acknowledged = await edgeplan(['drift', work.config, '--ack', ack]);
    expect(acknowledged.code, acknowledged.stdout).toBe(0);
    expect(acknowledged.stdout).toContain('All of it is acknowledged.');
  });

  it('on a terminal the plan is coloured, and --no-color turns that off', async () => {
    const ansi = '\u001b[';
    expect(await onTerminal(`plan ${work.config}`)).toContain(ansi);
    expect(await onTerminal(`plan ${work.config} --no-color`)).not.toContain(ansi);
  });

  it('apply --sandbox with its state file, seed and the realistic profile', async () => {
    const state = join(work.dir, 'sandbox.json');
    const argv = [
      '--sandbox',
      '--sandbox-state',
      state,
      '--seed',
      resolve(QUICKSTART_SEED),
      '--realistic',
      '--time-scale',
      '0.01',
    ];
    const run = await edgeplan(['apply', work.config, '--yes', ...argv]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`state in ${state}`);
    // Published once in the sandbox, whose account the state file keeps.
    expect(JSON.parse(await readFile(state, 'utf8')).dns.zones['example.com'].serial).toBe(42);
  });

  it('a damaged sandbox state file is named with where it is wrong, its content never printed', async () => {
    const state = join(work.dir, 'sandbox.json');
    await writeFile(state, `{\n  "dns": { "credentials": { "password": "${PASSWORD}" } }\n  oops\n}\n`);
    const run = await edgeplan(['plan', work.config, '--sandbox', '--sandbox-state', state]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Cannot parse emulator state ${state}: not valid JSON at line 3, column 3 (invalid symbol)`,
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
  });
});
