/**
 * Locating problems is linear and never recursive: a hostile file with a hundred thousand problems is refused like
 * a file with one (every problem found, at its place), without minutes of search or a stack overflow. The work is
 * measured, not timed: every read of a positioned map's entries or a list's items is counted, and a file twice as
 * large must cost about twice as much (a search of the zone's records per problem would cost four times).
 */
import { describe, expect, it, vi } from 'vitest';
import { readRecords } from '../../src/config/desired/read-records.js';
import { mergeDocuments } from '../../src/config/read/merge.js';
import { parseYamlFile } from '../../src/config/read/parse-yaml.js';
import type { PEntry, PMap, PNode } from '../../src/config/read/positioned.js';
import { ruleDiagnostics } from '../../src/config/rules/rules.js';
import { desiredStateSchema } from '../../src/config/schema/schema.js';
import { schemaDiagnostics } from '../../src/config/schema/schema-issues.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';

// Budget: large generated inputs, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** A zone whose `records` has `n` names, each holding what `value(i)` writes after its key. */
function zoneFile(n: number, value: (i: number) => string): string {
  const lines = Array.from({ length: n }, (_, i) => `      r${i}:${value(i)}`);
  return `zones:\n  a.test:\n    records:\n${lines.join('\n')}\n`;
}

/** The reads a stage makes of the document's entries and items, counted through proxies put on them once parsed. */
function counted(root: PNode): { root: PNode; reads: () => number } {
  let reads = 0;
  const watch = <T extends object>(list: T): T =>
    new Proxy(list, {
      get(target, key, receiver) {
        reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
  const stack: PNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'map') {
      for (const entry of node.entries) stack.push(entry.value);
      node.entries = watch(node.entries);
    } else if (node.kind === 'seq') {
      for (const item of node.items) stack.push(item);
      node.items = watch(node.items);
    }
  }
  return { root, reads: () => reads };
}

/** Every problem the loading stages after the parse find. */
function stages(root: PNode): Diagnostic[] {
  const schema = schemaDiagnostics(root, desiredStateSchema(PROVIDER_CATALOGUE));
  const merge = mergeDocuments([root]);
  const read = readRecords(merge.merged);
  return [...schema, ...merge.diagnostics, ...read.diagnostics, ...ruleDiagnostics(merge.merged, read)];
}

/** The problems of a YAML text, and the reads of the document the stages made. */
function problems(text: string): { found: Diagnostic[]; reads: number } {
  const parsed = parseYamlFile('big.yaml', text);
  if (!parsed.root) throw new Error(`not parsed: ${JSON.stringify(parsed.diagnostics.slice(0, 2))}`);
  const { root, reads } = counted(parsed.root);
  return { found: stages(root), reads: reads() };
}

/** Positioned values built directly, for inputs whose YAML would take long to parse. */
const at = (line: number, col = 7) => ({ file: 'big.yaml', line, col });
const scalar = (value: string | null, line: number): PNode => ({ kind: 'scalar', pos: at(line), value });
const entry = (key: string, line: number, value: PNode): PEntry => ({ key, keyPos: at(line), value });
const map = (entries: PEntry[], line: number): PMap => ({ kind: 'map', pos: at(line), entries });
/** `zones: { a.test: { records: <records> } }`. */
const document = (records: PMap): PNode =>
  map([entry('zones', 1, map([entry('a.test', 2, map([entry('records', 3, records)], 3))], 2))], 1);

describe('locating problems', () => {
  it('reads the document about twice as often for twice the problems (empty record names)', () => {
    const empty = () => '';
    const small = problems(zoneFile(3000, empty));
    const large = problems(zoneFile(6000, empty));
    expect(small.found).toHaveLength(3000);
    expect(large.found).toHaveLength(6000);
    expect(large.found[5999]).toMatchObject({ line: 6003, col: 7 });
    expect(large.reads / small.reads).toBeLessThan(2.5);
  });

  it('reads the document about twice as often for twice the problems (bad values, aliases)', () => {
    const bad = (n: number) =>
      `zones:\n  a.test:\n    records:\n      r: { a: &bad [300.1.1.1] }\n${zoneFile(n, () => ' { a: *bad }')
        .split('\n')
        .slice(3)
        .join('\n')}`;
    const small = problems(bad(3000));
    const large = problems(bad(6000));
    expect(large.found).toHaveLength(6001);
    expect(large.reads / small.reads).toBeLessThan(2.5);
  });

  it('reports 160,000 problems of one zone, each at its place, without overflowing the stack', () => {
    const records = Array.from({ length: 160_000 }, (_, i) => entry(`r${i}`, i + 4, scalar(null, i + 4)));
    const found = stages(document(map(records, 4)));
    expect(found).toHaveLength(160_000);
    expect(found[159_999]).toMatchObject({
      line: 160_003,
      message: expect.stringContaining('record "r159999"'),
    });
  }, 120_000);

  it('reports 160,000 bad values of one name, each at its place, without overflowing the stack', () => {
    const values = Array.from({ length: 160_000 }, (_, i) => scalar(`300.0.0.${i % 250}`, i + 6));
    const www = map([entry('a', 5, { kind: 'seq', pos: at(6), items: values })], 5);
    const found = stages(document(map([entry('www', 4, www)], 4)));
    expect(found).toHaveLength(160_000);
    expect(found[0]).toMatchObject({
      line: 6,
      message: 'record "www" A: "300.0.0.0" is not an IPv4 address',
    });
  }, 120_000);
});
