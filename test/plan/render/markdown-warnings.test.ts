import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/model/diagnostic.js';
import { MARKDOWN_WARNINGS, warningsSection } from '../../../src/plan/render/markdown-warnings.js';

const warning = (line: number, message: string): Diagnostic => ({
  file: 'zones/a.yaml',
  line,
  col: 3,
  message,
  severity: 'warning',
});

describe('the warnings section of the markdown plan', () => {
  it('is empty without warnings', () => {
    expect(warningsSection([])).toEqual([]);
  });

  it('escapes what would be markdown or HTML in a message', () => {
    const [section] = warningsSection([warning(1, 'record "*_x" <b>|</b> `y`')]);
    expect(section).toContain('- `zones/a.yaml:1:3` record "\\*\\_x" \\<b\\>\\|\\</b\\> \\`y\\`\n');
    expect(section).toContain('1 warning, not blocking');
  });

  it(`lists at most ${MARKDOWN_WARNINGS} and counts the rest`, () => {
    const many = Array.from({ length: MARKDOWN_WARNINGS + 3 }, (_, i) => warning(i + 1, `w${i + 1}`));
    const [section = ''] = warningsSection(many);
    expect(section.split('\n').filter((line) => line.startsWith('- `'))).toHaveLength(MARKDOWN_WARNINGS);
    expect(section).toContain(`\`zones/a.yaml:${MARKDOWN_WARNINGS}:3\` w${MARKDOWN_WARNINGS}\n`);
    expect(section).not.toContain(`w${MARKDOWN_WARNINGS + 1}`);
    expect(section).toContain('- … and 3 more warnings (`edgeplan validate` lists every one)');
    expect(section).toContain(`${MARKDOWN_WARNINGS + 3} warnings, not blocking`);
  });
});
