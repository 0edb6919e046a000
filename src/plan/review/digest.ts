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

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item).sort(([a], [b]) => compareStrings(a, b)));
  });
}
