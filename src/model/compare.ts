/**
 * Orderings shared by every layer. Strings compare by UTF-16 code unit, never with `localeCompare`, so that nothing
 * (plans, files, digests) depends on the locale of the machine that produced it.
 */
export function compareStrings(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** Sorted copy by a string key of each item. */
export function sortBy<T>(items: Iterable<T>, key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareStrings(key(a), key(b)));
}
