import { describe, expect, it } from 'vitest';
import { type Plan, PlanFileError, parsePlanFile, renderPlanJson } from '../../../src/plan/index.js';
import { FAKE_OP_SCHEMAS } from '../helpers/fake-providers.js';
import { refusalProblems } from '../helpers/refusal-problems.js';
import { reviewFixture } from '../helpers/review-fixture.js';

/**
 * What makes `apply --plan FILE` refuse a file before anything is read or sent, beyond steps and ops
 * (plan-file.test.ts): targets, digests, serials, the recorded paths and accounts, and how many problems it shows.
 */

type Json = Plan & Record<string, unknown>;

function problemsOf(text: string): string[] {
  return refusalProblems(() => parsePlanFile(text, 'plan.json', FAKE_OP_SCHEMAS));
}

function problems(edit: (json: Json) => void): string[] {
  const json = JSON.parse(renderPlanJson(reviewFixture().plan));
  edit(json);
  return problemsOf(JSON.stringify(json));
}

function fingerprint(json: Json, i = 0) {
  const target = json.fingerprints?.targets[i];
  if (!target) throw new Error('fixture');
  return target;
}

describe('refusing a saved plan', () => {
  it('only zones and secondary zones are on a DNS provider', () => {
    expect(
      problems((json) => {
        Object.assign(json.needsApproval?.[0] ?? {}, {
          target: { kind: 'zone', name: 'example.com', provider: 'dyn' },
        });
      }),
    ).toEqual([]);
    expect(
      problems((json) => {
        Object.assign(json.needsApproval?.[0] ?? {}, {
          target: { kind: 'webapp', name: 'shop', provider: 'dyn' },
        });
      }),
    ).toEqual(['needsApproval.0.target: only zones and secondary zones are on a DNS provider']);
  });

  it('digests are sha256 and 64 lower-case hex digits; serials counts or null; names not empty', () => {
    expect(
      problems((json) => {
        fingerprint(json).live = `sha256:${'A'.repeat(64)}`;
        fingerprint(json, 1).desired = `sha256:${'0'.repeat(63)}`;
        fingerprint(json).serial = -1;
        fingerprint(json, 1).target = { kind: 'zone', name: '', provider: 'dyn' };
        Object.assign(json, {
          fingerprints: { ...json.fingerprints, desired: `x${json.fingerprints?.desired}` },
        });
      }),
    ).toEqual([
      'fingerprints.desired: Invalid string: must match pattern /^sha256:[0-9a-f]{64}$/',
      'fingerprints.targets.0.serial: Too small: expected number to be >=0',
      'fingerprints.targets.0.live: Invalid string: must match pattern /^sha256:[0-9a-f]{64}$/',
      'fingerprints.targets.1.target.name: Too small: expected string to have >=1 characters',
      'fingerprints.targets.1.desired: Invalid string: must match pattern /^sha256:[0-9a-f]{64}$/',
    ]);
    expect(
      problems((json) => {
        fingerprint(json).serial = 0;
        fingerprint(json, 1).serial = null;
        Reflect.deleteProperty(fingerprint(json, 2), 'serial');
        fingerprint(json, 2).live = null;
      }),
    ).toEqual([]);
  });

  it('a step has at least one op, each with its kind, before the provider reads it', () => {
    expect(
      problems((json) => {
        const [first] = json.steps;
        if (first) first.ops = [];
      }),
    ).toEqual(['steps.0.ops: Too small: expected array to have >=1 items']);
    expect(
      problems((json) => {
        Object.assign(json.steps[0] ?? {}, { ops: [{ zone: 'example.com' }] });
      }),
    ).toEqual(['steps.0.ops.0.kind: Invalid input: expected string, received undefined']);
  });

  it('the recorded paths and accounts, when there, are well-formed', () => {
    const ok = { root: 'git', paths: ['dns'] };
    expect(
      problems((json) => Object.assign(json, { source: ok, accounts: { dyn: { customer: 'acme' } } })),
    ).toEqual([]);
    expect(
      problems((json) =>
        Object.assign(json, {
          source: { root: 'home', paths: [] },
          accounts: { dyn: { customer: 7 } },
        }),
      ),
    ).toEqual([
      'source.root: Invalid option: expected one of "git"|"cwd"',
      'source.paths: Too small: expected array to have >=1 items',
      'accounts.dyn.customer: Invalid input: expected string, received number',
    ]);
  });

  it('what is not an object is refused at the root', () => {
    expect(problemsOf('null')).toEqual(['(root): Invalid input: expected object, received null']);
    expect(problemsOf('2')).toEqual(['(root): Invalid input: expected object, received number']);
    expect(problemsOf('"plan"')).toEqual(['(root): Invalid input: expected object, received string']);
  });

  it('a refusal is a PlanFileError, named so when a library caller prints it', () => {
    const refusal = (() => {
      try {
        return parsePlanFile('[', 'plan.json', FAKE_OP_SCHEMAS);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(PlanFileError);
    expect(String(refusal)).toMatch(/^PlanFileError: plan\.json: not JSON \(/);
  });

  it('shows the first ten problems and counts the rest', () => {
    const shown = problems((json) => {
      for (const step of json.steps) step.after = Array.from({ length: 4 }, (_, i) => `zone:nowhere${i}`);
    });
    const all = reviewFixture().plan.steps.length * 4;
    expect(all).toBeGreaterThan(11);
    expect(shown).toHaveLength(11);
    expect(
      shown.slice(0, 10).every((line) => /^steps\.\d+\.after: "zone:nowhere\d" is not a step$/.test(line)),
    ).toBe(true);
    expect(shown[10]).toBe(`… and ${all - 10} more`);
    const ten = problems((json) => {
      const [first, second, third] = json.steps;
      if (!first || !second || !third) throw new Error('fixture');
      first.after = ['a', 'b', 'c', 'd'];
      second.after = ['a', 'b', 'c', 'd'];
      third.after = ['a', 'b'];
    });
    expect(ten).toHaveLength(10);
    expect(ten.some((line) => line.startsWith('…'))).toBe(false);
  });
});
