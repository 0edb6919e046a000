import { describe, expect, it } from 'vitest';
import {
  compareTargets,
  hasProvider,
  isTargetKind,
  parseTarget,
  parseTargetPattern,
  type Target,
  type TargetPattern,
  targetMatcher,
  targetText,
} from '../../src/model/target.js';

const zone = (name: string, provider = 'dyn'): Target => ({ kind: 'zone', name, provider });

describe('targets as text', () => {
  it('prints kind:name, with @provider only where one is named', () => {
    expect(targetText(zone('example.com', 'pdns'))).toBe('zone:example.com@pdns');
    expect(targetText({ kind: 'secondary', name: 'example.com' })).toBe('secondary:example.com');
    expect(targetText({ kind: 'geo', name: 'Global Web' })).toBe('geo:Global Web');
  });

  it('reads kind:name[@provider], a zone name without its trailing dot', () => {
    expect(parseTarget('zone:example.com')).toStrictEqual({ kind: 'zone', name: 'example.com' });
    expect(parseTarget('zone:example.com.@pdns')).toStrictEqual({
      kind: 'zone',
      name: 'example.com',
      provider: 'pdns',
    });
    expect(parseTarget('secondary:a@b@pdns')).toStrictEqual({
      kind: 'secondary',
      name: 'a@b',
      provider: 'pdns',
    });
    expect(parseTarget('secondary:example.net.')).toStrictEqual({ kind: 'secondary', name: 'example.net' });
  });

  it('reads no provider on a geo service or webapp: @ and a trailing dot are part of their names', () => {
    expect(parseTarget('geo:Web @ EU.')).toStrictEqual({ kind: 'geo', name: 'Web @ EU.' });
    expect(parseTarget('webapp:shop@pdns')).toStrictEqual({ kind: 'webapp', name: 'shop@pdns' });
  });

  it('refuses what is not kind:name', () => {
    for (const text of [
      'zonex',
      'zone',
      ':a',
      'host:a',
      'zone:',
      'zone:.',
      'zone:@pdns',
      'zone:a.test@',
      'geo:',
    ])
      expect(parseTarget(text), text).toBeNull();
  });

  it('reads a pattern’s zone name glob in A-labels, or why it has none; other names as written', () => {
    expect(parseTargetPattern('zone:*.bücher.example@pdns')).toStrictEqual({
      kind: 'zone',
      name: '*.xn--bcher-kva.example',
      provider: 'pdns',
    });
    expect(parseTargetPattern('geo:bücher')).toStrictEqual({ kind: 'geo', name: 'bücher' });
    expect(parseTargetPattern('zone:b*ücher.example')).toStrictEqual({
      problem: expect.stringContaining('glob'),
    });
    expect(parseTargetPattern('zone:')).toBeNull();
  });
});

describe('which targets a pattern names', () => {
  const matches = (pattern: TargetPattern, target: Target | TargetPattern) => targetMatcher(pattern)(target);

  it('the same kind, its name matched by the glob case-insensitively, * crossing dots and slashes', () => {
    expect(matches({ kind: 'zone', name: '*.Example.COM' }, zone('a.b.example.com'))).toBe(true);
    expect(matches({ kind: 'zone', name: '*.example.com' }, zone('example.org'))).toBe(false);
    expect(matches({ kind: 'secondary', name: '*' }, zone('example.com'))).toBe(false);
    expect(matches({ kind: 'webapp', name: 'shop*' }, { kind: 'webapp', name: 'shop/eu' })).toBe(true);
    expect(matches({ kind: 'geo', name: '*' }, { kind: 'geo', name: '.internal' })).toBe(true);
  });

  it('any provider when the pattern names none, else exactly the one it names', () => {
    expect(matches({ kind: 'zone', name: 'a.test' }, zone('a.test', 'pdns'))).toBe(true);
    expect(matches({ kind: 'zone', name: 'a.test', provider: 'pdns' }, zone('a.test', 'pdns'))).toBe(true);
    expect(matches({ kind: 'zone', name: 'a.test', provider: 'pdns' }, zone('a.test', 'dyn'))).toBe(false);
    expect(
      matches({ kind: 'zone', name: 'a.test', provider: 'pdns' }, { kind: 'zone', name: 'a.test' }),
    ).toBe(false);
  });
});

describe('comparing targets', () => {
  it('orders by kind (zones, secondary zones, geo services, webapps), then name, then provider', () => {
    const targets: Target[] = [
      { kind: 'webapp', name: 'a' },
      { kind: 'geo', name: 'a' },
      { kind: 'secondary', name: 'a', provider: 'dyn' },
      zone('b.test'),
      zone('a.test', 'pdns'),
      zone('a.test', 'dyn'),
    ];
    expect([...targets].sort(compareTargets).map(targetText)).toEqual([
      'zone:a.test@dyn',
      'zone:a.test@pdns',
      'zone:b.test@dyn',
      'secondary:a@dyn',
      'geo:a',
      'webapp:a',
    ]);
    expect(compareTargets(zone('a.test'), zone('a.test'))).toBe(0);
  });

  it('knows the kinds, and which of them are on a DNS provider', () => {
    expect(['zone', 'secondary', 'geo', 'webapp', 'host'].map(isTargetKind)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect((['zone', 'secondary', 'geo', 'webapp'] as const).map(hasProvider)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
