import { describe, expect, it } from 'vitest';
import { orderSteps } from '../../../src/plan/diff/step-order.js';
import type { PlanStep } from '../../../src/plan/types.js';

function step(id: string, after: string[] = []): PlanStep {
  const [kind, name = ''] = id.split(':');
  return {
    id,
    kind: kind === 'geo' ? 'geo' : 'zone',
    provider: 'dyn',
    target: kind === 'geo' ? { kind: 'geo', name } : { kind: 'zone', name, provider: 'dyn' },
    after,
    ops: [],
  };
}

const ids = (steps: readonly PlanStep[]) => steps.map((s) => s.id);

describe('orderSteps: the order apply runs a plan in (apply waits on `after`, the plan file lists steps in it)', () => {
  it('with no dependencies, orders by id whatever the input order', () => {
    const steps = [step('zone:c.com'), step('zone:a.com'), step('zone:b.com')];
    expect(ids(orderSteps(steps))).toEqual(['zone:a.com', 'zone:b.com', 'zone:c.com']);
    expect(ids(orderSteps([...steps].reverse()))).toEqual(['zone:a.com', 'zone:b.com', 'zone:c.com']);
  });

  it('places a step after every step it waits for, even when its id sorts first', () => {
    // geo:a#unlink must run before zone:a.com, which must run before geo:a: ids alone would put geo:a first.
    const steps = [
      step('geo:a', ['zone:a.com']),
      step('zone:a.com', ['geo:a#unlink']),
      step('geo:a#unlink'),
      step('zone:b.com'),
    ];
    expect(ids(orderSteps(steps))).toEqual(['geo:a#unlink', 'zone:a.com', 'geo:a', 'zone:b.com']);
  });

  it('among the steps whose dependencies are placed, takes the smallest id first (not the first ready in input)', () => {
    const steps = [step('zone:z.com'), step('zone:m.com', ['zone:z.com']), step('zone:y.com')];
    // y sorts before z and is ready; m waits for z; after z, m is the only one left.
    expect(ids(orderSteps(steps))).toEqual(['zone:y.com', 'zone:z.com', 'zone:m.com']);
  });

  it('a step waiting for two steps comes after both', () => {
    const steps = [step('geo:a', ['zone:b.com', 'zone:c.com']), step('zone:c.com'), step('zone:b.com')];
    expect(ids(orderSteps(steps))).toEqual(['zone:b.com', 'zone:c.com', 'geo:a']);
  });

  it('returns every step once, and does not change the input array', () => {
    const steps = [step('zone:b.com'), step('zone:a.com', ['zone:b.com'])];
    const copy = [...steps];
    const ordered = orderSteps(steps);
    expect(ids(ordered)).toEqual(['zone:b.com', 'zone:a.com']);
    expect(steps).toEqual(copy);
  });

  it('refuses a dependency that is not a step, naming both', () => {
    expect(() => orderSteps([step('zone:a.com', ['geo:gone'])])).toThrow(
      'plan step zone:a.com waits for geo:gone, which is not a step',
    );
  });

  it('refuses a cycle, naming the steps left', () => {
    const steps = [step('zone:a.com', ['geo:x']), step('geo:x', ['zone:a.com']), step('zone:b.com')];
    expect(() => orderSteps(steps)).toThrow('plan steps depend on each other in a cycle: geo:x, zone:a.com');
  });

  it('an empty plan has no steps', () => {
    expect(orderSteps([])).toEqual([]);
  });
});
