/**
 * Checks for the happy path of reading a large answer: a provider tests each item of the shape it expects with these
 * plain predicates and uses the item as it is, and only an item they do not accept goes through its zod schema
 * (which then either accepts it, converting what needs converting, or names what is wrong). Each predicate accepts
 * nothing its zod counterpart refuses, and only values zod would return unchanged, so that taking the item as it
 * is gives what the schema would have given, without a copy of every object of the answer. They are meant for what
 * `JSON.parse` made (plain objects of own enumerable string keys), which is all an answer ever is.
 */

/** What `z.looseObject` accepts as an object: not null, not an array. */
export function isWireObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z.string().check(z.minLength(1))`. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** `z.int().check(z.nonnegative())`, and the number form of the providers' wire integers: a safe integer ≥ 0. */
export function isWireCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** `z.record(z.string(), z.unknown())` on an object that holds no `__proto__` key of its own. */
export function isWireRecord(value: unknown): value is Record<string, unknown> {
  return isWireObject(value) && !Object.hasOwn(value, '__proto__');
}
