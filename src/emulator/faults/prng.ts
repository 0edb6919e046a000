/**
 * Seeded pseudo-random numbers for fault injection, so a chaos run reproduces from its seed. Every request draws
 * from its own generator, seeded by (run seed, request key, how many times that key was seen): the decisions for a
 * request do not depend on how parallel requests interleave, only on which requests were made.
 */

/** mulberry32: a small, fast 32-bit generator; `next()` is uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, mixed with a numeric seed: a 32-bit seed for mulberry32. */
export function hashSeed(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** One generator per request key and occurrence: `draw(key)` gives that request's own stream. */
export class KeyedRandom {
  private readonly seen = new Map<string, number>();

  constructor(private readonly seed: number) {}

  draw(key: string): () => number {
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    return mulberry32(hashSeed(this.seed, `${key}#${n}`));
  }
}
