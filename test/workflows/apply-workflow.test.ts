import { readdir } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { publishedRecords } from '../integration/helpers.js';
import { github, REPO, settings, withScenarios } from './fixture.js';
import {
  HEAD,
  MERGE,
  NO_BOTS,
  PR,
  planRun,
  pullRequest,
  pullRequestEvent,
  pushEvent,
  UNSAFE,
} from './github-events.js';
import { type Answer, ghLines } from './tools.js';
import type { Files } from './workspace.js';

// Time budget: ten times its slowest test (15.0 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const PLAN_RUN = 5001;
const APPLY_RUN = 6001;
const ARTIFACTS = `^api repos/${REPO}/actions/runs/${PLAN_RUN}/artifacts `;
const MERGED_PULLS = `^api repos/${REPO}/commits/${MERGE}/pulls `;
const RUNS = `^run list --workflow plan.yml --commit ${HEAD} --event pull_request `;

const t = withScenarios();

/** Requests that change live state (logins and token requests aside). */
function writes(): string[] {
  return t.scenario.sandbox.emulator.requestLog.entries
    .map((e) => `${e.method} ${e.path}`)
    .filter((line) => !line.startsWith('GET') && !/Session|oauth/.test(line));
}

const npm: Answer = { tool: 'npm', match: '^ci$' };
const commented: Answer = { tool: 'gh', match: '^api --method POST ', stdout: '' };

/** plan.yml on the pull request: its artifact is what apply.yml must find. */
async function reviewedPlan(files: Files) {
  await t.scenario.tools.answer([{ tool: 'gh', match: '/comments --paginate', json: [] }, commented, npm]);
  const { plan } = await t.scenario.run('plan.yml', {
    runId: PLAN_RUN,
    table: {
      github: github('pull_request', pullRequestEvent(), MERGE, `refs/pull/${PR}/merge`),
      ...settings(t.scenario.sandbox),
      inputs: {},
    },
    files,
    base: { 'README.md': '# dns\n' },
  });
  expect(plan?.result, plan?.log).toBe('success');
}

function applyOnMerge(files: Files, answers: Answer[], vars: Record<string, string> = {}) {
  const table = settings(t.scenario.sandbox);
  return t.scenario.tools.answer([...answers, commented, npm]).then(() =>
    t.scenario.run('apply.yml', {
      runId: APPLY_RUN,
      table: {
        github: github('push', pushEvent(), MERGE, 'refs/heads/main'),
        ...table,
        vars: { ...table.vars, ...vars },
        inputs: { allow_unsafe: null },
      },
      files,
    }),
  );
}

const found = (labels: string[] = []): Answer[] => [
  {
    tool: 'gh',
    match: MERGED_PULLS,
    json: [pullRequest(3, false), pullRequest(5, 'elsewhere'), pullRequest(PR, true, labels)],
  },
  {
    tool: 'gh',
    match: RUNS,
    json: [
      planRun(PLAN_RUN + 2, 'cancelled', '2026-11-22T09:30:00Z'),
      planRun(PLAN_RUN, 'success', '2026-11-22T09:00:00Z'),
      planRun(PLAN_RUN - 1, 'failure', '2026-11-21T09:00:00Z'),
    ],
  },
  {
    tool: 'gh',
    match: ARTIFACTS,
    json: {
      total_count: 1,
      artifacts: [{ name: `edgeplan-plan-pr-${PR}`, expired: false, expires_at: '2026-12-22T09:00:00Z' }],
    },
  },
];

describe('apply.yml on merge', () => {
  it('finds the PR by the merge commit and the plan run by its head SHA, applies that plan, reports in the summary and on the PR', async () => {
    await reviewedPlan(t.suite.dns);
    const runs = await applyOnMerge(t.suite.dns, found());

    expect(runs.plan?.result, runs.plan?.log).toBe('success');
    expect(runs.apply?.result, runs.apply?.log).toBe('success');
    expect(ghLines(await t.scenario.tools.calls()).slice(2)).toEqual([
      expect.stringMatching(MERGED_PULLS),
      expect.stringMatching(RUNS),
      `api repos/${REPO}/actions/runs/${PLAN_RUN}/artifacts --jq .artifacts[] | select(.name == "edgeplan-plan-pr-${PR}") | "\\(.expired) \\(.expires_at)"`,
      `run download ${PLAN_RUN} --name edgeplan-plan-pr-${PR} --dir plan`,
      `run download ${APPLY_RUN} --name edgeplan-apply-plan --dir plan`,
      `api --method POST repos/${REPO}/issues/${PR}/comments -F body=@report.md --silent`,
    ]);
    expect(runs.plan?.summary).toContain(
      `Applying the plan reviewed on #${PR}: artifact \`edgeplan-plan-pr-${PR}\` of [plan run ${PLAN_RUN}]`,
    );
    expect(runs.apply?.log).toContain('Converged: a new plan shows no changes.');
    expect(publishedRecords(t.scenario.sandbox.emulator, 'example.com')).toContain(
      'api.example.com 3600 A 192.0.2.21',
    );
    const [report] = await t.scenario.tools.bodies(
      /--method POST repos\/acme\/dns\/issues\/7\/comments -F body=@report/,
    );
    expect(report).toMatch(
      /^## ✅ edgeplan apply: applied\n\nThe plan reviewed on #7, merged as f0e1d2c \(\[run\]\(https:\/\/github.com\/acme\/dns\/actions\/runs\/6001\)\)\.\n\n~~~text\n/,
    );
    expect(report).toContain('Converged: a new plan shows no changes.');
    // The job summary is the action's: the command it ran, and what was applied.
    expect(runs.apply?.summary).toMatch(
      /^## ✅ edgeplan apply: applied\n\n`edgeplan apply dns\/ --format text --plan plan\/plan.json --yes`\n\n~~~text\n/,
    );
    expect(runs.apply?.summary).toContain('Converged: a new plan shows no changes.');
    for (const call of await t.scenario.tools.calls())
      expect(call.env).toEqual(call.tool === 'gh' ? ['GH_TOKEN'] : []);
  });

  it('with EDGEPLAN_WAIT_SERVED set, waits until the name servers serve the changes, and says so in the report', async () => {
    await reviewedPlan(t.suite.dns);
    const runs = await applyOnMerge(t.suite.dns, found(), {
      EDGEPLAN_WAIT_SERVED: '30s',
      EDGEPLAN_NAMESERVERS: t.scenario.nameserver,
    });

    expect(runs.apply?.result, runs.apply?.log).toBe('success');
    expect(runs.apply?.log).toMatch(
      /Served: every changed record set, after [\d.]+ s\.\n {2}example\.com: served by every name server after/,
    );
    expect(runs.apply?.summary).toContain('Served: every changed record set');
  });

  it('changes needing approval: refused without the label, the refusal reported on the PR with the recovery', async () => {
    const files = { ...t.suite.dns, 'dns/waf.yaml': NO_BOTS };
    await reviewedPlan(files);
    const runs = await applyOnMerge(files, found());

    expect(runs.apply?.result).toBe('failure');
    const [report] = await t.scenario.tools.bodies(/issues\/7\/comments -F body=@report/);
    expect(report).toContain('## ❌ edgeplan apply failed (exit 1)');
    expect(report).toContain('refusing to apply: 1 change needs approval');
    expect(report).toContain('run the `edgeplan apply` workflow by hand on main');
    expect(writes()).toEqual([]);
  });

  it('changes needing approval: applied with --allow-unsafe when the merged PR carries the label', async () => {
    const files = { ...t.suite.dns, 'dns/waf.yaml': NO_BOTS };
    await reviewedPlan(files);
    const runs = await applyOnMerge(files, found([UNSAFE]));

    expect(runs.plan?.outputs['allow-unsafe']).toBe('true');
    expect(runs.apply?.result, runs.apply?.log).toBe('success');
    const [report] = await t.scenario.tools.bodies(/issues\/7\/comments -F body=@report/);
    expect(report).toContain('The plan reviewed on #7, merged as f0e1d2c, with `--allow-unsafe`');
  });

  const refusals: [string, Answer[], string][] = [
    [
      'no pull request was merged as this commit',
      [{ tool: 'gh', match: MERGED_PULLS, json: [pullRequest(3, false)] }],
      `Commit ${MERGE} is not the merge of a pull request (pushed directly?), so no plan was reviewed for it.`,
    ],
    [
      'two pull requests claim the merge commit',
      [{ tool: 'gh', match: MERGED_PULLS, json: [pullRequest(PR, true), { ...pullRequest(8, true) }] }],
      `Commit ${MERGE} is the merge of several pull requests (#7, #8): which plan was reviewed is ambiguous.`,
    ],
    [
      'plan.yml never ran for the head commit',
      [
        { tool: 'gh', match: MERGED_PULLS, json: [pullRequest(PR, true)] },
        { tool: 'gh', match: RUNS, json: [] },
      ],
      `No finished run of plan.yml for #7's head commit ${HEAD}.`,
    ],
    [
      'the latest plan of the head commit failed',
      [
        { tool: 'gh', match: MERGED_PULLS, json: [pullRequest(PR, true)] },
        {
          tool: 'gh',
          match: RUNS,
          json: [
            planRun(PLAN_RUN, 'success', '2026-11-22T09:00:00Z'),
            planRun(5002, 'failure', '2026-11-22T11:00:00Z'),
          ],
        },
      ],
      `The latest plan of #7 (run 5002, head commit ${HEAD}) ended with failure: there is no current reviewed plan.`,
    ],
    [
      'the plan artifact expired',
      [
        { tool: 'gh', match: MERGED_PULLS, json: [pullRequest(PR, true)] },
        { tool: 'gh', match: RUNS, json: [planRun(PLAN_RUN, 'success', '2026-11-22T09:00:00Z')] },
        {
          tool: 'gh',
          match: ARTIFACTS,
          json: {
            artifacts: [{ name: 'edgeplan-plan-pr-7', expired: true, expires_at: '2026-11-01T09:00:00Z' }],
          },
        },
      ],
      `The plan artifact edgeplan-plan-pr-7 of run ${PLAN_RUN} expired on 2026-11-01T09:00:00Z.`,
    ],
    [
      "the run holds another pull request's plan",
      [
        { tool: 'gh', match: MERGED_PULLS, json: [pullRequest(PR, true)] },
        { tool: 'gh', match: RUNS, json: [planRun(PLAN_RUN, 'success', '2026-11-22T09:00:00Z')] },
        {
          tool: 'gh',
          match: ARTIFACTS,
          json: {
            artifacts: [{ name: 'edgeplan-plan-pr-9', expired: false, expires_at: '2026-12-01T09:00:00Z' }],
          },
        },
      ],
      `Plan run ${PLAN_RUN} of #7 has no artifact edgeplan-plan-pr-7`,
    ],
  ];

  it.each(refusals)(
    'stops with a clear message when %s: nothing downloaded, nothing applied',
    async (_, answers, message) => {
      const runs = await applyOnMerge(t.suite.dns, answers);

      expect(runs.plan?.result).toBe('failure');
      expect(runs.apply?.result).toBe('skipped');
      const errors = runs.plan?.annotations ?? [];
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        level: 'error',
        properties: 'title=edgeplan apply: no reviewed plan',
      });
      expect(errors[0]?.message).toContain(message);
      expect(errors[0]?.message).toContain('To apply main anyway, run this workflow by hand');
      expect(
        ghLines(await t.scenario.tools.calls()).filter((line) => /download|--method/.test(line)),
      ).toEqual([]);
      expect(t.scenario.sandbox.emulator.requestLog.count()).toBe(0);
      expect(await readdir(t.scenario.tools.artifacts)).toEqual([]);
    },
  );
});
