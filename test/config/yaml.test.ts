import { describe, expect, it } from 'vitest';
import { BAD, problems, tempTree } from './helpers.js';

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
    const dir = await tempTree({ 'a.yaml': 'zones:\n  x.test: {}\n  x.test: {}\n  y: {}\n' });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:2:3: duplicate key "x.test": also defined at ${dir}/a.yaml:3:3`,
      `${dir}/a.yaml:3:3: duplicate key "x.test": also defined at ${dir}/a.yaml:2:3`,
      `${dir}/a.yaml:4:3: zone name "y" is not valid: a zone name needs at least two labels, e.g. example.com`,
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
