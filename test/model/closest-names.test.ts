import { describe, expect, it } from 'vitest';
import { closestNames, osaDistance } from '../../src/model/closest-names.js';

/** The "did you mean" of unknown webapps, bots and zones: which names are close, in which order, how many. */

describe('closestNames', () => {
  it('is near within a third of the longer name, and never less than 2 edits', () => {
    // 9 letters: 3 edits are near, 4 are not.
    expect(closestNames('abcdefghi', ['abcdefxyz', 'abcdewxyz'])).toEqual(['abcdefxyz']);
    // 3 letters: a third is 1, but 2 edits still count.
    expect(closestNames('abc', ['axy', 'xyz'])).toEqual(['axy']);
    // A third of the longer name: 12 letters against 9 allow 4 edits (a third of the shorter would be 3).
    expect(closestNames('abcdefghijkl', ['abcdefghz'])).toEqual(['abcdefghz']);
  });

  it('with a slack of 1, short names need a closer match: two other letters are no longer near', () => {
    expect(closestNames('mx', ['a', 'ns'])).toEqual(['a', 'ns']);
    expect(closestNames('mx', ['a', 'ns', 'm'], 3, 1)).toEqual(['m']);
    expect(closestNames('tll', ['ttl', 'tlsa', 'txt'], 3, 1)).toEqual(['ttl']);
    // A third of the longer name still wins over the slack: 6 letters allow 2 edits.
    expect(closestNames('recrds', ['records', 'rcrd'], 3, 1)).toEqual(['records', 'rcrd']);
  });

  it('takes a name that contains the wanted one, or is contained in it, from 3 letters on', () => {
    expect(closestNames('abc', ['abcxxxxxxxxx'])).toEqual(['abcxxxxxxxxx']);
    expect(closestNames('ab', ['abxxxxxxxxxx'])).toEqual([]);
    expect(closestNames('googlebot-news', ['bot'])).toEqual(['bot']);
  });

  it('orders by distance, then by name; a name listed twice counts once; at most `max`', () => {
    expect(closestNames('abc', ['abe', 'abd', 'abd', 'xbc0'])).toEqual(['abd', 'abe', 'xbc0']);
    expect(closestNames('abc', ['abe', 'abd', 'abc'], 2)).toEqual(['abc', 'abd']);
    expect(
      closestNames(
        'abc',
        ['b', 'a'].map((c) => `ab${c}x`),
      ),
    ).toEqual(['abax', 'abbx']);
  });
});

describe('osaDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(osaDistance('abc', 'abc')).toBe(0);
    expect(osaDistance('abc', '')).toBe(3);
    expect(osaDistance('', 'abc')).toBe(3);
    expect(osaDistance('a', 'xyz')).toBe(3);
    expect(osaDistance('abc', 'abxc')).toBe(1);
    expect(osaDistance('abc', 'ac')).toBe(1);
    expect(osaDistance('xabc', 'abc')).toBe(1);
    expect(osaDistance('abc', 'abcx')).toBe(1);
    expect(osaDistance('abc', 'abd')).toBe(1);
    expect(osaDistance('abcd', 'acbd')).toBe(1);
    expect(osaDistance('ab', 'ba')).toBe(1);
    // A swap is of neighbours only: a and c two apart are two substitutions.
    expect(osaDistance('abc', 'cba')).toBe(2);
    // Both letters must trade places: one letter in common is no swap (a shift costs 2).
    expect(osaDistance('ab', 'bc')).toBe(2);
    expect(osaDistance('ab', 'ca')).toBe(2);
    // A swap after an insertion: c inserted, then ab swapped.
    expect(osaDistance('ab', 'cba')).toBe(2);
  });
});
