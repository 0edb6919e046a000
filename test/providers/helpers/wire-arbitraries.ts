import fc from 'fast-check';

/**
 * Generators for the wire-guard tests: answers with each field right most of the time, else one of the wrong values
 * a server could send in its place, so that a check is tried against its schema on both sides of every field.
 */

/** `right`, or one of `wrong`. */
export function fieldOr<T>(right: fc.Arbitrary<T>, ...wrong: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: right, weight: 4 }, fc.constantFrom(...wrong));
}

/** A wire count (safe integer ≥ 0), its largest value included. */
export const wireCount = fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER));

/** Values a count must not be: negative, fractional, text, null, beyond the safe integers. */
export const WRONG_COUNTS: readonly unknown[] = [-1, 2.5, '', 'x', null, Number.MAX_SAFE_INTEGER + 2];

/** What `JSON.parse` would make of `value`: what an answer is. */
export function asAnswer(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
