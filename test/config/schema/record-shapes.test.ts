import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type * as z from '../../../src/model/zod.js';

// Time budget: one test parses every YAML file of the repository twice (about 1 s at load 9).
vi.setConfig({ testTimeout: 30_000 });

import type { PNode } from '../../../src/config/read/positioned.js';
import { toPlain } from '../../../src/config/read/positioned.js';
import { readYamlFile } from '../../../src/config/read/read-yaml.js';
import {
  acceptedRecordName,
  deferredIssues,
  plainDeferringRecords,
} from '../../../src/config/schema/record-shapes.js';
import { desiredStateSchema } from '../../../src/config/schema/schema.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';

/**
 * The schema check of record names one by one (src/config/schema/record-shapes.ts) against one zod parse of the whole
 * document: the same issues (code, path, message), whatever the document holds.
 */
const schema = desiredStateSchema(PROVIDER_CATALOGUE);
const noMessages: z.core.$ZodErrorMap = () => undefined;

type Seen = { code: string; path: PropertyKey[]; message: string };
const seen = (issues: readonly z.core.$ZodIssue[]): string[] =>
  issues
    .map(({ code, path, message }): Seen => ({ code, path: [...path], message }))
    .map((issue) => JSON.stringify(issue))
    .sort();

/** The issues of `root` by the whole-document parse, and by the parse that defers record names. */
function both(root: PNode): { whole: string[]; deferred: string[] } {
  const whole = schema.safeParse(toPlain(root), { error: noMessages }).error?.issues ?? [];
  const { plain, deferred } = plainDeferringRecords(root);
  const issues = [...(schema.safeParse(plain, { error: noMessages }).error?.issues ?? [])];
  for (const records of deferred) issues.push(...deferredIssues(records, noMessages));
  return { whole: seen(whole), deferred: seen(issues) };
}

const pos = { file: 'a.yaml', line: 1, col: 1 };

/** A plain value as a positioned node (every position the same: only values are compared here). */
function positioned(value: unknown): PNode {
  if (Array.isArray(value)) return { kind: 'seq', pos, items: value.map(positioned) };
  if (typeof value === 'object' && value !== null)
    return {
      kind: 'map',
      pos,
      entries: Object.entries(value).map(([key, inner]) => ({ key, keyPos: pos, value: positioned(inner) })),
    };
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'scalar', pos, value };
  throw new Error(`not a YAML value: ${String(value)}`);
}

const one = (value: unknown) => positioned(value);

describe('record names checked one by one', () => {
  it('accepts a map of known types whose values and ttl are valid', () => {
    expect(acceptedRecordName(one({ a: ['192.0.2.1'] }))).toBe(true);
    expect(acceptedRecordName(one({ ttl: 60, a: ['192.0.2.1', '192.0.2.2'], txt: ['x'] }))).toBe(true);
    expect(acceptedRecordName(one({ cname: 'www.example.com.' }))).toBe(true);
  });

  it('leaves to zod every value it cannot vouch for', () => {
    for (const value of [
      ['192.0.2.1'],
      [{ a: ['192.0.2.1'] }, { ttl: 60, mx: [{ priority: 1, host: 'mx' }] }],
      '192.0.2.1',
      null,
      {},
      { ttl: 60 },
      { ttl: 0, a: ['192.0.2.1'] },
      { ttl: 'long', a: ['192.0.2.1'] },
      { a: [] },
      { a: '192.0.2.1' },
      { a: [1] },
      { a: ['192.0.2.1', null] },
      { cname: ['www.example.com.'] },
      { cname: null },
      { bogus: ['x'], a: ['192.0.2.1'] },
    ])
      expect({ value, accepted: acceptedRecordName(one(value)) }).toEqual({ value, accepted: false });
  });

  it('defers each zone whose records are a map, with its path, and no other', () => {
    const root = one({
      zones: { 'a.test': { records: { www: { a: ['192.0.2.1'] } } }, 'b.test': { records: ['x'] }, c: null },
      settings: {},
    });
    const { plain, deferred } = plainDeferringRecords(root);
    expect(deferred.map((records) => records.path)).toEqual([['zones', 'a.test', 'records']]);
    expect(plain).toEqual({
      zones: { 'a.test': { records: {} }, 'b.test': { records: ['x'] }, c: null },
      settings: {},
    });
    expect(plainDeferringRecords(one(['x'])).plain).toEqual(['x']);
    expect(plainDeferringRecords(one({ zones: 'x' })).deferred).toEqual([]);
  });

  it('reports what the whole-document parse reports, at the same paths', () => {
    const root = one({
      zones: {
        'a.test': {
          records: {
            ok: { a: ['192.0.2.1'] },
            bad: { a: [1], bogus: 2 },
            ['__proto__']: { ttl: 0 },
            list: [{ a: ['192.0.2.1'] }],
          },
        },
      },
    });
    const { whole, deferred } = both(root);
    expect(whole.length).toBeGreaterThan(3);
    expect(deferred).toEqual(whole);
  });

  it('reports what the whole-document parse reports on every YAML file of the repository', async () => {
    const files = readdirSync('.', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ya?ml$/.test(file))
      .filter((file) => !/^(node_modules|dist|coverage|reports|\.git|\.stryker-tmp)/.test(file))
      .sort();
    let withIssues = 0;
    for (const file of files) {
      const { root } = await readYamlFile(file, readFileSync(file, 'utf8'));
      if (!root) continue;
      const { whole, deferred } = both(root);
      expect({ file, issues: deferred }).toEqual({ file, issues: whole });
      if (whole.length > 0) withIssues += 1;
    }
    expect(withIssues).toBeGreaterThan(20);
  });

  it('reports what the whole-document parse reports on generated record names', () => {
    const scalar = fc.constantFrom<unknown>('192.0.2.1', 'www', 1, 0, 86_400_000, null, true, '');
    // Mostly values some type accepts, so that generated names are often valid but for one thing.
    const valid = fc.constantFrom<unknown>(['192.0.2.1'], 'www.example.com.', ['text'], 300, [
      { priority: 10, host: 'mx.example.com.' },
    ]);
    const value = fc.oneof(valid, valid, scalar, fc.array(scalar, { maxLength: 3 }));
    const set = fc.dictionary(
      fc.constantFrom('ttl', 'a', 'mx', 'cname', 'txt', 'bogus', '__proto__'),
      value,
      {
        maxKeys: 4,
      },
    );
    const name = fc.oneof(set, fc.array(set, { maxLength: 3 }), scalar);
    const records = fc.dictionary(fc.constantFrom('www', '@', 'mail', '__proto__', 'x.y'), name, {
      maxKeys: 4,
    });
    fc.assert(
      fc.property(records, (generated) => {
        const { whole, deferred } = both(one({ zones: { 'a.test': { records: generated } } }));
        expect(deferred).toEqual(whole);
      }),
      { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 300) },
    );
  });
});
