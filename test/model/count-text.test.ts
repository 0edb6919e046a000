import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count } from '../../src/model/text.js';

/** `count` groups digits by hand for whole numbers (no `Intl` on the apply's path); it must write what ICU writes. */
describe('count', () => {
  it('groups thousands with commas, as en-US does', () => {
    expect(count(0)).toBe('0');
    expect(count(999)).toBe('999');
    expect(count(1000)).toBe('1,000');
    expect(count(1007)).toBe('1,007');
    expect(count(100_000)).toBe('100,000');
    expect(count(1_234_567)).toBe('1,234,567');
    expect(count(-1234)).toBe('-1,234');
  });

  it('writes every safe integer as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(count(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });

  it('leaves fractions and numbers beyond the safe range to Intl', () => {
    expect(count(1234.5)).toBe('1,234.5');
    expect(count(2 ** 60)).toBe((2 ** 60).toLocaleString('en-US'));
    expect(count(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});
