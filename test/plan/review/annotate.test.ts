import { describe, expect, it } from 'vitest';
import { annotatePlan, computePlan } from '../../../src/plan/index.js';
import { fakeProviders } from '../helpers/fake-providers.js';
import { reviewFixture } from '../helpers/review-fixture.js';

/** The plan as saved: `apply --plan` compares its scope and refuses a plan of another account, so both must be kept. */

describe('annotatePlan', () => {
  it('keeps the --target patterns and the accounts the plan was read from', () => {
    const { desired, live } = reviewFixture();
    const plan = computePlan(desired, live, fakeProviders());
    const scope = ['zone:example.com', 'webapp:*'];
    const accounts = { dyn: { customer: 'acme', user: 'ops' }, waf: { client: 'edge' } };
    const annotated = annotatePlan(plan, desired, live, scope, accounts);
    expect(annotated.scope).toEqual(['zone:example.com', 'webapp:*']);
    expect(annotated.accounts).toEqual({ dyn: { customer: 'acme', user: 'ops' }, waf: { client: 'edge' } });
    expect(annotated.needsApproval?.length).toBeGreaterThan(0);
    expect(annotated.fingerprints?.targets.length).toBeGreaterThan(0);
  });

  it('leaves the fingerprints out when asked, and nothing else', () => {
    const { desired, live } = reviewFixture();
    const plan = computePlan(desired, live, fakeProviders());
    const accounts = { dyn: { customer: 'acme', user: 'ops' } };
    const full = annotatePlan(plan, desired, live, ['zone:*'], accounts);
    const bare = annotatePlan(plan, desired, live, ['zone:*'], accounts, { fingerprints: false });
    expect(bare).not.toHaveProperty('fingerprints');
    const { fingerprints, ...rest } = full;
    expect(fingerprints?.targets.length).toBeGreaterThan(0);
    expect(bare).toEqual(rest);
    expect(annotatePlan(plan, desired, live, [], {}, { fingerprints: true }).fingerprints).toEqual(
      annotatePlan(plan, desired, live).fingerprints,
    );
  });

  it('a plan of every target, from providers naming no account, has neither', () => {
    const { desired, live } = reviewFixture();
    const annotated = annotatePlan(computePlan(desired, live, fakeProviders()), desired, live);
    expect(annotated).not.toHaveProperty('scope');
    expect(annotated).not.toHaveProperty('accounts');
  });
});
