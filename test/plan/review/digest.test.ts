import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStrings } from '../../../src/model/compare.js';
import { canonicalJson, digestOf } from '../../../src/plan/review/digest.js';

/** The canonical JSON digests were first made with: sorted copies of every object, then JSON.stringify. */
function sortedCopyJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item).sort(([a], [b]) => compareStrings(a, b)));
  });
}

const keyArbitrary = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom(
    '0',
    '1',
    '9',
    '10',
    '01',
    '-1',
    '1.5',
    '4294967294',
    '4294967295',
    '99999999999',
    'a',
    'é',
    'Z',
  ),
);
const jsonish = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, undefined, 0, -0, 1.5, -3, 1e21, Number.NaN, Number.POSITIVE_INFINITY),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 6 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArbitrary, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('canonical JSON of a digest', () => {
  it('is byte for byte the sorted-copy JSON digests were made with, so saved plans stay valid', () => {
    fc.assert(
      fc.property(
        jsonish.filter((value) => value !== undefined),
        (value) => {
          expect(canonicalJson(value)).toBe(sortedCopyJson(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('puts array-index keys first in numeric order, then the others sorted, as an object rebuilt does', () => {
    const value = { b: 1, 10: 2, a: { 2: [undefined, Number.NaN], 1: 'x', '01': true }, 9: null };
    expect(canonicalJson(value)).toBe('{"9":null,"10":2,"a":{"1":"x","2":[null,null],"01":true},"b":1}');
    expect(digestOf(value)).toBe(
      `sha256:${createHash('sha256').update(sortedCopyJson(value)).digest('hex')}`,
    );
  });

  it('keeps a key named __proto__ a key, in a copy too', () => {
    const value: unknown = JSON.parse('{"z": {"b": 1, "a": 2}, "__proto__": {"y": 1, "x": 2}}');
    expect(canonicalJson(value)).toBe(sortedCopyJson(value));
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":2,"y":1},"z":{"a":2,"b":1}}');
  });

  it('leaves a value whose keys are all in order as it is, and copies only what is not', () => {
    const inner = { a: 1, b: [{ c: 1, d: 2 }] };
    expect(canonicalJson({ x: inner, w: 0 })).toBe('{"w":0,"x":{"a":1,"b":[{"c":1,"d":2}]}}');
    expect(canonicalJson([{ b: 1, a: { d: 1, c: 2 } }, inner])).toBe(
      '[{"a":{"c":2,"d":1},"b":1},{"a":1,"b":[{"c":1,"d":2}]}]',
    );
    expect(inner).toEqual({ a: 1, b: [{ c: 1, d: 2 }] });
  });
});
