import { describe, expect, it } from 'vitest';
import { boundedArray, expandIssues, MAX_PASSED_ISSUES } from '../../src/model/bounded-issues.js';
import { namedRecord } from '../../src/model/named-record.js';
import * as z from '../../src/model/zod.js';

/** A schema's issues as schema-issues.ts reads them: held issues opened, each finalized, paths whole. */
function issuesOf(schema: z.ZodMiniType, value: unknown): { path: PropertyKey[]; message: string }[] {
  const result = schema.safeParse(value);
  const finalize = (raw: z.core.$ZodRawIssue) => z.core.util.finalizeIssue(raw, undefined, z.config());
  return expandIssues(result.error?.issues ?? [], finalize).map(({ path, message }) => ({ path, message }));
}

const Values = boundedArray(z.number({ error: 'must be a number' }), { error: 'must be a list' }).check(
  z.minLength(1, {
    error: 'must not be empty',
  }),
);
const Zones = z.strictObject({ zones: namedRecord(z.strictObject({ values: Values })) });

describe('bounded issues', () => {
  it('passes a collection’s issues up as they are up to the bound', () => {
    const values = Array.from({ length: MAX_PASSED_ISSUES }, (_, i) => `v${i}`);
    const raw = Values.safeParse(values).error?.issues ?? [];
    expect(raw).toHaveLength(MAX_PASSED_ISSUES);
    expect(raw[0]).toMatchObject({ path: [0], message: 'must be a number' });
  });

  it('passes more as one issue that holds them, which expands to every one, in order, paths whole', () => {
    const values = Array.from({ length: MAX_PASSED_ISSUES + 1 }, (_, i) => `v${i}`);
    expect(Values.safeParse(values).error?.issues).toHaveLength(1);
    const zones = { b: { values }, a: { values: ['x', 1] }, c: { values: [] } };
    const issues = issuesOf(Zones, { zones });
    expect(issues).toHaveLength(MAX_PASSED_ISSUES + 3);
    expect(issues[0]).toEqual({ path: ['zones', 'b', 'values', 0], message: 'must be a number' });
    expect(issues.at(-3)).toEqual({
      path: ['zones', 'b', 'values', MAX_PASSED_ISSUES],
      message: 'must be a number',
    });
    expect(issues.slice(-2)).toEqual([
      { path: ['zones', 'a', 'values', 0], message: 'must be a number' },
      { path: ['zones', 'c', 'values'], message: 'must not be empty' },
    ]);
  });

  it('opens held issues inside held issues (a map over the bound holding a list over the bound)', () => {
    const many = Array.from({ length: MAX_PASSED_ISSUES + 1 }, () => 'x');
    const zones = Object.fromEntries([
      ...Array.from({ length: MAX_PASSED_ISSUES }, (_, i) => [`z${i}`, { values: ['x'] }]),
      ['last', { values: many }],
    ]);
    expect(Zones.safeParse({ zones }).error?.issues).toHaveLength(1);
    const issues = issuesOf(Zones, { zones });
    expect(issues).toHaveLength(2 * MAX_PASSED_ISSUES + 1);
    expect(issues[MAX_PASSED_ISSUES - 1]).toEqual({
      path: ['zones', `z${MAX_PASSED_ISSUES - 1}`, 'values', 0],
      message: 'must be a number',
    });
    expect(issues.at(-1)).toEqual({
      path: ['zones', 'last', 'values', MAX_PASSED_ISSUES],
      message: 'must be a number',
    });
  });
});
