import { describe, expect, it } from 'vitest';
import { namedRecord } from '../../src/model/named-record.js';
import * as z from '../../src/model/zod.js';

const Value = z.strictObject({ n: z._default(z.int(), 1) });
/** `{ __proto__: … }` as JSON.parse and the YAML loader build it: an own property, not the prototype. */
const input = JSON.parse('{"b": {"n": 2}, "__proto__": {}, "a": {"n": 3}}');

describe('namedRecord', () => {
  it('keeps a `__proto__` key as an own entry, parsed, in input order', () => {
    const parsed = namedRecord(Value).parse(input);
    expect(Object.keys(parsed)).toEqual(['b', '__proto__', 'a']);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.entries(parsed)).toEqual([
      ['b', { n: 2 }],
      ['__proto__', { n: 1 }],
      ['a', { n: 3 }],
    ]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('reports the problems of a `__proto__` entry under its name, beside the others', () => {
    const result = namedRecord(Value, z.string().check(z.minLength(1))).safeParse(
      JSON.parse('{"__proto__": {"n": "x", "m": 1}, "": {"n": "y"}}'),
    );
    expect(result.error?.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_key', ['']],
      ['invalid_type', ['__proto__', 'n']],
      ['unrecognized_keys', ['__proto__']],
    ]);
  });

  it('is zod’s record otherwise: same type, same refusal of a non-map, same JSON Schema, kept by clones', () => {
    const schema = z.optional(namedRecord(Value)).check(z.describe('by name'));
    const plain = z.optional(z.record(z.string(), Value)).check(z.describe('by name'));
    expect(namedRecord(Value)).toBeInstanceOf(z.ZodMiniRecord);
    expect(namedRecord(Value).safeParse([]).error?.issues).toEqual(plain.safeParse([]).error?.issues);
    expect(z.toJSONSchema(schema, { io: 'input' })).toEqual(z.toJSONSchema(plain, { io: 'input' }));
    expect(Object.keys(namedRecord(Value).check(z.describe('clone')).parse(input))).toContain('__proto__');
  });
});
