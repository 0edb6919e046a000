import { describe, expect, it } from 'vitest';
import {
  type Plan,
  type PlanStep,
  parsePlanFile,
  renderPlanJson,
  type SavedPlan,
  savedPlanDifferences,
} from '../../../src/plan/index.js';
import { dynLive, withDynLive } from '../../support/one-provider.js';
import { FAKE_DNS, FAKE_OP_SCHEMAS } from '../helpers/fake-providers.js';
import { reviewFixture, reviewPlan } from '../helpers/review-fixture.js';

/** The fixture's plan as saved, edited by `edit` as someone would edit the JSON, then read back as apply does. */
function saved(plan: Plan, edit: (json: Plan) => void = () => {}): SavedPlan {
  const json: Plan = JSON.parse(renderPlanJson(plan));
  edit(json);
  return parsePlanFile(JSON.stringify(json), 'plan.json', FAKE_OP_SCHEMAS);
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('not in the fixture');
  return value;
}

describe('savedPlanDifferences', () => {
  it('a saved plan matches the plan it was written from', () => {
    const { plan } = reviewFixture();
    expect(plan.needsApproval?.length).toBeGreaterThan(0);
    expect(savedPlanDifferences(saved(plan), plan)).toEqual([]);
  });

  it('tolerates what two reads of a live state the plan holds for differ in: serials, unchanged targets, the rate window', () => {
    const { plan, desired, live } = reviewFixture();
    const { zones } = dynLive(live);
    const zone = zones['example.com'];
    if (!zone || !live.waf) throw new Error('fixture');
    const later = {
      ...withDynLive(live, { zones: { ...zones, 'example.com': { ...zone, serial: 43 } } }),
      waf: { ...live.waf, rateLimit: { limit: 500, remaining: 3, resetSeconds: 9 } },
    };
    const now = reviewPlan(desired, later);
    expect(now.zones[0]?.serial).toBe(43);
    const file = saved(plan, (json) => {
      const target = must(json.fingerprints?.targets[0]);
      target.changed = false; // a target the plan does not change may move freely
      target.live = `sha256:${'0'.repeat(64)}`;
    });
    const untouched = { ...now, fingerprints: file.fingerprints };
    expect(savedPlanDifferences(file, untouched)).toEqual([]);
    expect(savedPlanDifferences(saved(plan), now)).toEqual([]);
  });

  it('tolerates records left alone that another tool changed since: edgeplan never touches them', () => {
    const { plan } = reviewFixture();
    expect(plan.leftAlone?.length).toBeGreaterThan(0);
    const later: Plan = {
      ...plan,
      leftAlone: [{ zone: 'example.com', provider: 'dyn', records: ['rp.example.com RP'] }],
    };
    expect(savedPlanDifferences(saved(plan), later)).toEqual([]);
    expect(savedPlanDifferences(saved(plan), { ...plan, leftAlone: [] })).toEqual([]);
  });

  it('names the first differing op of a step, with both values', () => {
    const { plan } = reviewFixture();
    const index = plan.steps.findIndex((step) => step.id === 'zone:example.com');
    const file = saved(plan, (json) => {
      const op = must(json.steps[index]?.ops.find((o) => o.kind === 'update-set'));
      Object.assign(op, { values: ['203.0.113.66'] });
    });
    const [line, ...rest] = savedPlanDifferences(file, plan);
    expect(rest).toEqual([]);
    expect(line).toMatch(
      new RegExp(
        `^steps\\[${index}\\] zone:example.com: ops\\[\\d+\\] \\{"kind":"update-set",.*"values":\\["203.0.113.66"\\].* in the file, \\{"kind":"update-set",.*computed$`,
      ),
    );
  });

  it('names added, removed and reordered steps, the first three of them', () => {
    const { plan } = reviewFixture();
    const extra: PlanStep = {
      id: 'zone:legacy.example',
      kind: 'zone',
      provider: FAKE_DNS,
      target: { kind: 'zone', name: 'legacy.example', provider: 'dyn' },
      after: [],
      ops: [
        { kind: 'delete-set', zone: 'legacy.example', fqdn: 'legacy.example', type: 'A' },
        { kind: 'publish', zone: 'legacy.example' },
      ],
    };
    const last = plan.steps.length;
    expect(
      savedPlanDifferences(
        saved(plan, (json) => json.steps.push(extra)),
        plan,
      ),
    ).toEqual([`steps[${last}] zone:legacy.example: in the file, not in the computed plan`]);
    const dropped = plan.steps[last - 1]?.id;
    expect(
      savedPlanDifferences(
        saved(plan, (json) => json.steps.pop()),
        plan,
      ),
    ).toEqual([`steps[${last - 1}] ${dropped}: in the computed plan, not in the file`]);
    expect(last).toBeGreaterThan(4);
    const reversed = savedPlanDifferences(
      saved(plan, (json) => json.steps.reverse()),
      plan,
    );
    expect(reversed[0]).toBe(
      `steps[0]: ${plan.steps[last - 1]?.id} in the file, ${plan.steps[0]?.id} computed`,
    );
    expect(reversed).toHaveLength(4);
    expect(reversed[3]).toMatch(/^… and \d+ more differing steps$/);
    const after = saved(plan, (json) => {
      must(json.steps[0]).after = ['zone:example.com'];
    });
    expect(savedPlanDifferences(after, plan)).toEqual([
      `steps[0] ${plan.steps[0]?.id}: after ["zone:example.com"] in the file, [] computed`,
    ]);
  });

  it('names every other section that differs: approvals, people, scope, fingerprints, unknown fields', () => {
    const { plan } = reviewFixture();
    const approvals = plan.needsApproval?.length ?? 0;
    const file = saved(plan, (json) => {
      json.needsApproval = [];
      must(json.changes[1]).after = { ttl: 60, values: ['192.0.2.200'] };
      json.scope = ['zone:*'];
      must(json.fingerprints?.targets.find((t) => t.changed)).live = `sha256:${'1'.repeat(64)}`;
      Object.assign(json, { note: 'reviewed' });
      Reflect.deleteProperty(json, 'summary');
    });
    expect(savedPlanDifferences(file, plan)).toEqual([
      'changes: not as computed',
      'fingerprints: not as computed',
      `needsApproval: not as computed (0 in the file, ${approvals} computed)`,
      'note: in the file, not in the computed plan',
      'scope: in the file, not in the computed plan',
      'summary: missing from the file',
    ]);
    const people = saved(plan, (json) => {
      must(json.zones[0]).zone = 'example.net';
    });
    expect(savedPlanDifferences(people, plan)).toEqual(['zones: not as computed']);
  });
});

describe('savedPlanDifferences, step by step', () => {
  it('names a step whose provider or target differs by that field', () => {
    const { plan } = reviewFixture();
    const first = must(plan.steps[0]);
    // Read back, a provider the run does not know is refused first; compared as apply would, it is named.
    const file = saved(plan);
    const provider: SavedPlan = { ...file, steps: [{ ...first, provider: 'other' }, ...file.steps.slice(1)] };
    expect(savedPlanDifferences(provider, plan)).toEqual([
      `steps[0] ${first.id}: provider "other" in the file, ${JSON.stringify(first.provider)} computed`,
    ]);
    const target = saved(plan, (json) => {
      must(json.steps[0]).target = { ...first.target, name: 'example.net' };
    });
    expect(savedPlanDifferences(target, plan)).toEqual([
      `steps[0] ${first.id}: target ${JSON.stringify({ ...first.target, name: 'example.net' })} in the file, ${JSON.stringify(first.target)} computed`,
    ]);
  });

  it('names an op the file has beyond the computed ones as against nothing', () => {
    const { plan } = reviewFixture();
    const index = plan.steps.findIndex((step) => step.id === 'zone:example.com');
    const ops = must(plan.steps[index]).ops.length;
    const file = saved(plan, (json) => {
      must(json.steps[index]).ops.push({ kind: 'publish', zone: 'example.com' });
    });
    expect(savedPlanDifferences(file, plan)).toEqual([
      `steps[${index}] zone:example.com: ops[${ops}] {"kind":"publish","zone":"example.com"} in the file, nothing computed`,
    ]);
  });

  it('shows a long value cut at 160 characters', () => {
    const { plan } = reviewFixture();
    const index = plan.steps.findIndex((step) => step.id === 'zone:example.com');
    const values = Array.from({ length: 20 }, (_, i) => `192.0.2.${i + 100}`);
    const file = saved(plan, (json) => {
      const op = must(json.steps[index]?.ops.find((o) => o.kind === 'update-set'));
      Object.assign(op, { values });
    });
    const [line] = savedPlanDifferences(file, plan);
    const shown = must(line?.match(/ops\[\d+\] (.*) in the file, /)?.[1]);
    expect(shown).toHaveLength(160);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('{"kind":"update-set"')).toBe(true);
    // 160 characters exactly are shown whole.
    const exact = saved(plan, (json) => {
      const op = must(json.steps[index]?.ops.find((o) => o.kind === 'update-set'));
      Object.assign(op, { values: [''] });
      Object.assign(op, { values: ['x'.repeat(160 - JSON.stringify(op).length)] });
    });
    const whole = must(savedPlanDifferences(exact, plan)[0]?.match(/ops\[\d+\] (.*) in the file, /)?.[1]);
    expect(whole).toHaveLength(160);
    expect(JSON.parse(whole)).toMatchObject({ kind: 'update-set' });
  });

  it('lists up to three differing steps in full; from four on the rest are counted', () => {
    const { plan } = reviewFixture();
    const reorder = (count: number) =>
      saved(plan, (json) => {
        const moved = json.steps.slice(0, count);
        json.steps.splice(0, count, ...[...moved.slice(1), ...moved.slice(0, 1)]);
      });
    const three = savedPlanDifferences(reorder(3), plan);
    expect(three).toHaveLength(3);
    expect(three.every((line) => line.startsWith('steps['))).toBe(true);
    const four = savedPlanDifferences(reorder(4), plan);
    expect(four).toHaveLength(4);
    expect(four[3]).toBe('… and 1 more differing steps');
  });
});

describe('savedPlanDifferences, sections of other shapes', () => {
  it('a plan without a WAF section matches itself; a section of another shape is named without counts', () => {
    const { desired, live } = reviewFixture();
    const { waf: _waf, ...dnsOnly } = desired;
    const plan = reviewPlan(dnsOnly, { ...live, waf: undefined });
    expect(plan).not.toHaveProperty('waf');
    expect(savedPlanDifferences(saved(plan), plan)).toEqual([]);
    const file = saved(plan, (json) => {
      Object.assign(json, { zones: { 'example.com': {} } });
    });
    expect(savedPlanDifferences(file, plan)).toEqual(['zones: not as computed']);
  });

  it('a file missing its zones, or with a WAF section that is not a map, is named, not a crash', () => {
    const { plan } = reviewFixture();
    const file = saved(plan, (json) => {
      Reflect.deleteProperty(json, 'zones');
      Object.assign(json, { waf: null });
    });
    expect(savedPlanDifferences(file, plan)).toEqual([
      'waf: not as computed',
      'zones: missing from the file',
    ]);
  });

  it('a zones list holding something other than zone headers is named, not a crash', () => {
    const { plan } = reviewFixture();
    const file = saved(plan, (json) => {
      Object.assign(json, { zones: [null, ...json.zones.slice(1)] });
    });
    expect(savedPlanDifferences(file, plan)).toEqual(['zones: not as computed']);
  });

  it('a section the computed plan holds as undefined is absent, as in the file', () => {
    const { plan } = reviewFixture();
    expect(plan).not.toHaveProperty('scope');
    expect(savedPlanDifferences(saved(plan), { ...plan, scope: undefined })).toEqual([]);
  });

  it('compared with a plan not annotated (no approvals, no fingerprints), names those sections, not a crash', () => {
    const { plan } = reviewFixture();
    const { needsApproval: _approvals, fingerprints: _fingerprints, ...bare } = plan;
    expect(savedPlanDifferences(saved(plan), bare)).toEqual([
      'fingerprints: in the file, not in the computed plan',
      'needsApproval: in the file, not in the computed plan',
    ]);
  });
});
