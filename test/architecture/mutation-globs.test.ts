import { describe, expect, it } from 'vitest';
import { globList } from '../../scripts/glob-list.mjs';

/** The test globs `npm run mutation -- --testFiles` hands to vitest.mutation.config.ts (EDGEPLAN_MUTATION_TESTS). */
describe('the mutation run’s test globs', () => {
  it('splits at commas outside braces only, so a brace alternation stays one glob', () => {
    expect(globList('test/verify/{ask,wait}.test.ts,test/model/**/*.test.ts')).toEqual([
      'test/verify/{ask,wait}.test.ts',
      'test/model/**/*.test.ts',
    ]);
    expect(globList('test/{a,{b,c}}/x.test.ts,y.test.ts')).toEqual(['test/{a,{b,c}}/x.test.ts', 'y.test.ts']);
  });

  it('gives nothing for nothing, and drops empty entries', () => {
    expect(globList('')).toEqual([]);
    expect(globList('a.test.ts,,b.test.ts,')).toEqual(['a.test.ts', 'b.test.ts']);
  });

  it('ends a brace the text closes too often without going below the top level', () => {
    expect(globList('a}.ts,b.ts')).toEqual(['a}.ts', 'b.ts']);
  });
});
