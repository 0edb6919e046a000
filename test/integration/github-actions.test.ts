import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cli } from './helpers.js';
import { workDir } from './review-helpers.js';

const DIR = 'examples/github-actions';

interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean };
  jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }>;
}

async function workflow(name: string): Promise<Workflow> {
  return parse(await readFile(join(DIR, name), 'utf8'));
}

/** Every `npx edgeplan <command> …` line of a workflow, as [command, flags]. */
function edgeplanCalls(flow: Workflow): [string, string[]][] {
  const runs = Object.values(flow.jobs).flatMap((job) =>
    job.steps.flatMap((step) => (step.run ? [step.run] : [])),
  );
  return runs.flatMap((run) =>
    [...run.matchAll(/npx edgeplan (\w+)([^\n>|]*)/g)].map((m): [string, string[]] => [
      m[1] ?? '',
      [...(m[2] ?? '').matchAll(/--[a-z-]+/g)].map((f) => f[0]),
    ]),
  );
}

describe('examples/github-actions', () => {
  it('are valid YAML and run only commands and flags edgeplan has', async () => {
    const files = (await readdir(DIR)).filter((f) => f.endsWith('.yml')).sort();
    expect(files).toEqual(['apply.yml', 'drift.yml', 'plan.yml']);
    for (const file of files) {
      const calls = edgeplanCalls(await workflow(file));
      expect(calls.length, file).toBeGreaterThan(0);
      for (const [command, flags] of calls) {
        const help = await cli([command, '--help']);
        expect(help.code, `${file}: edgeplan ${command}`).toBe(0);
        for (const flag of flags) expect(help.stdout, `${file}: edgeplan ${command} ${flag}`).toContain(flag);
      }
    }
  });

  it('plan on pull requests (one comment, plan.json uploaded), apply on merge in one queue, drift nightly', async () => {
    const plan = await workflow('plan.yml');
    expect(Object.keys(plan.on)).toEqual(['pull_request']);
    const steps = plan.jobs.plan?.steps ?? [];
    expect(
      steps.some((s) => s.uses?.startsWith('actions/upload-artifact') && s.with?.path === 'plan.json'),
    ).toBe(true);
    expect(steps.some((s) => String(s.with?.script ?? '').includes('updateComment'))).toBe(true);
    const apply = await workflow('apply.yml');
    expect(apply.concurrency).toEqual({ group: 'edgeplan-apply', 'cancel-in-progress': false });
    expect(edgeplanCalls(apply)).toEqual([['apply', ['--plan', '--yes']]]);
    const drift = await workflow('drift.yml');
    expect(Object.keys(drift.on)).toContain('schedule');
    expect(JSON.stringify(drift)).toContain('gh issue create');
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
        '::error file=bad.yaml,line=4,col=18::"256.1.1.1" is not a valid IPv4 address\n',
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
