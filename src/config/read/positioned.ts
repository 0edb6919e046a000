import type { Diagnostic } from '../../model/diagnostic.js';

/**
 * A YAML document as plain values that remember where they were written. Every later stage (schema, merge, rules)
 * reports problems at these positions, so a merged document still points into the file each value came from.
 */

/** 1-based, like `Diagnostic`. */
export interface Position {
  file: string;
  line: number;
  col: number;
}

export type ScalarValue = string | number | boolean | null;

export type PNode = PMap | PSeq | PScalar;

export interface PMap {
  kind: 'map';
  pos: Position;
  /** In source order, keys unique (a repeated key is reported while parsing and dropped). */
  entries: PEntry[];
}

export interface PSeq {
  kind: 'seq';
  pos: Position;
  items: PNode[];
}

export interface PScalar {
  kind: 'scalar';
  pos: Position;
  value: ScalarValue;
}

/** A map entry: the key as written in the source (`010` stays `010`), its position, and its value. */
export interface PEntry {
  key: string;
  keyPos: Position;
  value: PNode;
}

export function isMap(node: PNode | undefined): node is PMap {
  return node?.kind === 'map';
}

export function isSeq(node: PNode | undefined): node is PSeq {
  return node?.kind === 'seq';
}

/** Maps with more entries than this are looked up through an index, built at the first lookup. */
const INDEXED_FROM = 16;
const indexes = new WeakMap<PMap, Map<string, PEntry>>();

/**
 * The entry of `key` in `map`. Constant time on a large map (the records of a zone, its problems located one by
 * one): its entries are indexed once, at the first lookup. Maps are never changed once built.
 */
export function entryOf(map: PMap, key: string): PEntry | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a speed choice; the scan and the index find the same entry
  if (map.entries.length <= INDEXED_FROM) return map.entries.find((entry) => entry.key === key);
  let index = indexes.get(map);
  // Stryker disable next-line ConditionalExpression: an index built again at every lookup finds the same entry
  if (!index) {
    index = new Map(map.entries.map((entry) => [entry.key, entry]));
    indexes.set(map, index);
  }
  return index.get(key);
}

/** The node `path` leads to from `node` (map keys, list indexes), or undefined when there is none. */
export function nodeAt(node: PNode, path: readonly (string | number)[]): PNode | undefined {
  let at: PNode | undefined = node;
  for (const segment of path) {
    if (at?.kind === 'map') at = entryOf(at, String(segment))?.value;
    else at = at?.kind === 'seq' && typeof segment === 'number' ? at.items[segment] : undefined;
  }
  return at;
}

/**
 * The plain JavaScript value the schema validates. Maps become objects through `Object.fromEntries`, which makes
 * every key an own property, `__proto__` too; read them only with `Object.hasOwn`.
 */
export function toPlain(node: PNode): unknown {
  switch (node.kind) {
    case 'map':
      return Object.fromEntries(node.entries.map((entry) => [entry.key, toPlain(entry.value)]));
    case 'seq':
      return node.items.map(toPlain);
    case 'scalar':
      return node.value;
  }
}

export function diagnosticAt(pos: Position, message: string): Diagnostic {
  return { file: pos.file, line: pos.line, col: pos.col, message };
}

/** `file:line:col`, the form messages use to name another place. */
export function where(pos: Position): string {
  return `${pos.file}:${pos.line}:${pos.col}`;
}

/** A value as a message quotes it: strings quoted (and shortened), collections by kind. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'an empty value';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 'an empty map' : 'a map';
  // Stryker disable next-line ConditionalExpression: the other scalars (numbers, booleans) print alike either way
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return String(value);
}

/** A warning at `pos`: printed, never blocking (docs/lints.md). */
export function warningAt(pos: Position, message: string): Diagnostic {
  return { ...diagnosticAt(pos, message), severity: 'warning' };
}
