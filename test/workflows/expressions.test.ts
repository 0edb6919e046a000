import { describe, expect, it } from 'vitest';
import { condition, evaluate, interpolate, type Scope } from './expressions.js';

/** An expression wrapped as workflows write it, spelt so that it is not a template placeholder. */
const wrap = (inner: string) => ['$', '{{ ', inner, ' }}'].join('');

const scope = (success = true): Scope => ({
  contexts: {
    github: { event_name: 'push', event: { pull_request: { number: 7, labels: [] } } },
    steps: { plan: { outcome: 'success', outputs: { code: '2' } } },
    inputs: { allow_unsafe: null },
  },
  status: { success, cancelled: false },
});

describe('workflow expressions (the subset the example workflows use)', () => {
  it('reads context paths, dotted and indexed; a value the table lacks is an error', () => {
    expect(evaluate('github.event.pull_request.number', scope())).toBe(7);
    expect(evaluate("github['event_name']", scope())).toBe('push');
    expect(() => evaluate('github.event.pull_request.head', scope())).toThrow(
      '`github.event.pull_request.head` is not in the test',
    );
    expect(() => evaluate('vars.X', scope())).toThrow('no context `vars`');
    expect(() => evaluate('steps.plann.outputs.code', scope())).toThrow('`steps.plann` is not in the test');
  });

  it('an output never set is empty, as on GitHub', () => {
    expect(evaluate('steps.plan.outputs.missing', scope())).toBe('');
  });

  it('== compares strings without case, other types as numbers; && and || return an operand', () => {
    expect(evaluate("github.event_name == 'PUSH'", scope())).toBe(true);
    expect(evaluate('steps.plan.outputs.code == 2', scope())).toBe(true);
    expect(evaluate("steps.plan.outputs.code != '2'", scope())).toBe(false);
    expect(evaluate("inputs.allow_unsafe || 'no'", scope())).toBe('no');
    expect(evaluate("github.event_name == 'push' && 'yes'", scope())).toBe('yes');
    expect(evaluate("!(github.event_name == 'push')", scope())).toBe(false);
  });

  it('if: without a status function means success() && (…); with one, as written', () => {
    expect(condition("steps.plan.outputs.code == '2'", scope(false))).toBe(false);
    expect(condition(wrap("always() && steps.plan.outputs.code == '2'"), scope(false))).toBe(true);
    expect(condition(wrap('!cancelled()'), scope(false))).toBe(true);
    expect(condition('failure()', scope(false))).toBe(true);
    expect(condition(undefined, scope(false))).toBe(false);
  });

  it('interpolates every expression in a string; unknown functions are refused', () => {
    expect(
      interpolate(`pr-${wrap('github.event.pull_request.number')}-${wrap('inputs.allow_unsafe')}`, scope()),
    ).toBe('pr-7-');
    expect(() => evaluate("hashFiles('x')", scope())).toThrow('hashFiles() is not supported');
  });
});
