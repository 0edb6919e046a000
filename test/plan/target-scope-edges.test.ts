import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/dns.js';
import { parseTargets, scopeDesired, scopeLive, unmatchedPatterns } from '../../src/plan/index.js';
import { desiredZone, liveZone } from './helpers/builders.js';

/** The edges of `--target`: globs across separators, defaults when a section or setting is absent. */

describe('--target edges', () => {
  it('`*` crosses slashes in a name too: geo service names may hold them', () => {
    const scope = parseTargets(['geo:Global*']);
    expect(scope.matches({ kind: 'geo', name: 'Global / EU' })).toBe(true);
    expect(scope.matches({ kind: 'geo', name: 'Regional / EU' })).toBe(false);
  });

  it('without settings, a secondary or geo pattern keeps the default ownership: listed', () => {
    const desired: DesiredState = { zones: [], secondaryZones: [], geoServices: [] };
    expect(scopeDesired(desired, parseTargets(['secondary:*', 'geo:*'])).manage).toEqual({
      secondaryZones: 'listed',
      geoServices: 'listed',
    });
  });

  it('leaves sections live state did not read unread', () => {
    const live = { zones: { 'example.com': liveZone('example.com', 1, {}) } };
    const scoped = scopeLive(live, parseTargets(['secondary:*', 'geo:*']));
    expect(scoped).toEqual(live);
    expect('secondaryZones' in scoped || 'geoServices' in scoped).toBe(false);
  });

  it('a pattern of a kind owned whole is never "unmatched"; of a listed kind it is, whichever kind', () => {
    const desired: DesiredState = {
      zones: [desiredZone('example.com', {})],
      manage: { secondaryZones: 'listed', geoServices: 'all' },
    };
    expect(
      unmatchedPatterns(desired, ['geo:nope', 'secondary:nope', 'zone:example.com', 'webapp:x']),
    ).toEqual(['secondary:nope', 'webapp:x']);
  });
});
