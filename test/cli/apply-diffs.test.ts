import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: two in-process runs against the emulator, under a second each on a quiet machine; ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/**
 * How many diffs an apply makes (src/engine/plan-live.ts): the plan, then the check after the apply, which reads
 * the changed zones again and diffs them against the desired state, so that "converged" is a fact of live state.
 * The plan itself diffs once, also when it writes records on a provider whose geo services it reads only then
 * (the sandbox's Dyn account has geo services; the quickstart's zones file names none). Counted on `computePlan`.
 */
const computePlan = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/plan/diff/compute-plan.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/plan/diff/compute-plan.js')>();
  return {
    ...actual,
    computePlan: (...args: Parameters<typeof actual.computePlan>) => {
      computePlan.calls += 1;
      return actual.computePlan(...args);
    },
  };
});

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await quickstartSandbox();
});
afterAll(() => sandbox.close());

describe('an apply that writes records', () => {
  it('diffs twice: its plan once, and the check against what it reads back', async () => {
    const zones = resolve(QUICKSTART, 'zones.yaml');
    computePlan.calls = 0;
    const applied = await cli(['apply', '--yes', zones], sandbox.env);
    expect(applied.stdout).toContain('Converged: a new plan shows no changes.');
    expect(applied.code).toBe(0);
    expect(computePlan.calls).toBe(2);
    computePlan.calls = 0;
    const after = await cli(['plan', zones], sandbox.env);
    expect({ code: after.code, stdout: after.stdout }).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('No changes'),
    });
    expect(computePlan.calls).toBe(1);
  });
});
