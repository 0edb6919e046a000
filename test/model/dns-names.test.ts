import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lengthProblem, recordLabelsProblem, zoneNameProblem } from '../../src/model/dns-names.js';

const labelCharacter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-');
const validLabel = fc
  .array(labelCharacter, { minLength: 1, maxLength: 63 })
  .map((characters) => characters.join(''))
  .filter((label) => !label.startsWith('-') && !label.endsWith('-'));

describe('DNS name syntax', () => {
  it('accepts any name made of valid labels', () => {
    fc.assert(
      fc.property(fc.array(validLabel, { minLength: 2, maxLength: 3 }), (labels) => {
        expect(recordLabelsProblem(labels.join('.'))).toBeNull();
        expect(zoneNameProblem(labels.join('.'))).toBeNull();
        expect(recordLabelsProblem(`*.${labels.join('.')}`)).toBeNull();
      }),
    );
  });

  it('refuses any name with a character outside letters, digits, "-" and "_"', () => {
    const bad = fc.constantFrom(' ', '!', '/', 'é', '@', ',', '\t');
    fc.assert(
      fc.property(validLabel, bad, validLabel, (left, character, right) => {
        expect(recordLabelsProblem(`${left}${character}${right}.test`)).toContain(JSON.stringify(character));
      }),
    );
  });

  it('applies the 253-character limit to full names', () => {
    expect(lengthProblem('a'.repeat(253))).toBeNull();
    expect(lengthProblem('a'.repeat(254))).toBe('the full name has 254 characters (at most 253)');
    const long = Array.from({ length: 5 }, () => 'a'.repeat(50)).join('.');
    expect(zoneNameProblem(long)).toBe('the full name has 254 characters (at most 253)');
  });

  it('refuses empty names and labels', () => {
    expect(recordLabelsProblem('')).toBe('the name is empty');
    expect(recordLabelsProblem('.www')).toBe('it has an empty label (two dots in a row, or a leading dot)');
  });
});
