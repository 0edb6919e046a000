import { describe, expect, it } from 'vitest';
import { type Plan, parsePlanFile, renderPlanJson } from '../../../src/plan/index.js';
import { shownPlan } from '../../../src/plan/shown-plan.js';
import { FAKE_OP_SCHEMAS } from '../helpers/fake-providers.js';
import { refusalProblems } from '../helpers/refusal-problems.js';
import { reviewFixture, reviewPlan } from '../helpers/review-fixture.js';

type Json = Plan & Record<string, unknown>;

/** The fixture's plan (or `plan`) as saved, edited as someone would edit the JSON, then read back as apply does. */
function read(edit: (json: Json) => void = () => {}, plan = reviewFixture().plan) {
  const json = JSON.parse(renderPlanJson(plan));
  edit(json);
  return parsePlanFile(JSON.stringify(json), 'plan.json', FAKE_OP_SCHEMAS);
}

function problems(edit: (json: Json) => void, plan?: Plan): string[] {
  return refusalProblems(() => read(edit, plan));
}

describe('reading a version 2 plan file', () => {
  it('reads a plan as it was written', () => {
    const { plan } = reviewFixture();
    const { convertedFrom, ...rest } = read();
    expect(convertedFrom).toBeUndefined();
    expect(shownPlan(rest)).toEqual(JSON.parse(renderPlanJson(plan)));
    // Read back, it is the plan in memory again: every provider named, the implicit one said.
    expect(rest).toEqual(JSON.parse(JSON.stringify(plan)));
  });

  it('checks every op with its step’s provider, and names an unknown provider', () => {
    expect(
      problems((json) => {
        const [first, second] = json.steps;
        if (!first || !second) throw new Error('fixture');
        first.provider = 'powerdns';
        second.ops = [{ kind: 'set-bots', ref: 'shop' }];
      }),
    ).toEqual([
      'steps.0.provider: unknown provider "powerdns" (known: fake-dns, fake-waf)',
      'steps.1.ops.0.kind: Invalid option: expected one of "create-zone"|"create-set"|"update-set"|"delete-set"|"publish"|"create-secondary"|"update-secondary"|"delete-secondary"|"create-geo"|"update-geo"|"delete-geo"',
    ]);
  });

  it('checks typed targets, that a step’s kind is its target’s, dependencies and ids', () => {
    expect(
      problems((json) => {
        const [first, second, third] = json.steps;
        if (!first || !second || !third) throw new Error('fixture');
        first.kind = 'secondary';
        second.after = ['zone:nowhere'];
        third.id = second.id;
      }),
    ).toEqual(['steps.0: a step changes a target of its own kind']);
    expect(
      problems((json) => {
        const [, second, third] = json.steps;
        if (!second || !third) throw new Error('fixture');
        second.after = ['zone:nowhere'];
        third.id = second.id;
      }),
    ).toEqual([
      'steps.1.after: "zone:nowhere" is not a step',
      'steps.2.id: "secondary:legacy.example.net" is used twice',
    ]);
    expect(
      problems((json) => {
        Object.assign(json.steps[0] ?? {}, { target: 'zone:example.com' });
        Object.assign(json.needsApproval?.[0] ?? {}, { target: { kind: 'host', name: 'x' }, rule: 'yolo' });
        json.scope = ['zone:*', 'example.com'];
      }),
    ).toEqual([
      'steps.0.target: Invalid input: expected object, received string',
      'scope.1: not a kind:glob --target pattern',
      'needsApproval.0.target.kind: Invalid option: expected one of "zone"|"secondary"|"geo"|"webapp"',
      'needsApproval.0.rule: Invalid option: expected one of "zone-delete-share"|"zone-last-records"|"secondary-zone-delete"|"geo-service-delete"|"webapp-all-bots-disabled"|"zone-create"|"delegation-glue"|"apex-ns"',
    ]);
  });

  it('reads a cache purge as the second step of its webapp, and refuses a purge or a webapp step of another target', () => {
    const { desired, live } = reviewFixture();
    const webapps = (desired.waf?.webapps ?? []).map((w) => ({ ...w, purgeAfterApply: { paths: ['/'] } }));
    const purging = reviewPlan({ ...desired, waf: { webapps } }, live);
    const purge = purging.steps.findIndex((step) => step.kind === 'purge');
    const webapp = purging.steps.findIndex((step) => step.kind === 'webapp');
    expect(purging.steps[purge]).toMatchObject({
      target: { kind: 'webapp', name: 'shop' },
      after: ['webapp:shop'],
    });
    expect(read(undefined, purging).steps).toEqual(purging.steps);
    const zone = { kind: 'zone', name: 'example.com' } as const;
    expect(
      problems((json) => {
        Object.assign(json.steps[purge] ?? {}, { target: zone });
        Object.assign(json.steps[webapp] ?? {}, { kind: 'zone' });
      }, purging),
    ).toEqual([
      `steps.${webapp}: a step changes a target of its own kind`,
      `steps.${purge}: a step changes a target of its own kind`,
    ]);
  });

  it('refuses what is not JSON, and other format versions', () => {
    expect(() => parsePlanFile('{', 'p.json', FAKE_OP_SCHEMAS)).toThrow(/^p.json: not JSON/);
    expect(() => parsePlanFile('{"formatVersion": 3}', 'p.json', FAKE_OP_SCHEMAS)).toThrow(
      /formatVersion: Invalid input: expected 2/,
    );
  });
});
