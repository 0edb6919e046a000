import { describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART } from '../support/sandbox.js';
import { github, settings, withScenarios } from './fixture.js';
import { dispatchEvent, MERGE, NO_BOTS } from './github-events.js';
import { ghLines } from './tools.js';
import type { Files } from './workspace.js';

// Time budget: ten times its slowest test (15.8 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const RUN = 6001;

const t = withScenarios();

describe('apply.yml run by hand (the recovery)', () => {
  function dispatch(allowUnsafe: boolean, ref = 'refs/heads/main', files: Files = t.suite.dns, runId = RUN) {
    return t.scenario.tools.answer([{ tool: 'npm', match: '^ci$' }]).then(() =>
      t.scenario.run('apply.yml', {
        runId,
        table: {
          github: github('workflow_dispatch', dispatchEvent({ allow_unsafe: allowUnsafe }), MERGE, ref),
          ...settings(t.scenario.sandbox),
          inputs: { allow_unsafe: allowUnsafe },
        },
        files,
      }),
    );
  }

  it('re-plans main with the read-only user, shows the plan for approval, then applies it in the environment', async () => {
    const runs = await dispatch(true, 'refs/heads/main', { ...t.suite.dns, 'dns/waf.yaml': NO_BOTS });

    expect(runs.plan?.result, runs.plan?.log).toBe('success');
    expect(runs.plan?.summary).toContain('## edgeplan plan\n\n');
    expect(runs.apply?.result, runs.apply?.log).toBe('success');
    expect(ghLines(await t.scenario.tools.calls())).toEqual([
      `run download ${RUN} --name edgeplan-apply-plan --dir plan`,
    ]);
    expect(runs.apply?.summary).toContain(
      '## ✅ edgeplan apply: applied\n\n`edgeplan apply dns/ --format text --plan plan/plan.json --yes --allow-unsafe`',
    );
  });

  it('nothing to apply: the apply job does not run', async () => {
    expect((await cli(['apply', QUICKSTART, '--yes'], t.scenario.sandbox.env)).code).toBe(0);
    const again = await dispatch(false);

    expect(again.plan?.annotations.map((a) => a.message)).toEqual([
      'The plan has no changes: nothing to apply.',
    ]);
    expect(again.apply?.result).toBe('skipped');
  });

  it('only main is applied', async () => {
    const runs = await dispatch(false, 'refs/heads/add-api');

    expect(runs.plan?.result).toBe('failure');
    expect(runs.plan?.annotations.map((a) => a.message)).toEqual([
      'Run by hand on refs/heads/add-api: only main is applied.',
    ]);
    expect(t.scenario.sandbox.emulator.requestLog.count()).toBe(0);
  });
});
