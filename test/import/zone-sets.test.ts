/**
 * An imported zone's record sets as the template finder compares them: values relative to the zone, and which sets
 * may move into a template without changing meaning.
 */
import { describe, expect, it } from 'vitest';
import { relativeToZone, zoneSets } from '../../src/import/zone-sets.js';

describe('relativeToZone', () => {
  it("writes the zone's name as {zone} wherever it stands whole, in every string of the value", () => {
    expect(
      relativeToZone(
        [
          { tag: 'iodef', value: 'mailto:security@example.com' },
          'v=DMARC1; rua=mailto:d@example.com; ruf=mailto:f@example.com',
        ],
        'example.com',
      ),
    ).toEqual([
      { tag: 'iodef', value: 'mailto:security@{zone}' },
      'v=DMARC1; rua=mailto:d@{zone}; ruf=mailto:f@{zone}',
    ]);
    expect(relativeToZone('mail.example.com.', 'example.com')).toBe('mail.{zone}.');
    expect(relativeToZone('example.com', 'example.com')).toBe('{zone}');
  });

  it('leaves a longer label or a longer name that holds the zone name as it is', () => {
    expect(relativeToZone('notexample.com', 'example.com')).toBe('notexample.com');
    expect(relativeToZone('my-example.com', 'example.com')).toBe('my-example.com');
    expect(relativeToZone('example.com.au', 'example.com')).toBe('example.com.au');
    expect(relativeToZone('example.community', 'example.com')).toBe('example.community');
    expect(relativeToZone('example.com-x', 'example.com')).toBe('example.com-x');
  });

  it('reads the dots of the zone name as dots only, and matches its case only', () => {
    expect(relativeToZone('exampleXcom', 'example.com')).toBe('exampleXcom');
    expect(relativeToZone('EXAMPLE.COM', 'example.com')).toBe('EXAMPLE.COM');
  });

  it('keeps numbers, booleans and nulls', () => {
    expect(relativeToZone([{ preference: 10, flag: true, none: null }], 'example.com')).toEqual([
      { preference: 10, flag: true, none: null },
    ]);
  });
});

describe('zoneSets', () => {
  it('gives each set its TTL (its own or the default) and a shape that is the same in every zone', () => {
    const a = zoneSets('a.example', {
      default_ttl: 3600,
      records: { '@': { mx: [{ preference: 1, exchange: 'mx.a.example.' }], txt: ['x'], ttl: 300 } },
    });
    const b = zoneSets('b.example', {
      default_ttl: 300,
      records: { '@': { mx: [{ preference: 1, exchange: 'mx.b.example.' }], txt: ['x'] } },
    });
    expect(a.map((s) => [s.name, s.key, s.ttl])).toEqual([
      ['@', 'mx', 300],
      ['@', 'txt', 300],
    ]);
    expect(a.map((s) => s.shape)).toEqual(b.map((s) => s.shape));
    expect(a[0]?.values).toEqual([{ preference: 1, exchange: 'mx.a.example.' }]);
    expect(a[0]?.relative).toEqual([{ preference: 1, exchange: 'mx.{zone}.' }]);
  });

  it('keeps a name of several TTLs, a set with allow_lints and a value with a brace out of templates', () => {
    const sets = zoneSets('example.com', {
      default_ttl: 3600,
      records: {
        multi: [{ a: ['192.0.2.1'] }, { txt: ['x'], ttl: 60 }],
        allowed: { cname: 'x.example.net.', allow_lints: ['cname-target'] },
        braces: { txt: ['{"json": true}'] },
        plain: { txt: ['x'], mx: [{ preference: 1, exchange: 'smtp.google.com.' }] },
      },
    });
    expect(sets.map((s) => [s.name, s.key, s.ttl, s.shareable])).toEqual([
      ['multi', 'a', 3600, false],
      ['multi', 'txt', 60, false],
      ['allowed', 'cname', 3600, false],
      ['braces', 'txt', 3600, false],
      ['plain', 'txt', 3600, true],
      // Braces of the value's own structure are no braces of its text.
      ['plain', 'mx', 3600, true],
    ]);
  });

  it('reads every string inside lists and maps, and nothing else, for braces and @', () => {
    const sets = zoneSets('example.com', {
      default_ttl: 3600,
      records: {
        deep: { caa: [{ flags: 0, tag: 'issue', value: 'ca.example; x={y}', none: null }] },
        apex: { srv: [{ priority: 0, weight: 0, port: 443, target: '@' }] },
        plain: { caa: [{ flags: 0, tag: 'issue', value: 'ca.example', none: null }] },
      },
    });
    expect(sets.map((s) => [s.name, s.shareable, s.namesZone])).toEqual([
      ['deep', false, false],
      ['apex', true, true],
      ['plain', true, false],
    ]);
  });

  it('says which sets name the zone: by its name, or by @ (a name relative to it)', () => {
    const sets = zoneSets('example.com', {
      default_ttl: 3600,
      records: {
        '@': { mx: [{ preference: 0, exchange: '@' }], txt: ['v=spf1 -all'] },
        _dmarc: { txt: ['rua=mailto:d@example.com'] },
      },
    });
    expect(sets.map((s) => [s.key, s.namesZone])).toEqual([
      ['mx', true],
      ['txt', false],
      ['txt', true],
    ]);
  });
});
