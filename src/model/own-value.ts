/**
 * The entry `key` of a plain object keyed by names that users or servers choose (`LiveDnsState.zones`,
 * `LiveWafState.webapps`, a serials record): its own property only, never an inherited member, so that a zone,
 * webapp or field named `constructor`, `toString` or `__proto__` reads as absent rather than as a function or the
 * prototype. Build such objects with `Object.fromEntries` (which makes every key, `__proto__` too, an own property),
 * never by assigning `object[key] = value` to `{}`.
 */
export function ownValue<T>(object: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
