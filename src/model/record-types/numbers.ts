import { compareStrings } from '../compare.js';
import * as z from '../zod.js';

/** An integer field of a record value in `0…max`, as the YAML schema (and its JSON Schema) checks it. */
export function boundedInt(max: number): z.ZodMiniType<number> {
  const error = `must be an integer between 0 and ${max}`;
  return z.int({ error }).check(z.minimum(0, { error }), z.maximum(max, { error }));
}

export function uint8(): z.ZodMiniType<number> {
  return boundedInt(255);
}

export function uint16(): z.ZodMiniType<number> {
  return boundedInt(65535);
}

/**
 * An integer field read from presentation text or an API, in `0…max`: a number, or a string of decimal digits (APIs
 * often send numbers as strings). Anything else (`''`, `null`, `' 1'`, `'1e1'`, `true`) is not one: undefined.
 */
export function intField(value: unknown, max: number): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(number) && number >= 0 && number <= max ? number : undefined;
}

/**
 * Order of canonical values whose first `count` space-separated fields are integers (MX, SRV, CAA, …): by those
 * numbers, then by the whole text. Two values compare equal only when they are the same string.
 */
export function byLeadingNumbers(count: number): (a: string, b: string) => number {
  return (a, b) => {
    const left = a.split(' ', count);
    const right = b.split(' ', count);
    for (let i = 0; i < count; i += 1) {
      const difference = Number(left[i]) - Number(right[i]);
      if (difference !== 0) return difference;
    }
    return compareStrings(a, b);
  };
}
