import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bash, parseOutputs } from '../workflows/step-io.js';
import { type PackedProject, packedProject, ROOT, run } from './packed-project.js';

// Time budget: ten times its slowest test (21.8 s: six edgeplan runs through npx, on 2 cores at load 15), rounded
// up; the install has its own (the pack may build first, then npm installs).
vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

/**
 * A release as a user takes it: the packed tarball installed with the README's own command into an empty project
 * (packed-project.ts), then `npx edgeplan` and the GitHub Action's script (action/run.sh, with the inputs action.yml
 * hands it) on the sandbox, with the outcomes of the CLI itself. No registry is reachable from these runs.
 */

let project: PackedProject;
let app: string;
const OFFLINE = { npm_config_registry: 'http://127.0.0.1:9/' };
/** The sandbox flags, each account in a file of its own: the quickstart's seed, nothing applied yet. */
const sandbox = (state: string) => `--sandbox --sandbox-state ${state} --seed sandbox-seed.yaml`;

function npx(args: string[]) {
  return run('npx', args, { cwd: app, env: { ...process.env, ...OFFLINE } }).then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
  );
}

let step = 0;
/** The action's one step, as the runner runs it: `bash …/action/run.sh` with its INPUT_* and the runner's files. */
async function action(inputs: Record<string, string>, actionPath = ROOT) {
  const files = join(project.tmp, `step-${++step}`);
  await mkdir(files, { recursive: true });
  const output = join(files, 'output');
  const summary = join(files, 'summary');
  const script = join(files, 'script.sh');
  await writeFile(output, '');
  await writeFile(script, `bash "${ROOT}/action/run.sh"\n`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? files,
    ...OFFLINE,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: app,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_ACTION_PATH: actionPath,
    RUNNER_TEMP: files,
  };
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.toUpperCase().replaceAll('-', '_')}`] = value;
  const result = await bash(script, app, env);
  return {
    ...result,
    outputs: parseOutputs(await readFile(output, 'utf8')),
    summary: await readFile(summary, 'utf8').catch(() => ''),
  };
}

beforeAll(async () => {
  project = await packedProject();
  app = project.app;
  await cp(join(ROOT, 'examples/quickstart/dns'), join(app, 'dns'), { recursive: true });
  await cp(join(ROOT, 'examples/quickstart/sandbox-seed.yaml'), join(app, 'sandbox-seed.yaml'));
});

afterAll(() => (project ? rm(project.tmp, { recursive: true, force: true }) : undefined));

describe('the packed tarball, installed with the README’s command', () => {
  it('is a dev dependency of the project, pinned with its integrity, its bin linked', async () => {
    expect(project.install).toEqual(['npm', 'install', '--save-dev', `./vendor/${project.filename}`]);
    const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8'));
    expect(manifest.devDependencies).toEqual({ edgeplan: `file:vendor/${project.filename}` });
    const lock = JSON.parse(await readFile(join(app, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/edgeplan'].integrity).toMatch(/^sha512-/);
    expect((await stat(join(app, 'node_modules/.bin/edgeplan'))).isFile()).toBe(true);
  });

  it('runs as `npx edgeplan`: its version, and a plan on the sandbox', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    expect(await npx(['edgeplan', '--version'])).toEqual({ code: 0, stdout: `${version}\n` });
    const plan = await npx(['edgeplan', 'plan', 'dns', ...sandbox('npx.json').split(' ')]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('+ api.example.com A ttl 3600 192.0.2.20, 192.0.2.21');
  });
});

describe('the action’s steps on the sandbox, with the packed edgeplan', () => {
  it('plan, apply, plan, drift and verify: the outcomes of the CLI, the report in its output, the summary', async () => {
    const args = sandbox('flow.json');
    const cli = await npx(['edgeplan', 'plan', 'dns', ...args.split(' '), '--format', 'markdown']);
    const plan = await action({ command: 'plan', path: 'dns', 'plan-file': 'plan.json', args });
    expect(plan.code, plan.output).toBe(0);
    expect(plan.outputs).toEqual({
      report: expect.stringMatching(/report\.md$/),
      log: expect.stringMatching(/log\.txt$/),
      'exit-code': String(cli.code),
      outcome: 'changes',
      changes: 'true',
      drift: 'false',
      'plan-file': 'plan.json',
    });
    expect(await readFile(plan.outputs.report ?? '', 'utf8')).toBe(cli.stdout);
    expect(plan.summary).toBe(`${cli.stdout}\n`);

    const apply = await action({
      command: 'apply',
      path: 'dns',
      'plan-file': 'plan.json',
      args: `--yes ${args}`,
    });
    expect(apply.code, apply.output).toBe(0);
    expect(apply.outputs).toMatchObject({ 'exit-code': '0', outcome: 'applied', 'plan-file': 'plan.json' });
    expect(apply.output).toContain('Converged: a new plan shows no changes.');
    expect(apply.summary).toMatch(
      /^## ✅ edgeplan apply: applied\n\n`edgeplan apply dns --format text --plan plan.json --yes --sandbox /,
    );

    const outcomes: Record<string, string> = { plan: 'no-changes', drift: 'in-sync', verify: 'served' };
    for (const [command, outcome] of Object.entries(outcomes)) {
      const ran = await action({ command, path: 'dns', args });
      expect(ran.code, `${command}: ${ran.output}`).toBe(0);
      expect(ran.outputs, command).toMatchObject({
        'exit-code': '0',
        outcome,
        changes: 'false',
        drift: 'false',
      });
    }
  });

  it('exit 2 fails the step only with fail-on-changes, with an error annotation that says why', async () => {
    const args = sandbox('changes.json');
    const passes = await action({ command: 'plan', path: 'dns', args });
    expect(passes.code).toBe(0);
    const fails = await action({ command: 'plan', path: 'dns', args, 'fail-on-changes': 'true' });
    expect(fails.code).toBe(1);
    expect(fails.outputs).toMatchObject({ 'exit-code': '2', outcome: 'changes', changes: 'true' });
    expect(fails.output).toContain(
      '::error title=edgeplan plan::The plan of dns has changes: see the job summary.\n',
    );
  });

  it('an error is exit 1, outcome failed, the messages in the summary; no plan file is claimed', async () => {
    const failed = await action({
      command: 'plan',
      path: 'missing',
      'plan-file': 'plan.json',
      args: sandbox('failed.json'),
    });
    expect(failed.code).toBe(1);
    expect(failed.outputs).toMatchObject({ 'exit-code': '1', outcome: 'failed', 'plan-file': '' });
    expect(failed.summary).toMatch(
      /^## ❌ edgeplan plan failed \(exit 1\)\n\n`edgeplan plan missing --format markdown/,
    );
    expect(failed.summary).toContain('missing');
  });

  it('splits its inputs at spaces and new lines, never expanding a glob against the files there', async () => {
    await writeFile(join(app, 'zone:trap'), '');
    const targets = await action({
      command: 'plan',
      path: 'dns',
      target: 'zone:*\nwebapp:*',
      args: sandbox('targets.json'),
    });
    expect(targets.outputs, targets.output).toMatchObject({ outcome: 'changes' });
  });

  it('refuses what it cannot run, saying why: a command it does not know, a plan file for drift', async () => {
    const unknown = await action({ command: 'destroy' });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain(
      "::error title=edgeplan action::command must be plan, apply, drift or verify, not 'destroy'.",
    );
    const drift = await action({ command: 'drift', 'plan-file': 'plan.json' });
    expect(drift.output).toContain('plan-file is for plan (--out) and apply (--plan), not for drift.');
    expect(drift.outputs).toMatchObject({ 'exit-code': '1', outcome: 'failed' });
  });

  it('warns when the action is another release than the edgeplan installed', async () => {
    const other = join(project.tmp, 'other-action');
    await mkdir(other, { recursive: true });
    await writeFile(join(other, 'package.json'), '{ "version": "9.9.9" }\n');
    const checked = await action({ command: 'plan', path: 'dns', args: sandbox('other.json') }, other);
    expect(checked.output).toMatch(
      /::warning title=edgeplan action::This action is edgeplan 9\.9\.9, the edgeplan installed is \d+\.\d+\.\d+: pin both to the same release\./,
    );
  });
});
