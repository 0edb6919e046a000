import { describe, expect, it } from 'vitest';
import { parseYamlFile } from '../../../src/config/read/parse-yaml.js';
import {
  describeValue,
  diagnosticAt,
  entryOf,
  isMap,
  isSeq,
  nodeAt,
  type PMap,
  type PNode,
  toPlain,
  warningAt,
  where,
} from '../../../src/config/read/positioned.js';

/** Positioned values (src/config/read/positioned.ts): lookups, paths, plain values and how messages quote them. */

function parsed(text: string): PNode {
  const { root } = parseYamlFile('a.yaml', text);
  if (!root) throw new Error('no root');
  return root;
}

/** A map of `count` keys `k0`… with their index as value, written one per line. */
function mapOf(count: number): PMap {
  const root = parsed(Array.from({ length: count }, (_, i) => `k${i}: ${i}`).join('\n'));
  if (!isMap(root)) throw new Error('not a map');
  return root;
}

describe('entryOf', () => {
  it.each([1, 16, 17, 40])('finds every key of a map of %i entries, and no other', (count) => {
    const map = mapOf(count);
    for (let i = 0; i < count; i++) {
      expect(entryOf(map, `k${i}`)).toMatchObject({ key: `k${i}`, keyPos: { line: i + 1, col: 1 } });
    }
    expect(entryOf(map, `k${count}`)).toBeUndefined();
    // Twice: the second lookup of a large map goes through its index.
    expect(entryOf(map, 'k0')?.value).toEqual({
      kind: 'scalar',
      pos: { file: 'a.yaml', line: 1, col: 5 },
      value: 0,
    });
  });
});

describe('isMap, isSeq', () => {
  it('tell the kinds apart, undefined included', () => {
    const root = parsed('m: {}\ns: []\nx: 1\n');
    const kinds = ['m', 's', 'x', 'none'].map((key) => {
      const node = isMap(root) ? entryOf(root, key)?.value : undefined;
      return [isMap(node), isSeq(node)];
    });
    expect(kinds).toEqual([
      [true, false],
      [false, true],
      [false, false],
      [false, false],
    ]);
  });
});

describe('nodeAt', () => {
  const root = parsed('zones:\n  x.test:\n    unmanaged: [a, b]\n');
  it('follows map keys and list indexes', () => {
    expect(nodeAt(root, ['zones', 'x.test', 'unmanaged', 1])).toEqual({
      kind: 'scalar',
      pos: { file: 'a.yaml', line: 3, col: 20 },
      value: 'b',
    });
    expect(nodeAt(root, [])).toBe(root);
  });
  it('finds nothing past a scalar, at a missing key, or at a key used as an index of a list', () => {
    expect(nodeAt(root, ['zones', 'x.test', 'unmanaged', 2])).toBeUndefined();
    expect(nodeAt(root, ['zones', 'x.test', 'unmanaged', '0'])).toBeUndefined();
    expect(nodeAt(root, ['zones', 'y.test'])).toBeUndefined();
    expect(nodeAt(root, ['zones', 'x.test', 'unmanaged', 0, 'deeper'])).toBeUndefined();
    expect(nodeAt(root, ['zones', 'missing', 'deeper', 0])).toBeUndefined();
  });
  it('reads a number as a map key', () => {
    expect(nodeAt(parsed('"1": one\n'), [1])).toMatchObject({ value: 'one' });
  });
});

describe('toPlain', () => {
  it('gives maps, lists and scalars as plain values, every key an own property', () => {
    const plain = toPlain(parsed('a: [1, "x", null, true]\nb: { c: {} }\n__proto__: 1\n'));
    expect(plain).toEqual({ a: [1, 'x', null, true], b: { c: {} }, ['__proto__']: 1 });
    expect(Object.hasOwn(plain as object, '__proto__')).toBe(true);
  });
});

describe('messages', () => {
  const pos = { file: 'a.yaml', line: 3, col: 7 };
  it('place a problem and a warning, and name a place', () => {
    expect(diagnosticAt(pos, 'bad')).toEqual({ file: 'a.yaml', line: 3, col: 7, message: 'bad' });
    expect(warningAt(pos, 'odd')).toEqual({
      file: 'a.yaml',
      line: 3,
      col: 7,
      message: 'odd',
      severity: 'warning',
    });
    expect(where(pos)).toBe('a.yaml:3:7');
  });

  it.each([
    [undefined, 'an empty value'],
    [null, 'an empty value'],
    [[], 'an empty list'],
    [[1], 'a list'],
    [{}, 'an empty map'],
    [{ a: 1 }, 'a map'],
    ['www', '"www"'],
    ['x'.repeat(60), `"${'x'.repeat(60)}"`],
    ['x'.repeat(61), `"${'x'.repeat(57)}..."`],
    [300, '300'],
    [false, 'false'],
  ])('quote %j as %s', (value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});
