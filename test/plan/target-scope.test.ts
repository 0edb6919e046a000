import { describe, expect, it } from 'vitest';
import { parseTargets, scopeDesired, unmatchedPatterns } from '../../src/plan/scope.js';
import { reviewFixture } from './helpers/review-fixture.js';

describe('--target scope', () => {
  it('matches kind:glob, case-insensitively, `*` across dots', () => {
    const scope = parseTargets(['zone:*.com', 'geo:global*']);
    expect(scope.matches('zone:example.com')).toBe(true);
    expect(scope.matches('zone:a.b.example.com')).toBe(true);
    expect(scope.matches('zone:example.org')).toBe(false);
    expect(scope.matches('geo:Global | Web')).toBe(true);
    expect(scope.matches('secondary:example.com')).toBe(false);
    expect(() => parseTargets(['example.com'])).toThrow(/expected kind:name/);
    expect(() => parseTargets(['host:x'])).toThrow(/kind one of zone, secondary, geo, webapp/);
  });

  it('keeps only what matches; sections without a pattern of their kind are not owned', () => {
    const { desired } = reviewFixture();
    const scoped = scopeDesired(desired, parseTargets(['zone:example.org']));
    expect(scoped.zones.map((z) => z.zone)).toEqual(['example.org']);
    expect(scoped.secondaryZones).toEqual([]);
    expect(scoped.manage).toEqual({ secondaryZones: 'listed', geoServices: 'listed' });
    expect(scoped.waf).toBeUndefined();
    const secondaries = scopeDesired(desired, parseTargets(['secondary:*']));
    expect(secondaries.manage?.secondaryZones).toBe('all');
    expect(secondaries.zones).toEqual([]);
  });

  it('reports patterns that match nothing (unless the section is owned whole)', () => {
    const { desired } = reviewFixture();
    expect(
      unmatchedPatterns(desired, ['zone:example.net', 'zone:example.com', 'secondary:nope', 'geo:nope']),
    ).toEqual(['zone:example.net', 'geo:nope']);
  });
});
