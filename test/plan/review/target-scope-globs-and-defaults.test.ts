import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { LiveState } from '../../../src/model/live.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import {
  parseTargets,
  scopeDesired,
  scopeLive,
  TargetPatternError,
  unmatchedPatterns,
} from '../../../src/plan/index.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';

/** The edges of `--target`: globs across separators, defaults when a section or setting is absent. */

describe('--target edges', () => {
  it('`*` crosses slashes in a name too: geo service names may hold them', () => {
    const scope = parseTargets(['geo:Global*']);
    expect(scope.matches({ kind: 'geo', name: 'Global / EU' })).toBe(true);
    expect(scope.matches({ kind: 'geo', name: 'Regional / EU' })).toBe(false);
  });

  it('without settings, a secondary or geo pattern keeps the default ownership: listed', () => {
    const desired: DesiredState = oneProviderDesired({ zones: [], secondaryZones: [], geoServices: [] });
    expect(scopeDesired(desired, parseTargets(['secondary:*', 'geo:*'])).manage).toEqual({
      secondaryZones: 'listed',
      geoServices: 'listed',
    });
  });

  it('leaves sections live state did not read unread', () => {
    const live = oneProviderLive({ zones: { 'example.com': liveZone('example.com', 1, {}) } });
    const scoped = scopeLive(live, parseTargets(['secondary:*', 'geo:*']), oneProviderDesired({ zones: [] }));
    expect(scoped).toEqual(live);
    expect('secondaryZones' in (scoped.dns[DYN] ?? {}) || 'geoServices' in (scoped.dns[DYN] ?? {})).toBe(
      false,
    );
  });

  it('a pattern of a kind owned whole is never "unmatched"; of a listed kind it is, whichever kind', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [desiredZone('example.com', {})],
      manage: { secondaryZones: 'listed', geoServices: 'all' },
    });
    expect(
      unmatchedPatterns(desired, ['geo:nope', 'secondary:nope', 'zone:example.com', 'webapp:x']),
    ).toEqual(['secondary:nope', 'webapp:x']);
  });

  it('a target matches when any pattern of its kind does; `*` matches names starting with a dot', () => {
    const scope = parseTargets(['zone:a.example', 'zone:b.example', 'geo:*']);
    expect(scope.matches({ kind: 'zone', name: 'b.example' })).toBe(true);
    expect(scope.matches({ kind: 'zone', name: 'c.example' })).toBe(false);
    expect(scope.matches({ kind: 'geo', name: '.internal' })).toBe(true);
    const error = (() => {
      try {
        parseTargets(['nope']);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(TargetPatternError);
    expect((error as Error).name).toBe('TargetPatternError');
  });

  it('a desired state without secondary or geo sections scopes to none of them', () => {
    const scoped = scopeDesired(oneProviderDesired({ zones: [] }), parseTargets(['secondary:*', 'geo:*']));
    expect(scoped.secondaryZones).toEqual([]);
    expect(scoped.geoServices).toEqual([]);
  });

  it('under providers:, leaves out of each provider’s live state the secondary zones out of scope there', () => {
    const secondary = (zone: string): LiveSecondaryZone => ({
      zone,
      masters: ['203.0.113.1'],
      contactNickname: '',
      tsigKeyName: '',
      active: 'Y',
    });
    const live: LiveState = {
      dns: {
        dyn: { zones: {}, secondaryZones: [secondary('a.example'), secondary('b.example')] },
        pdns: { zones: {}, secondaryZones: [secondary('a.example')] },
      },
    };
    const named = oneProviderDesired({
      zones: [],
      dnsProviders: [
        { name: 'dyn', type: 'dyn', options: {} },
        { name: 'pdns', type: 'powerdns', options: {} },
      ],
    });
    const scoped = scopeLive(live, parseTargets(['secondary:a.example@pdns', 'secondary:b.example']), named);
    expect(scoped.dns.dyn?.secondaryZones?.map((z) => z.zone)).toEqual(['b.example']);
    expect(scoped.dns.pdns?.secondaryZones?.map((z) => z.zone)).toEqual(['a.example']);
  });

  it('a pattern matching a listed secondary zone, geo service or webapp is matched, whatever the ownership', () => {
    const at = { file: 'waf.yaml', line: 1, col: 1 };
    const desired: DesiredState = oneProviderDesired({
      zones: [],
      secondaryZones: [
        { zone: 'partner.example', masters: ['203.0.113.1'], contactNickname: null, tsigKeyName: null },
      ],
      geoServices: [{ name: 'Web', groups: [], nodes: [] }],
      waf: { webapps: [{ ref: 'shop', at, mode: 'exact', allow: [] }] },
    });
    expect(
      unmatchedPatterns(desired, ['secondary:partner*', 'geo:Web', 'webapp:shop', 'webapp:cart']),
    ).toEqual(['webapp:cart']);
    expect(unmatchedPatterns(oneProviderDesired({ zones: [] }), ['secondary:x', 'geo:y'])).toEqual([
      'secondary:x',
      'geo:y',
    ]);
  });
});
