import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { publishedRecords } from './helpers.js';
import { workDir, writeRequests } from './review-helpers.js';

// Time budget: ten times its slowest test (2.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

interface PlanJson {
  steps: { id: string; ops: Record<string, unknown>[] }[];
  changes: { address: { kind: string; fqdn?: string }; after: unknown }[];
  needsApproval: unknown[];
  scope?: string[];
}

/** `plan --out` with `args`, the file edited as JSON by `edit`, then `apply --plan` of it. */
async function applyEdited(
  edit: (plan: PlanJson) => void,
  args: { plan?: string[]; apply?: string[] } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(work.dir, 'plan.json');
  const cwd = { cwd: work.dir };
  expect((await cli(['plan', work.config, '--out', file, ...(args.plan ?? [])], sandbox.env, cwd)).code).toBe(
    2,
  );
  const plan: PlanJson = JSON.parse(await readFile(file, 'utf8'));
  edit(plan);
  await writeFile(file, JSON.stringify(plan, null, 2));
  sandbox.emulator.requestLog.clear();
  return cli(['apply', work.config, '--plan', file, '--yes', ...(args.apply ?? [])], sandbox.env, cwd);
}

const NOT_COMPUTED =
  'it is not the plan edgeplan computes from this desired state and this live state (it was edited, or made by another version of edgeplan)';

/** Every zone of the quickstart's account as published, to see that nothing changed. */
function published(): string[] {
  return ['example.com', 'example.net', 'example.org', 'legacy.example'].flatMap((zone) =>
    publishedRecords(sandbox.emulator, zone),
  );
}

describe('apply --plan refuses a plan file edited by hand: exit 1, nothing sent', () => {
  it('a step added that deletes records outside the desired state', async () => {
    const before = published();
    const run = await applyEdited((plan) => {
      plan.steps.push({
        id: 'zone:legacy.example',
        kind: 'zone',
        provider: 'dyn',
        target: { kind: 'zone', name: 'legacy.example' },
        after: [],
        ops: [
          { kind: 'delete-records', zone: 'legacy.example', fqdn: 'legacy.example', type: 'A' },
          { kind: 'publish', zone: 'legacy.example' },
        ],
      } as PlanJson['steps'][number]);
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(NOT_COMPUTED);
    expect(run.stderr).toContain('steps[6] zone:legacy.example: in the file, not in the computed plan');
    expect(run.stderr).toContain('Nothing was sent.');
    expect(writeRequests(sandbox)).toEqual([]);
    expect(published()).toEqual(before);
    expect(published()).toContain('legacy.example 3600 A 192.0.2.200');
  });

  it('the approvals removed from a change needing approval', async () => {
    await writeFile(
      join(work.config, 'safety.yaml'),
      'settings:\n  safety:\n    zone_delete_share: { max_percent: 10, min_records: 1 }\n',
    );
    const honest = await applyEdited(() => {});
    expect(honest.code).toBe(1);
    expect(honest.stderr).toContain('refusing to apply: 1 change needs approval');
    // old.example.com A, of 4 managed sets: @ A, www A, old A and blog CNAME (every registered type is managed).
    expect(honest.stderr).toContain('zone:example.com: deletes 1 of 4 managed record sets');
    const run = await applyEdited((plan) => {
      expect(plan.needsApproval).toHaveLength(1);
      plan.needsApproval = [];
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(NOT_COMPUTED);
    expect(run.stderr).toContain('needsApproval: not as computed (0 in the file, 1 computed)');
    expect(writeRequests(sandbox)).toEqual([]);
    // --allow-unsafe approves what edgeplan computes, not a file that hides it.
    const unsafe = await applyEdited(
      (plan) => {
        plan.needsApproval = [];
      },
      { apply: ['--allow-unsafe'] },
    );
    expect(unsafe.code).toBe(1);
    expect(unsafe.stderr).toContain('needsApproval: not as computed');
    expect(writeRequests(sandbox)).toEqual([]);
  });

  it("an op's value changed (an address)", async () => {
    const before = published();
    let at = '';
    const run = await applyEdited((plan) => {
      const step = plan.steps.findIndex((s) => s.id === 'zone:example.com');
      const ops = plan.steps[step]?.ops ?? [];
      const op = ops.findIndex((o) => o.fqdn === 'api.example.com');
      const edited = ops[op];
      if (!edited) throw new Error('no op for api.example.com');
      expect(edited).toMatchObject({ kind: 'replace-records', values: ['192.0.2.20', '192.0.2.21'] });
      edited.values = ['192.0.2.20', '203.0.113.66'];
      at = `steps[${step}] zone:example.com: ops[${op}] `;
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(NOT_COMPUTED);
    expect(run.stderr).toContain(at);
    expect(run.stderr).toMatch(
      /ops\[\d+\] \{.*"203\.0\.113\.66".*\} in the file, \{.*"192\.0\.2\.21".*\} computed/,
    );
    expect(writeRequests(sandbox)).toEqual([]);
    expect(published()).toEqual(before);
  });

  it('the section for people changed: what a reviewer of the file reads must be what runs', async () => {
    const run = await applyEdited((plan) => {
      const api = plan.changes.find((c) => c.address.fqdn === 'api.example.com');
      if (!api) throw new Error('no change for api.example.com');
      api.after = { ttl: 3600, values: ['192.0.2.20'] };
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(NOT_COMPUTED);
    expect(run.stderr).toContain('  changes: not as computed');
    expect(run.stderr).not.toContain('steps[');
    expect(writeRequests(sandbox)).toEqual([]);
  });

  it('every step removed: no exit 0 for a plan that does nothing', async () => {
    const run = await applyEdited((plan) => {
      plan.steps = [];
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'steps[0] secondary:partner.example.net: in the computed plan, not in the file',
    );
    expect(run.stderr).toContain('… and 3 more differing steps');
    expect(writeRequests(sandbox)).toEqual([]);
  });
});

describe('apply --plan binds the scope the file says it was made with', () => {
  it('a scope removed (widened to everything) or added (narrowed) changes the desired state checked', async () => {
    const widened = await applyEdited(
      (plan) => {
        expect(plan.scope).toEqual(['zone:example.com']);
        delete plan.scope;
      },
      { plan: ['--target', 'zone:example.com'] },
    );
    expect(widened.code).toBe(1);
    expect(widened.stderr).toContain('the desired state is not the one it was made from');
    expect(widened.stderr).toContain('zone:example.org: in the current desired state, not in the plan');
    expect(sandbox.emulator.requestLog.count()).toBe(0);
    const narrowed = await applyEdited((plan) => {
      plan.scope = ['zone:example.com'];
    });
    expect(narrowed.code).toBe(1);
    expect(narrowed.stderr).toContain(
      "zone:example.org: in the plan's desired state, not in the current one",
    );
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('a pattern added that reaches a live object `manage: all` would delete', async () => {
    await writeFile(join(work.config, 'ownership.yaml'), 'settings:\n  secondary_zones: { manage: all }\n');
    // legacy-partner.example: the quickstart account's secondary zone, live and not in the desired state.
    const run = await applyEdited(
      (plan) => {
        expect(plan.steps.map((s) => s.id)).toEqual(['secondary:partner.example.net']);
        plan.scope = ['secondary:legacy-partner.example', 'secondary:partner.example.net'];
      },
      { plan: ['--target', 'secondary:partner.example.net'] },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'secondary:legacy-partner.example: not in the plan, exists now (created since, or outside its scope)',
    );
    expect(writeRequests(sandbox)).toEqual([]);
    expect(Object.keys(sandbox.emulator.snapshot().dns?.secondary_zones ?? {})).toContain(
      'legacy-partner.example',
    );
  });
});
