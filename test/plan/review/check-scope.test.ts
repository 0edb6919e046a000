import { describe, expect, it } from 'vitest';
import { TARGET_KINDS } from '../../../src/model/target.js';
import { checkScope, parseTargets, scopeDesired } from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { reviewFixture } from '../helpers/review-fixture.js';

/** The fixture's plan with steps for these targets only (the diff's steps otherwise, each kept as it is). */
function withSteps(plan: Plan, texts: readonly string[]): Plan {
  return { ...plan, steps: plan.steps.filter((step) => texts.includes(step.id)) };
}

describe('the scope of the check after an apply', () => {
  it('covers exactly the DNS targets the plan has steps for, of every kind', () => {
    const { plan } = reviewFixture();
    const scope = checkScope(plan, undefined);
    expect(scope.matches({ kind: 'zone', name: 'example.com', provider: 'dyn' })).toBe(true);
    expect(scope.matches({ kind: 'zone', name: 'example.org', provider: 'dyn' })).toBe(true);
    expect(scope.matches({ kind: 'secondary', name: 'legacy.example.net', provider: 'dyn' })).toBe(true);
    expect(scope.matches({ kind: 'geo', name: 'Global | Web' })).toBe(true);
    expect(scope.matches({ kind: 'zone', name: 'example.net', provider: 'dyn' })).toBe(false);
    expect(scope.matches({ kind: 'zone', name: '*', provider: 'dyn' })).toBe(false);
    expect(scope.matches({ kind: 'zone', name: 'example.com', provider: 'pdns' })).toBe(false);
    expect(TARGET_KINDS.filter((kind) => !scope.hasKind(kind))).toEqual([]);
  });

  it('leaves out a DNS target without a step, and a kind without any', () => {
    const { plan, desired } = reviewFixture();
    const scope = checkScope(withSteps(plan, ['zone:example.org']), undefined);
    expect(scope.patterns).toEqual(['webapp:*', 'zone:example.org']);
    expect(scope.hasKind('secondary')).toBe(false);
    expect(scope.hasKind('geo')).toBe(false);
    const scoped = scopeDesired(desired, scope);
    expect(scoped.zones.map((z) => z.zone)).toEqual(['example.org']);
    expect(scoped.secondaryZones).toEqual([]);
    expect(scoped.geoServices).toEqual([]);
    // Not owned in the check: the secondary zones it does not name are not planned for deletion.
    expect(scoped.manage).toEqual({ secondaryZones: 'listed', geoServices: 'listed' });
  });

  it('keeps the webapps as the plan read them: all, or those of its --target scope', () => {
    const { plan, desired } = reviewFixture();
    const none = withSteps(plan, []);
    expect(scopeDesired(desired, checkScope(none, undefined)).waf?.webapps.map((w) => w.ref)).toEqual([
      'shop',
    ]);
    const onlyZones = parseTargets(['zone:*']);
    const scope = checkScope(none, onlyZones);
    expect(scope.hasKind('webapp')).toBe(false);
    expect(scope.matches({ kind: 'webapp', name: 'shop' })).toBe(false);
    expect(scopeDesired(desired, scope).waf).toBeUndefined();
    const shop = checkScope(none, parseTargets(['webapp:sh*', 'zone:*']));
    expect(shop.patterns).toEqual(['webapp:sh*']);
    expect(shop.matches({ kind: 'webapp', name: 'shop' })).toBe(true);
    expect(shop.matches({ kind: 'webapp', name: 'blog' })).toBe(false);
  });
});
