import { createHash } from 'node:crypto';
import { compareStrings } from '../../model/compare.js';
import type { Digest } from '../review-types.js';

/**
 * `sha256:<hex>` of a value's canonical JSON: object keys sorted at every level, arrays kept in order (callers pass
 * model values, whose arrays are already sorted), a field set to `undefined` left out as JSON leaves it (so it
 * digests as if absent). Pure: the same value always gives the same digest, whatever order its objects' keys were
 * built in.
 */
export function digestOf(value: unknown): Digest {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}

/**
 * The text digested: `JSON.stringify` of the value with every object's keys sorted, the JSON digests have always
 * been made of (digests in saved plans stay valid). An object whose keys are already in order is used as it is;
 * only the others are copied, keys inserted in order, so that JavaScript orders the copy as it always did (keys that
 * are array indexes first, in numeric order); a key `__proto__` stays a key.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

/** `value` with the keys of every object in order: itself when they all are, else a copy of what is not. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return sortedItems(value);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  let inOrder = true;
  for (let i = 1; i < keys.length && inOrder; i++)
    inOrder = compareStrings(keys[i - 1] ?? '', keys[i] ?? '') <= 0;
  if (!inOrder) keys.sort(compareStrings);
  let copy: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] ?? '';
    const item = value[key];
    const next = sortedKeys(item);
    if (copy === undefined && (next !== item || !inOrder)) {
      copy = {};
      for (let j = 0; j < i; j++) define(copy, keys[j] ?? '', value[keys[j] ?? '']);
    }
    if (copy !== undefined) define(copy, key, next);
  }
  return copy ?? value;
}

/** An own, enumerable key, `__proto__` too (an assignment would set the prototype instead). */
function define(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function sortedItems(items: readonly unknown[]): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const next = sortedKeys(item);
    if (next !== item) {
      copy ??= [...items];
      copy[i] = next;
    }
  }
  return copy ?? items;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}
