import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { evaluate } from './expressions.js';
import { github, REPO, settings, withScenarios } from './fixture.js';
import { MERGE, PR, type PullRequest, pullRequestEvent, UNSAFE } from './github-events.js';
import { loadWorkflow } from './run-workflow.js';
import { type Answer, ghLines } from './tools.js';

// Time budget: ten times its slowest test (12.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const BASE: Record<string, string> = { 'README.md': '# dns\n' };
const MARKER = '<!-- edgeplan-plan -->';
const COMMENTS = `^api repos/${REPO}/issues/${PR}/comments --paginate`;

const t = withScenarios();

function plan(pr: PullRequest, files: Record<string, string>, base = BASE) {
  return t.scenario.run('plan.yml', {
    runId: 5001,
    table: {
      github: github('pull_request', pullRequestEvent(pr), MERGE, `refs/pull/${PR}/merge`),
      ...settings(t.scenario.sandbox),
      inputs: {},
    },
    files: { ...BASE, ...files },
    base,
  });
}

const ourComment = (id: number, body = `${MARKER}\nold plan`) => ({
  id,
  body,
  user: { login: 'github-actions[bot]' },
});
const someoneQuoting = { id: 40, body: `${MARKER} quoted by a person`, user: { login: 'carol' } };
const posted: Answer[] = [
  { tool: 'gh', match: '^api --method (POST|PATCH) ', stdout: '' },
  { tool: 'npm', match: '^ci$' },
];

describe('plan.yml', () => {
  it('plans a pull request: the plan as one new comment, plan.json uploaded, exit 2 passes', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [someoneQuoting] }, ...posted]);
    const { plan: job } = await plan({}, t.suite.dns);

    expect(job?.result, job?.log).toBe('success');
    const calls = await t.scenario.tools.calls();
    expect(ghLines(calls)).toEqual([
      expect.stringMatching(COMMENTS),
      `api --method POST repos/${REPO}/issues/${PR}/comments -F body=@comment.md --silent`,
    ]);
    const [body] = await t.scenario.tools.bodies(/--method POST/);
    expect(body).toMatch(
      new RegExp(
        `^${MARKER}\nPlan of a1b2c3d \\(\\[run\\]\\(https://github.com/${REPO}/actions/runs/5001\\)\\)`,
      ),
    );
    expect(body).toContain('## edgeplan plan\n\n**6 targets change**');
    expect(body).not.toContain('allow-unsafe');
    expect(job?.summary).toContain('## edgeplan plan\n\n**6 targets change**');
    const uploaded = JSON.parse(
      await readFile(join(t.scenario.tools.artifacts, '5001/edgeplan-plan-pr-7/plan.json'), 'utf8'),
    );
    expect(uploaded.steps.length).toBeGreaterThan(0);
    // Secrets only where needed: npm ci sees none, gh sees the token and no API credential.
    expect(calls.find((c) => c.tool === 'npm')?.env).toEqual([]);
    for (const call of calls.filter((c) => c.tool === 'gh')) expect(call.env).toEqual(['GH_TOKEN']);
  });

  it('updates its own earlier comment, not a comment that only quotes the marker', async () => {
    await t.scenario.tools.answer([
      { tool: 'gh', match: COMMENTS, json: [someoneQuoting, ourComment(55), ourComment(56)] },
      ...posted,
    ]);
    const { plan: job } = await plan({}, t.suite.dns);

    expect(job?.result, job?.log).toBe('success');
    expect(ghLines(await t.scenario.tools.calls()).slice(1)).toEqual([
      `api --method PATCH repos/${REPO}/issues/comments/55 -F body=@comment.md --silent`,
    ]);
    expect((await t.scenario.tools.bodies(/--method PATCH/))[0]).toContain('**6 targets change**');
  });

  it('exit 1: the job fails, the problems show inline, and the comment says the plan failed and why', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [ourComment(55)] }, ...posted]);
    const bad = 'zones:\n  example.com:\n    records:\n      www: { a: [256.1.1.1] }\n';
    const { plan: job } = await plan({}, { ...t.suite.dns, 'dns/zones.yaml': bad });

    expect(job?.result).toBe('failure');
    expect(job?.steps.plan).toBe('failure');
    expect(job?.annotations).toContainEqual({
      level: 'error',
      properties: 'file=dns/zones.yaml,line=4,col=18',
      message: 'record "www" A: "256.1.1.1" is not an IPv4 address',
    });
    expect(ghLines(await t.scenario.tools.calls()).slice(1)).toEqual([
      `api --method PATCH repos/${REPO}/issues/comments/55 -F body=@comment.md --silent`,
    ]);
    const [body] = await t.scenario.tools.bodies(/--method PATCH/);
    expect(body).toContain(`${MARKER}\n## ❌ edgeplan plan failed\n\nThe plan of a1b2c3d failed (exit 1)`);
    expect(body).toContain('dns/zones.yaml:4:18: record "www" A: "256.1.1.1" is not an IPv4 address');
    expect(body).not.toContain('old plan');
    expect(await readdir(t.scenario.tools.artifacts)).toEqual([]);
  });

  it('an API error is exit 1 too, with the reason in the comment and no secret in it', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [] }, ...posted]);
    const table = settings(t.scenario.sandbox);
    table.secrets.EDGEPLAN_READ_DYN_PASSWORD = 'wrong-Very-S3cret';
    const { plan: job } = await t.scenario.run('plan.yml', {
      runId: 5002,
      table: {
        github: github('pull_request', pullRequestEvent(), MERGE, `refs/pull/${PR}/merge`),
        ...table,
        inputs: {},
      },
      files: { ...BASE, ...t.suite.dns },
      base: BASE,
    });

    expect(job?.result).toBe('failure');
    const [body] = await t.scenario.tools.bodies(/--method POST/);
    expect(body).toContain('## ❌ edgeplan plan failed');
    expect(body).toMatch(/error: .*(login|credentials|password|401)/i);
    expect(body).not.toContain('wrong-Very-S3cret');
  });

  it('a pull request from a fork is skipped with a notice: no secrets needed, nothing planned or posted', async () => {
    await t.scenario.tools.answer([]);
    const { plan: job } = await plan({ fork: true }, t.suite.dns);

    expect(job?.result, job?.log).toBe('success');
    expect(job?.annotations).toEqual([
      expect.objectContaining({ level: 'notice', properties: 'title=edgeplan plan skipped' }),
    ]);
    expect(job?.annotations[0]?.message).toContain('comes from a fork (mallory/dns)');
    expect(job?.summary).toContain('## edgeplan plan skipped');
    expect(await t.scenario.tools.calls()).toEqual([]);
    expect(t.scenario.sandbox.emulator.requestLog.count()).toBe(0);
    expect(await readdir(t.scenario.tools.artifacts)).toEqual([]);
  });

  it('nothing changed under dns/: passes at once; an earlier plan comment is marked out of date', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [ourComment(55)] }, ...posted]);
    const base = { ...BASE, ...t.suite.dns };
    const { plan: job } = await plan({}, { 'README.md': '# dns, edited\n', ...t.suite.dns }, base);

    expect(job?.result, job?.log).toBe('success');
    expect(job?.annotations.map((a) => a.message)).toEqual([
      'This pull request changes nothing under dns/, package.json or package-lock.json: nothing to plan.',
    ]);
    expect((await t.scenario.tools.calls('npm')).length).toBe(0);
    expect(t.scenario.sandbox.emulator.requestLog.count()).toBe(0);
    const [body] = await t.scenario.tools.bodies(/--method PATCH/);
    expect(body).toContain(
      'At a1b2c3d this pull request changes nothing under `dns/`, `package.json` or `package-lock.json`: ' +
        'nothing will be applied on merge',
    );
  });

  it('only package-lock.json changed (an upgrade of edgeplan): planned like a change to dns/', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [] }, ...posted]);
    const lock = (version: string) =>
      `{ "packages": { "node_modules/edgeplan": { "version": "${version}" } } }\n`;
    const base = { ...BASE, ...t.suite.dns, 'package-lock.json': lock('0.1.0') };
    const { plan: job } = await plan({}, { ...t.suite.dns, 'package-lock.json': lock('0.2.0') }, base);

    expect(job?.result, job?.log).toBe('success');
    expect(job?.annotations).toEqual([]);
    expect((await t.scenario.tools.calls('npm')).length).toBe(1);
    expect(t.scenario.sandbox.emulator.requestLog.count()).toBeGreaterThan(0);
    const uploaded = join(t.scenario.tools.artifacts, '5001/edgeplan-plan-pr-7/plan.json');
    const saved = JSON.parse(await readFile(uploaded, 'utf8'));
    expect(saved.steps.length).toBeGreaterThan(0);
    // Not limited to what changed: a new edgeplan may plan every target differently.
    expect(saved.changedSince).toBeUndefined();
    expect(saved.scope).toBeUndefined();
  });

  it('plans only what the pull request changes: a comment added to a file reads no zone', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [] }, ...posted]);
    const base = { ...BASE, ...t.suite.dns };
    const edited = { ...t.suite.dns, 'dns/zones.yaml': `# reviewed\n${t.suite.dns['dns/zones.yaml']}` };
    const { plan: job } = await plan({}, edited, base);

    expect(job?.result, job?.log).toBe('success');
    expect(t.scenario.sandbox.emulator.requestLog.count({ path: /AllRecord/ })).toBe(0);
    const [body] = await t.scenario.tools.bodies(/--method POST/);
    expect(body).toMatch(/> Changed since HEAD\^1 \([0-9a-f]{12}\): \d+ targets left out, not read/);
    const uploaded = join(t.scenario.tools.artifacts, '5001/edgeplan-plan-pr-7/plan.json');
    const saved = JSON.parse(await readFile(uploaded, 'utf8'));
    expect({ scope: saved.scope, steps: saved.steps }).toEqual({ scope: [], steps: [] });
  });

  it('nothing changed and no earlier comment: posts nothing', async () => {
    await t.scenario.tools.answer([{ tool: 'gh', match: COMMENTS, json: [] }, ...posted]);
    const base = { ...BASE, ...t.suite.dns };
    const { plan: job } = await plan({}, { 'README.md': '# dns, edited\n', ...t.suite.dns }, base);

    expect(job?.result, job?.log).toBe('success');
    expect(ghLines(await t.scenario.tools.calls())).toEqual([expect.stringMatching(COMMENTS)]);
  });

  it('the unsafe label, added after the last approval, is recorded in the comment with who added it', async () => {
    await t.scenario.tools.answer([
      { tool: 'gh', match: COMMENTS, json: [ourComment(55)] },
      {
        tool: 'gh',
        match: `^api repos/${REPO}/issues/${PR}/events --paginate`,
        json: [
          {
            event: 'labeled',
            label: { name: 'dns' },
            actor: { login: 'bob' },
            created_at: '2026-11-20T09:00:00Z',
          },
          labeled('carol', '2026-11-20T10:00:00Z'),
          {
            event: 'unlabeled',
            label: { name: UNSAFE },
            actor: { login: 'carol' },
            created_at: '2026-11-20T10:05:00Z',
          },
          labeled('mallory', '2026-11-21T08:00:00Z'),
        ],
      },
      {
        tool: 'gh',
        match: `^api repos/${REPO}/pulls/${PR}/reviews --paginate`,
        json: [
          { state: 'APPROVED', user: { login: 'dave' }, submitted_at: '2026-11-20T12:00:00Z' },
          { state: 'COMMENTED', user: { login: 'erin' }, submitted_at: '2026-11-21T09:00:00Z' },
        ],
      },
      ...posted,
    ]);
    const { plan: job } = await plan(
      { action: 'labeled', label: UNSAFE, labels: ['dns', UNSAFE] },
      t.suite.dns,
    );

    expect(job?.result, job?.log).toBe('success');
    const [body] = await t.scenario.tools.bodies(/--method PATCH/);
    expect(body).toContain(
      '`edgeplan-allow-unsafe` is set: apply on merge runs with `--allow-unsafe` and makes the changes below that ' +
        'need approval. Label added by @mallory at 2026-11-21T08:00:00Z, **after the last approval** (@dave at ' +
        '2026-11-20T12:00:00Z).',
    );
  });

  it('the unsafe label set before the approval says so', async () => {
    await t.scenario.tools.answer([
      { tool: 'gh', match: COMMENTS, json: [] },
      { tool: 'gh', match: '/events --paginate', json: [labeled('carol', '2026-11-20T10:00:00Z')] },
      {
        tool: 'gh',
        match: '/reviews --paginate',
        json: [{ state: 'APPROVED', user: { login: 'dave' }, submitted_at: '2026-11-20T12:00:00Z' }],
      },
      ...posted,
    ]);
    const { plan: job } = await plan({ labels: [UNSAFE] }, t.suite.dns);

    expect(job?.result, job?.log).toBe('success');
    const [body] = await t.scenario.tools.bodies(/--method POST/);
    expect(body).toContain(
      'Label added by @carol at 2026-11-20T10:00:00Z, before the last approval (@dave at 2026-11-20T12:00:00Z).',
    );
  });
});

function labeled(login: string, at: string) {
  return { event: 'labeled', label: { name: UNSAFE }, actor: { login }, created_at: at };
}

describe('plan.yml concurrency', () => {
  it('groups runs per pull request', async () => {
    const flow = await loadWorkflow('examples/github-actions/plan.yml');
    const group = evaluate((flow.concurrency?.group ?? '').replace(/^edgeplan-plan-\$\{\{(.*)\}\}$/, '$1'), {
      contexts: { github: { event: pullRequestEvent() } },
      status: { success: true, cancelled: false },
    });
    expect(group).toBe(PR);
  });
});
