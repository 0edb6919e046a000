import { describe, expect, it } from 'vitest';
import * as z from '../../src/model/zod.js';
import { addCanonicalValueIssues, parseOp } from '../../src/providers/op-schema-checks.js';

const MANAGED: ReadonlySet<string> = new Set(['A', 'MX']);
const Set_ = z
  .strictObject({ type: z.string(), values: z.array(z.string()) })
  .check(z.superRefine((set, ctx) => addCanonicalValueIssues(ctx, MANAGED, set)));

function issuesOf(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
}

describe('addCanonicalValueIssues', () => {
  it('names every value that is not canonical for its type, at its index', () => {
    expect(
      issuesOf(Set_, { type: 'MX', values: ['10 mx.example.com.', '10 MX.example.com', '5 a.example.com.'] }),
    ).toEqual([{ path: ['values', 1], message: 'not a canonical MX value: "10 MX.example.com"' }]);
    expect(issuesOf(Set_, { type: 'A', values: ['192.0.2.010', 'x', '192.0.2.1'] })).toEqual([
      { path: ['values', 0], message: 'not a canonical A value: "192.0.2.010"' },
      { path: ['values', 1], message: 'not a canonical A value: "x"' },
    ]);
  });

  it('adds nothing for a type the provider does not manage (its type check reports it once)', () => {
    expect(issuesOf(Set_, { type: 'AAAA', values: ['not an address'] })).toEqual([]);
  });

  it('puts each issue where the caller says the value is', () => {
    const Change = z
      .strictObject({ type: z.string(), after: z.array(z.string()) })
      .check(
        z.superRefine((set, ctx) =>
          addCanonicalValueIssues(ctx, MANAGED, { type: set.type, values: set.after }, (index) => [
            'after',
            index,
          ]),
        ),
      );
    expect(issuesOf(Change, { type: 'A', after: ['192.0.2.1', '192.0.2.1 '] })).toEqual([
      { path: ['after', 1], message: 'not a canonical A value: "192.0.2.1 "' },
    ]);
  });
});

describe('parseOp', () => {
  const Op = z.strictObject({ kind: z.literal('touch'), zone: z.string().check(z.minLength(1)) });
  const refuse = (problems: string) => new RangeError(`not a touch op: ${problems}`);

  it('returns the op as the schema reads it', () => {
    expect(parseOp(Op, { kind: 'touch', zone: 'example.com' }, refuse)).toEqual({
      kind: 'touch',
      zone: 'example.com',
    });
  });

  it('refuses with every problem by path, "(op)" for the op itself', () => {
    expect(() => parseOp(Op, { kind: 'poke', zone: '' }, refuse)).toThrow(
      new RangeError(
        'not a touch op: kind: Invalid input: expected "touch"; zone: Too small: expected string to have >=1 characters',
      ),
    );
    expect(() => parseOp(Op, 'touch', refuse)).toThrow(
      /^not a touch op: \(op\): Invalid input: expected object/,
    );
  });
});
