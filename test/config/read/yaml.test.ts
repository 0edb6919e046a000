import { describe, expect, it, vi } from 'vitest';
import { BAD, desired, problems, tempTree } from '../helpers.js';

// Time budget: ten times its slowest test (13.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

describe('YAML problems', () => {
  it('reports a syntax error at its position, and nothing else from that file', async () => {
    const file = `${BAD}/yaml-syntax.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:28: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`,
      `${file}:4:29: invalid YAML: Flow map in block collection must be sufficiently indented and end with a }`,
    ]);
  });

  it('reports a duplicate key at both places, each naming the other', async () => {
    const file = `${BAD}/duplicate-key.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:7: duplicate key "www": also defined at ${file}:5:7`,
      `${file}:5:7: duplicate key "www": also defined at ${file}:4:7`,
    ]);
  });

  it('still checks the rest of a file with a duplicate key', async () => {
    const dir = await tempTree({ 'a.yaml': 'zones:\n  x.test: {}\n  x.test: {}\n  y..test: {}\n' });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:2:3: duplicate key "x.test": also defined at ${dir}/a.yaml:3:3`,
      `${dir}/a.yaml:3:3: duplicate key "x.test": also defined at ${dir}/a.yaml:2:3`,
      `${dir}/a.yaml:4:3: zone name "y..test" is not valid: it has an empty label (two dots in a row, or a leading dot)`,
    ]);
  });

  it('refuses a second document in one file', async () => {
    const dir = await tempTree({ 'a.yaml': 'zones: {}\n---\nzones: {}\n' });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:2:1: invalid YAML: a file holds one document, but a second one starts here`,
    ]);
  });

  it('refuses a key that is a list or a map', async () => {
    const dir = await tempTree({ 'a.yaml': 'zones:\n  ? [a, b]\n  : {}\n' });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:2:5: a key must be a plain name, not a list or a map`,
    ]);
  });

  it('refuses a document that is not a map', async () => {
    const file = `${BAD}/not-a-map.yaml`;
    expect(await problems(file)).toEqual([`${file}:1:1: the top level must be a map, got a list`]);
  });

  it('refuses an alias that contains itself instead of recursing forever', async () => {
    const dir = await tempTree({ 'a.yaml': 'zones: &z\n  x.test: *z\n' });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:2:11: alias *z refers to a value that contains it`,
      `${dir}/a.yaml:2:11: zone "x.test" must be a map, got an empty value`,
    ]);
  });

  it('follows aliases, reporting problems where the value is written', async () => {
    const dir = await tempTree({
      'a.yaml':
        'zones:\n  x.test: &zone\n    records:\n      www: { a: [192.0.2.1], ttl: 0 }\n  y.test: *zone\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:4:35: ttl must be an integer between 1 and 2147483647, got 0`,
    ]);
  });
});

describe('YAML read as written', () => {
  it('resolves thousands of aliases in one pass (the parser searches the document for each: minutes)', async () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `      n${i}: { a: *web }\n`).join('');
    const dir = await tempTree({
      'a.yaml': `zones:\n  x.test:\n    records:\n      www: { a: &web [192.0.2.1, 192.0.2.2] }\n${names}`,
    });
    const loaded = await desired(dir);
    expect(loaded.zones[0]?.records).toHaveLength(20_001);
  });

  it('counts what aliases add across the whole file, nested or not', async () => {
    const list = `[${Array.from({ length: 1000 }, (_, i) => `t${i}`).join(', ')}]`;
    const names = (count: number) =>
      Array.from({ length: count }, (_, i) => `      n${i}: { txt: *big }\n`).join('');
    const file = (count: number) =>
      `zones:\n  x.test:\n    records:\n      www: { txt: &big ${list} }\n${names(count)}`;
    // 99 aliases of 1,001 values each stay within 100,000; 100 do not.
    expect((await desired(await tempTree({ 'a.yaml': file(99) }))).zones[0]?.records).toHaveLength(100);
    const dir = await tempTree({ 'a.yaml': file(100) });
    expect(await problems(dir)).toContain(
      `${dir}/a.yaml:104:19: the aliases of this file expand to more than 100,000 values, the limit: an anchor repeats a value, it does not multiply a file`,
    );
  });

  it('accepts numbers in decimal digits, fractions too, and !!str', async () => {
    const dir = await tempTree({
      'a.yaml':
        'zones:\n  x.test:\n    records:\n      www: { a: [192.0.2.1], ttl: 300, txt: [!!str 012] }\n' +
        'settings:\n  safety: { zone_delete_share: { max_percent: 12.5, min_records: 10 } }\n',
    });
    const loaded = await desired(dir);
    expect(loaded.zones[0]?.records.map((r) => [r.type, r.ttl, r.values])).toEqual([
      ['A', 300, ['192.0.2.1']],
      ['TXT', 300, ['"012"']],
    ]);
  });
});
