import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../../../src/config/read/merge.js';
import { parseYamlFile } from '../../../src/config/read/parse-yaml.js';
import { type PNode, toPlain, where } from '../../../src/config/read/positioned.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';

/**
 * How file roots combine (src/config/read/merge.ts), on parsed roots: what the merged document holds and in which
 * order. The flows through files on disk are in merge.test.ts.
 */

/** The root of `text` parsed as `file`. */
function root(file: string, ...lines: string[]): PNode {
  const parsed = parseYamlFile(file, `${lines.join('\n')}\n`);
  if (!parsed.root || parsed.diagnostics.length > 0) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.root;
}

function merged(...roots: PNode[]) {
  const result = mergeDocuments(roots);
  return { ...result, problems: result.diagnostics.map(formatDiagnostic) };
}

describe('mergeDocuments', () => {
  it('merges a zone across files by normalised name, its keys and settings in load order, the first kept', () => {
    const { merged: doc, problems } = merged(
      root('a.yaml', 'zones:', '  Example.COM.:', '    default_ttl: 60', '    manage: all'),
      root(
        'b.yaml',
        'zones:',
        '  other.test: {}',
        '  example.com:',
        '    default_ttl: 60',
        '    manage: all',
      ),
    );
    expect(problems).toEqual([]);
    expect(doc.zones.map((zone) => zone.zone)).toEqual(['example.com', 'other.test']);
    const [zone] = doc.zones;
    expect(zone?.keys.map((key) => `${key.key}@${where(key.keyPos)}`)).toEqual([
      'Example.COM.@a.yaml:2:3',
      'example.com@b.yaml:3:3',
    ]);
    expect(zone?.defaultTtl && where(zone.defaultTtl.keyPos)).toBe('a.yaml:3:5');
    expect(zone?.manage && where(zone.manage.keyPos)).toBe('a.yaml:4:5');
    expect(zone?.create).toBeUndefined();
  });

  it('takes a setting from the file that gives it, when the first file does not', () => {
    const { merged: doc } = merged(
      root('a.yaml', 'zones:', '  x.test: {}'),
      root('b.yaml', 'zones:', '  x.test:', '    default_ttl: 60', '    create: {}', '    manage: all'),
      root('c.yaml', 'zones:', '  x.test: {}'),
    );
    const [zone] = doc.zones;
    expect(
      [zone?.defaultTtl, zone?.create, zone?.manage].map((entry) => entry && where(entry.keyPos)),
    ).toEqual(['b.yaml:3:5', 'b.yaml:4:5', 'b.yaml:5:5']);
  });

  it('reports one zone written twice in one file, in two spellings, at both places', () => {
    const { merged: doc, problems } = merged(
      root(
        'a.yaml',
        'zones:',
        '  example.com:',
        '    default_ttl: 60',
        '  EXAMPLE.com.:',
        '    default_ttl: 90',
      ),
    );
    expect(problems).toEqual([
      'a.yaml:4:3: zone "EXAMPLE.com." is also defined at a.yaml:2:3 as "example.com"',
      'a.yaml:2:3: zone "example.com" is also defined at a.yaml:4:3 as "EXAMPLE.com."',
    ]);
    // The second spelling adds nothing: its default_ttl is not compared, nor kept.
    expect(doc.zones[0]?.keys).toHaveLength(1);
    expect(doc.zones[0]?.defaultTtl && toPlain(doc.zones[0].defaultTtl.value)).toBe(60);
  });

  it('reports a setting given another value in another file at both places, with both values', () => {
    const { problems } = merged(
      root('a.yaml', 'zones:', '  x.test:', '    manage: all'),
      root('b.yaml', 'zones:', '  x.test:', '    manage: listed'),
    );
    expect(problems).toEqual([
      'b.yaml:3:5: manage of zone "x.test" is "listed" here but "all" at a.yaml:3:5',
      'a.yaml:3:5: manage of zone "x.test" is "all" here but "listed" at b.yaml:3:5',
    ]);
  });

  it('compares a map setting whatever the order of its keys, and by every key', () => {
    const create = (file: string, value: string) => root(file, 'zones:', '  x.test:', `    create: ${value}`);
    expect(merged(create('a.yaml', '{ b: 1, a: 2 }'), create('b.yaml', '{ a: 2, b: 1 }')).problems).toEqual(
      [],
    );
    expect(merged(create('a.yaml', '{ a: 1 }'), create('b.yaml', '{ a: 2 }')).problems).toEqual([
      'b.yaml:3:5: create of zone "x.test" is {"a":2} here but {"a":1} at a.yaml:3:5',
      'a.yaml:3:5: create of zone "x.test" is {"a":1} here but {"a":2} at b.yaml:3:5',
    ]);
  });

  it('compares empty and list values as written, without failing on them', () => {
    const { problems } = merged(
      root('a.yaml', 'zones:', '  x.test:', '    default_ttl:', '    create: [a, b]'),
      root('b.yaml', 'zones:', '  x.test:', '    default_ttl:', '    create: [a, b]'),
      root('c.yaml', 'zones:', '  x.test:', '    default_ttl: 0', '    create: [b, a]'),
    );
    expect(problems).toEqual([
      'c.yaml:3:5: default_ttl of zone "x.test" is 0 here but null at a.yaml:3:5',
      'a.yaml:3:5: default_ttl of zone "x.test" is null here but 0 at c.yaml:3:5',
      'c.yaml:4:5: create of zone "x.test" is ["b","a"] here but ["a","b"] at a.yaml:4:5',
      'a.yaml:4:5: create of zone "x.test" is ["a","b"] here but ["b","a"] at c.yaml:4:5',
    ]);
  });

  it('says whether any file gives the zone records, an empty map included', () => {
    const given = (...roots: PNode[]) => merged(...roots).merged.zones.map((zone) => zone.recordsGiven);
    expect(given(root('a.yaml', 'zones:', '  x.test:', '    default_ttl: 60'))).toEqual([false]);
    expect(
      given(
        root('a.yaml', 'zones:', '  x.test: {}'),
        root('b.yaml', 'zones:', '  x.test:', '    records: {}'),
      ),
    ).toEqual([true]);
    expect(given(root('a.yaml', 'zones:', '  x.test:', '    records:'))).toEqual([true]);
  });

  it('keeps the records of every file in load order, each with its name as written and its place', () => {
    const { merged: doc } = merged(
      root(
        'a.yaml',
        'zones:',
        '  x.test:',
        '    records:',
        '      www: { a: [192.0.2.1] }',
        '      "@": { txt: [t] }',
      ),
      root('b.yaml', 'zones:', '  x.test:', '    records:', '      API.x.test.: [{ a: [192.0.2.2] }]'),
    );
    expect(
      doc.zones[0]?.records.map((record) => ({
        name: record.name,
        fqdn: record.fqdn,
        at: where(record.keyPos),
        value: toPlain(record.value),
      })),
    ).toEqual([
      { name: 'www', fqdn: 'www.x.test', at: 'a.yaml:4:7', value: { a: ['192.0.2.1'] } },
      { name: '@', fqdn: 'x.test', at: 'a.yaml:5:7', value: { txt: ['t'] } },
      { name: 'API.x.test.', fqdn: 'api.x.test', at: 'b.yaml:4:7', value: [{ a: ['192.0.2.2'] }] },
    ]);
  });

  it('concatenates unmanaged and absent lists in load order and keeps every providers list', () => {
    const { merged: doc } = merged(
      root(
        'a.yaml',
        'zones:',
        '  x.test:',
        '    unmanaged: [old-*]',
        '    absent: [{ name: a }]',
        '    providers: [p]',
      ),
      root('b.yaml', 'zones:', '  x.test:', '    unmanaged: not-a-list', '    absent: {}'),
      root(
        'c.yaml',
        'zones:',
        '  x.test:',
        '    unmanaged: [new-*, tmp-*]',
        '    absent: [{ name: b }]',
        '    providers: [q]',
      ),
    );
    const [zone] = doc.zones;
    expect(zone?.unmanaged.map(toPlain)).toEqual(['old-*', 'new-*', 'tmp-*']);
    expect(zone?.absent.map(toPlain)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(zone?.providers.map((entry) => `${toPlain(entry.value)}@${where(entry.keyPos)}`)).toEqual([
      'p@a.yaml:5:5',
      'q@c.yaml:5:5',
    ]);
  });

  it('names a record of two files at both places, with the spelling of the other', () => {
    const { merged: doc, problems } = merged(
      root('a.yaml', 'zones:', '  x.test:', '    records:', '      www: { a: [192.0.2.1] }'),
      root('b.yaml', 'zones:', '  X.test:', '    records:', '      WWW.x.test.: { a: [192.0.2.2] }'),
    );
    const tail = 'all record types of a name are given in one place';
    expect(problems).toEqual([
      `b.yaml:4:7: record "WWW.x.test." of zone "x.test" is also defined at a.yaml:4:7 as "www"; ${tail}`,
      `a.yaml:4:7: record "www" of zone "x.test" is also defined at b.yaml:4:7 as "WWW.x.test."; ${tail}`,
    ]);
    expect(doc.zones[0]?.records.map((record) => record.name)).toEqual(['www']);
  });

  it('passes over what the schema reports: a root or zones that is not a map, a zone that is not one', () => {
    const { merged: doc, problems } = merged(
      root('a.yaml', '- zones'),
      root('b.yaml', 'zones: [x.test]'),
      root('c.yaml', 'zones:', '  x.test: [records]', '  y.test:', '    records: [www]'),
      root('d.yaml', 'other: 1'),
    );
    expect(problems).toEqual([]);
    expect(
      doc.zones.map((zone) => ({ zone: zone.zone, keys: zone.keys.length, records: zone.records.length })),
    ).toEqual([
      { zone: 'x.test', keys: 1, records: 0 },
      { zone: 'y.test', keys: 1, records: 0 },
    ]);
    expect(doc.zones[0]?.recordsGiven).toBe(false);
    expect(doc.zones[1]?.recordsGiven).toBe(true);
  });

  it('merges the services of every root and reports their problems with the zones', () => {
    const { merged: doc, problems } = merged(
      root('a.yaml', 'secondary_zones:', '  s.test: {}'),
      root('b.yaml', 'secondary_zones:', '  S.test.: {}'),
    );
    expect(doc.services.secondaryZones.map((entry) => entry.key)).toEqual(['s.test']);
    expect(problems).toHaveLength(2);
  });
});
