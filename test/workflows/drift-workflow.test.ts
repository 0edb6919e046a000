import { describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { startEmulator } from '../support/emulator.js';
import { QUICKSTART } from '../support/sandbox.js';
import { github, REPO, settings, withScenarios } from './fixture.js';
import { type Answer, ghLines } from './tools.js';
import type { Files } from './workspace.js';

// Time budget: ten times its slowest test (17.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const LABEL = 'edgeplan-drift';
const OPEN_ISSUES = `^api repos/${REPO}/issues\\?state=open&labels=${LABEL}&creator=github-actions%5Bbot%5D `;
const APPLY_RUNNING = '^run list --workflow apply.yml --limit 50 --json databaseId,status --jq';
const APPLY_MEANWHILE = '^run list --workflow apply.yml --limit 50 --json databaseId,status,updatedAt --jq';
const ACK_ALL = ['zone:*/* *', 'secondary:*', 'geo:*', 'webapp:*']
  .map((target) => `  - { target: "${target}", reason: migration, owner: dns-team, expires: 2999-12-31 }\n`)
  .join('');

const t = withScenarios();

const noApplyRunning: Answer = {
  tool: 'gh',
  match: APPLY_RUNNING,
  json: [{ databaseId: 60, status: 'completed' }],
};
const quiet: Answer[] = [
  noApplyRunning,
  {
    tool: 'gh',
    match: APPLY_MEANWHILE,
    json: [{ databaseId: 60, status: 'completed', updatedAt: '2026-11-21T03:00:00Z' }],
  },
];
const openIssue = (numbers: number[]): Answer => ({
  tool: 'gh',
  match: OPEN_ISSUES,
  json: [
    { number: 30, pull_request: { url: 'a pull request carrying the label' } },
    ...numbers.map((number) => ({ number })),
  ],
});
const accepted: Answer[] = [
  { tool: 'gh', match: '^(issue|label) (create|edit|comment|close) ', stdout: '' },
  { tool: 'npm', match: '^ci$' },
];

/**
 * The `drift` job of drift.yml alone: what a test of the issue it keeps looks at. The `verify` job after it (a
 * checkout, `npm ci` and a verify of its own) is run by the tests of verify, through `driftRun`.
 */
async function drift(
  answers: Answer[],
  files: Files = t.suite.dns,
  table = settings(t.scenario.sandbox, t.scenario.nameserver),
) {
  return (await driftRun(answers, files, table, ['drift'])).drift;
}

/** Both jobs of drift.yml: `drift`, then `verify` (or those of `only`). */
async function driftRun(
  answers: Answer[],
  files: Files = t.suite.dns,
  table = settings(t.scenario.sandbox, t.scenario.nameserver),
  only?: readonly string[],
) {
  await t.scenario.tools.answer([...answers, ...accepted]);
  return t.scenario.run('drift.yml', {
    ...(only ? { only } : {}),
    runId: 7001,
    table: {
      github: github('schedule', { schedule: '17 3 * * *' }, 'e'.repeat(40), 'refs/heads/main'),
      ...table,
      inputs: {},
    },
    files,
  });
}

/** gh calls after the check for a running apply, each as `gh` arguments joined by spaces. */
async function issueCalls(): Promise<string[]> {
  return ghLines(await t.scenario.tools.calls()).filter(
    (line) => !/^run list --workflow apply.yml/.test(line),
  );
}

describe('drift.yml', () => {
  it('drift and no open issue: creates the missing label, then an issue with the report', async () => {
    // Both jobs: no call of either hands a tool more than the GitHub token.
    const { drift: job } = await driftRun([
      ...quiet,
      openIssue([]),
      { tool: 'gh', match: '^label list ', json: [{ name: 'dns' }] },
    ]);

    expect(job?.result, job?.log).toBe('success');
    expect(await issueCalls()).toEqual([
      expect.stringMatching(OPEN_ISSUES),
      `label list --search ${LABEL} --limit 100 --json name --jq .[].name`,
      `label create ${LABEL} --color B60205 --description Live state differs from the desired state (edgeplan drift)`,
      `issue create --title edgeplan: live state drifted from dns/ --label ${LABEL} --body-file issue.md`,
    ]);
    const [body] = await t.scenario.tools.bodies(/^issue create/);
    expect(body).toMatch(
      /^Found by \[the nightly drift check\]\(https:\/\/github.com\/acme\/dns\/actions\/runs\/7001\) on \d{4}-\d\d-\d\d\.\n\n## edgeplan drift\n/,
    );
    expect(body).toContain('`zone:example.com`');
    expect(job?.summary).toContain('## edgeplan drift');
    for (const call of await t.scenario.tools.calls('gh')) expect(call.env).toContain('GH_TOKEN');
    for (const call of await t.scenario.tools.calls())
      expect(call.env.filter((name) => !name.startsWith('GH_'))).toEqual([]);
  });

  it('drift, no open issue, the label already there: opens the issue without touching the label', async () => {
    const job = await drift([
      ...quiet,
      openIssue([]),
      { tool: 'gh', match: '^label list ', json: [{ name: LABEL }] },
    ]);

    expect(job?.result, job?.log).toBe('success');
    expect((await issueCalls()).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      `api repos/${REPO}/issues?state=open&labels=${LABEL}&creator=github-actions%5Bbot%5D`,
      'label list',
      'issue create',
    ]);
  });

  it('drift with the label present and an issue open: updates that issue, creates nothing', async () => {
    const job = await drift([
      ...quiet,
      openIssue([12, 9]),
      { tool: 'gh', match: '^label list ', json: [{ name: LABEL }] },
    ]);

    expect(job?.result, job?.log).toBe('success');
    expect(await issueCalls()).toEqual([
      expect.stringMatching(OPEN_ISSUES),
      'issue edit 12 --body-file issue.md',
      expect.stringMatching(
        /^issue comment 12 --body Still drifting on \d{4}-\d\d-\d\d \(\[run\]\(https:\/\/github.com\/acme\/dns\/actions\/runs\/7001\)\)\.$/,
      ),
    ]);
  });

  it('no drift any more: closes the open issue', async () => {
    expect((await cli(['apply', QUICKSTART, '--yes'], t.scenario.sandbox.env)).code).toBe(0);
    const job = await drift([...quiet, openIssue([12])]);

    expect(job?.result, job?.log).toBe('success');
    expect(job?.steps.drift).toBe('success');
    expect(await issueCalls()).toEqual([
      expect.stringMatching(OPEN_ISSUES),
      expect.stringMatching(
        /^issue close 12 --comment No drift on \d{4}-\d\d-\d\d: live state matches `dns\/` again/,
      ),
    ]);
  });

  it('drift acknowledged in .edgeplan/drift-ack.yaml (outside dns/) counts as in sync', async () => {
    const job = await drift([...quiet, openIssue([12])], {
      ...t.suite.dns,
      '.edgeplan/drift-ack.yaml': `acknowledged:\n${ACK_ALL}`,
    });

    expect(job?.result, job?.log).toBe('success');
    expect(job?.log).not.toContain('unknown key');
    expect(await issueCalls()).toEqual([
      expect.stringMatching(OPEN_ISSUES),
      expect.stringMatching(/^issue close 12 /),
    ]);
  });

  it('while apply.yml runs: skipped with a notice, live state not even read', async () => {
    const job = await drift([
      { tool: 'gh', match: APPLY_RUNNING, json: [{ databaseId: 61, status: 'in_progress' }] },
    ]);

    expect(job?.result, job?.log).toBe('success');
    expect(job?.annotations).toEqual([
      {
        level: 'notice',
        properties: 'title=edgeplan drift skipped',
        message: 'apply.yml is running (run 61): live state may be half-applied. The next run checks again.',
      },
    ]);
    expect(t.scenario.sandbox.emulator.requestLog.count()).toBe(0);
    expect(await issueCalls()).toEqual([]);
  });

  it('apply.yml ran during the check: the result is not used, the issue left alone', async () => {
    const job = await drift([
      noApplyRunning,
      {
        tool: 'gh',
        match: APPLY_MEANWHILE,
        json: [{ databaseId: 62, status: 'completed', updatedAt: '2999-01-01T00:00:00Z' }],
      },
    ]);

    expect(job?.result, job?.log).toBe('success');
    expect(job?.annotations.map((a) => a.message)).toEqual([
      'apply.yml ran during the check (run 62): the result is not trusted, and the drift issue is left as it is. The next run checks again.',
    ]);
    expect(await issueCalls()).toEqual([]);
  });

  it('an error is not drift: the job fails and the issue is left alone', async () => {
    const table = settings(t.scenario.sandbox, t.scenario.nameserver);
    table.secrets.EDGEPLAN_READ_DYN_PASSWORD = 'wrong-Very-S3cret';
    const jobs = await driftRun(quiet, t.suite.dns, table);

    expect(jobs.drift?.result).toBe('failure');
    expect(jobs.drift?.steps.drift).toBe('failure');
    expect(jobs.verify?.result).toBe('skipped');
    expect(await issueCalls()).toEqual([]);
  });

  it('verify: passes when the name servers serve the desired state, its report in the job summary', async () => {
    expect((await cli(['apply', QUICKSTART, '--yes'], t.scenario.sandbox.env)).code).toBe(0);
    const jobs = await driftRun([...quiet, openIssue([])]);

    expect(jobs.verify?.result, jobs.verify?.log).toBe('success');
    expect(jobs.verify?.summary).toMatch(
      /^## edgeplan verify\n\n\d+ record sets served as desired by every server\./,
    );
    expect(jobs.verify?.annotations).toEqual([]);
  });

  it('verify: fails with an error annotation when a name server serves something else', async () => {
    // Live state as the API has it is in sync; only what the (asked) name servers serve differs.
    expect((await cli(['apply', QUICKSTART, '--yes'], t.scenario.sandbox.env)).code).toBe(0);
    const other = await startEmulator();
    const { port } = await other.emulator.serveDns();
    try {
      const jobs = await driftRun(
        [...quiet, openIssue([])],
        t.suite.dns,
        settings(t.scenario.sandbox, `127.0.0.1:${port}`),
      );
      expect(jobs.drift?.result, jobs.drift?.log).toBe('success');
      expect(jobs.verify?.result).toBe('failure');
      expect(jobs.verify?.annotations).toEqual([
        {
          level: 'error',
          properties: 'title=edgeplan verify',
          message: 'The name servers do not serve the desired state of dns/: see the job summary.',
        },
      ]);
      expect(jobs.verify?.summary).toContain('does not serve the zone (not authoritative)');
    } finally {
      await other.close();
    }
  });
});
