import { describe, expect, it } from 'vitest';
import { type Diagnostic, sortDiagnostics } from '../../src/model/diagnostic.js';

const at = (file: string, line: number, col: number, message: string): Diagnostic => ({
  file,
  line,
  col,
  code: 'EP1001',
  message,
});

describe('the order problems are reported in', () => {
  it('is by file, line, column, then message, comparing text by code unit whatever the locale', () => {
    const problems = [
      at('b.yaml', 1, 1, 'x'),
      at('a.yaml', 2, 1, 'x'),
      at('a.yaml', 1, 9, 'x'),
      at('a.yaml', 1, 2, 'b'),
      at('a.yaml', 1, 2, 'B'),
      at('B.yaml', 9, 9, 'x'),
      at('ä.yaml', 1, 1, 'x'),
    ];
    // localeCompare would put `a.yaml` before `B.yaml` and `ä.yaml` beside `a.yaml`: a plan's problems would then
    // read differently on machines of other locales.
    expect(sortDiagnostics(problems).map((d) => `${d.file}:${d.line}:${d.col} ${d.message}`)).toEqual([
      'B.yaml:9:9 x',
      'a.yaml:1:2 B',
      'a.yaml:1:2 b',
      'a.yaml:1:9 x',
      'a.yaml:2:1 x',
      'b.yaml:1:1 x',
      'ä.yaml:1:1 x',
    ]);
    expect(problems[0]?.file).toBe('b.yaml');
  });
});
