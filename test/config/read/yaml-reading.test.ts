import { describe, expect, it } from 'vitest';
import { isAlias, isScalar, parseDocument, visit } from 'yaml';
import { numberProblem } from '../../../src/config/read/yaml-numbers.js';
import { aliasTargets, directiveProblem, tagProblem } from '../../../src/config/read/yaml-reading.js';

/** One meaning per text (src/config/read/yaml-reading.ts, yaml-numbers.ts): which numbers, tags and directives are refused, and why. */

const QUOTE = 'or quote the value if it is text';

describe('numberProblem', () => {
  it.each([
    ['0', 0],
    ['300', 300],
    ['-1', -1],
    ['12.5', 12.5],
    ['-0.25', -0.25],
  ])('takes %s', (source, value) => {
    expect(numberProblem(source, value)).toBeNull();
  });

  it.each([
    ['3600.0', 3600, `number 3600.0 is a whole number written with a decimal point: write 3600, ${QUOTE}`],
    ['-2.0', -2, `number -2.0 is a whole number written with a decimal point: write -2, ${QUOTE}`],
    ['012', 12, `number 012 has a leading zero, which YAML 1.1 reads as octal: write 12, ${QUOTE}`],
    ['-07', -7, `number -07 has a leading zero, which YAML 1.1 reads as octal: write -7, ${QUOTE}`],
    ['00.5', 0.5, `number 00.5 has a leading zero, which YAML 1.1 reads as octal: write 0.5, ${QUOTE}`],
    ['.inf', Number.POSITIVE_INFINITY, `.inf is not a number edgeplan reads: write decimal digits, ${QUOTE}`],
    ['.nan', Number.NaN, `.nan is not a number edgeplan reads: write decimal digits, ${QUOTE}`],
    ['0x1F', 31, `number 0x1F is not written in decimal digits (YAML reads it as 31): write 31, ${QUOTE}`],
    [
      '1e3',
      1000,
      `number 1e3 is not written in decimal digits (YAML reads it as 1000): write 1000, ${QUOTE}`,
    ],
    ['+1', 1, `number +1 is not written in decimal digits (YAML reads it as 1): write 1, ${QUOTE}`],
    ['.5', 0.5, `number .5 is not written in decimal digits (YAML reads it as 0.5): write 0.5, ${QUOTE}`],
    ['1.', 1, `number 1. is not written in decimal digits (YAML reads it as 1): write 1, ${QUOTE}`],
    [
      '1_000',
      1000,
      `number 1_000 is not written in decimal digits (YAML reads it as 1000): write 1000, ${QUOTE}`,
    ],
    [' 12', 12, `number  12 is not written in decimal digits (YAML reads it as 12): write 12, ${QUOTE}`],
  ])('refuses %s', (source, value, message) => {
    expect(numberProblem(source, value)).toBe(message);
  });
});

describe('tagProblem', () => {
  const tagOf = (text: string) => {
    const contents = parseDocument(text).contents;
    if (!contents) throw new Error('empty');
    return tagProblem(contents);
  };
  it('takes no tag and !!str', () => {
    expect(tagOf('012')).toBeNull();
    expect(tagOf('!!str 012')).toBeNull();
  });
  it('refuses other core tags by their short name, and local tags as written', () => {
    const tail =
      'is not accepted: tags change what a value means; write the value plainly (in quotes for text)';
    expect(tagOf('!!int "0x10"')).toBe(`tag !!int ${tail}`);
    expect(tagOf('!!set { a }')).toBe(`tag !!set ${tail}`);
    expect(tagOf('!x 1')).toBe(`tag !x ${tail}`);
  });
});

describe('directiveProblem', () => {
  it('takes no directive and %YAML 1.2, and refuses another version', () => {
    expect(directiveProblem(parseDocument('a: 1\n'))).toBeNull();
    expect(directiveProblem(parseDocument('%YAML 1.2\n---\na: 1\n'))).toBeNull();
    expect(directiveProblem(parseDocument('%YAML 1.1\n---\na: 1\n'))).toBe(
      '%YAML 1.1 is not accepted: edgeplan reads YAML 1.2 only (YAML 1.1 reads 017 as 15 and 1:30 as 90); remove the directive',
    );
  });
});

describe('aliasTargets', () => {
  it('maps each alias to the last anchor of its name before it, and an unknown alias to nothing', () => {
    const doc = parseDocument('a: &x one\nb: *x\nc: &x two\nd: *x\ne: *y\n', { uniqueKeys: false });
    const aliases: unknown[] = [];
    visit(doc, { Alias: (_key, node) => void aliases.push(node) });
    const targets = aliasTargets(doc);
    const resolved = aliases.map((alias) => {
      const target = isAlias(alias) ? targets.get(alias) : undefined;
      return isScalar(target) ? target.value : undefined;
    });
    expect(resolved).toEqual(['one', 'two', undefined]);
    expect(targets.size).toBe(2);
  });
});
