import { describe, expect, it } from 'vitest';
import { parseTargets, scopeDesired, scopeLive, unmatchedPatterns } from '../../../src/plan/index.js';
import { DYN } from '../../support/one-provider.js';
import { reviewFixture } from '../helpers/review-fixture.js';

describe('--target scope', () => {
  it('matches kind:glob on typed targets, case-insensitively, `*` across dots', () => {
    const scope = parseTargets(['zone:*.com', 'geo:global*', 'zone:*.com']);
    expect(scope.patterns).toEqual(['geo:global*', 'zone:*.com']);
    expect(scope.matches({ kind: 'zone', name: 'example.com' })).toBe(true);
    expect(scope.matches({ kind: 'zone', name: 'a.b.example.com' })).toBe(true);
    expect(scope.matches({ kind: 'zone', name: 'example.org' })).toBe(false);
    expect(scope.matches({ kind: 'geo', name: 'Global | Web' })).toBe(true);
    expect(scope.matches({ kind: 'secondary', name: 'example.com' })).toBe(false);
    expect(scope.hasKind('geo')).toBe(true);
    expect(scope.hasKind('webapp')).toBe(false);
    expect(() => parseTargets(['example.com'])).toThrow(/expected kind:name/);
    expect(() => parseTargets(['zone:'])).toThrow(/expected kind:name/);
    expect(() => parseTargets(['host:x'])).toThrow(/kind one of zone, secondary, geo, webapp/);
  });

  it('reads a zone or secondary zone written absolute (trailing dot), also before a provider', () => {
    const scope = parseTargets(['zone:Example.com.', 'secondary:*.net.@pdns', 'geo:Web.']);
    expect(scope.matches({ kind: 'zone', name: 'example.com' })).toBe(true);
    expect(scope.matches({ kind: 'secondary', name: 'legacy.example.net', provider: 'pdns' })).toBe(true);
    expect(scope.matches({ kind: 'secondary', name: 'legacy.example.net', provider: 'dyn' })).toBe(false);
    // Other names are as written: a geo service may end in a dot.
    expect(scope.matches({ kind: 'geo', name: 'Web.' })).toBe(true);
    expect(scope.matches({ kind: 'geo', name: 'Web' })).toBe(false);
    expect(unmatchedPatterns(reviewFixture().desired, ['zone:example.org.'])).toEqual([]);
    expect(() => parseTargets(['zone:.'])).toThrow(/expected kind:name/);
    expect(() => parseTargets(['zone:.@pdns'])).toThrow(/expected kind:name/);
  });

  it('matches a zone written in Unicode by its A-labels (UTS #46); a geo name stays as written', () => {
    const scope = parseTargets(['zone:bücher.example', 'secondary:*.straße.example@pdns', 'geo:Bücher']);
    expect(scope.patterns).toEqual(['geo:Bücher', 'secondary:*.straße.example@pdns', 'zone:bücher.example']);
    expect(scope.matches({ kind: 'zone', name: 'xn--bcher-kva.example' })).toBe(true);
    expect(scope.matches({ kind: 'secondary', name: 'a.xn--strae-oqa.example', provider: 'pdns' })).toBe(
      true,
    );
    expect(scope.matches({ kind: 'geo', name: 'Bücher' })).toBe(true);
  });

  it('refuses a zone pattern whose Unicode has no A-label, naming the flag and the code point', () => {
    expect(() => parseTargets(['zone:a\u200db.example'])).toThrow(
      '--target "zone:aU+200Db.example": "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    );
    expect(() => parseTargets(['zone:bü*.example'])).toThrow(/mixes glob characters with non-ASCII ones/);
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
    expect(scopeDesired(desired, parseTargets(['webapp:SHOP'])).waf?.webapps.map((w) => w.ref)).toEqual([
      'shop',
    ]);
  });

  it('leaves live secondary zones and geo services out of scope out, so manage: all never deletes them', () => {
    const { desired, live } = reviewFixture();
    const scoped = scopeLive(live, parseTargets(['secondary:partner*']), desired);
    expect(scoped.dns[DYN]?.secondaryZones).toEqual([]);
    expect(
      scopeLive(live, parseTargets(['secondary:legacy*']), desired).dns[DYN]?.secondaryZones?.map(
        (z) => z.zone,
      ),
    ).toEqual(['legacy.example.net']);
  });

  it('reports patterns that match nothing (unless the section is owned whole)', () => {
    const { desired } = reviewFixture();
    expect(
      unmatchedPatterns(desired, ['zone:example.net', 'zone:example.com', 'secondary:nope', 'geo:nope']),
    ).toEqual(['zone:example.net', 'geo:nope']);
  });
});
