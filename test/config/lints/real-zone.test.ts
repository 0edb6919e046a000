import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.js';

/**
 * A zone as a team has it, split over two files, beside a second zone, with a dozen lint findings: every one is
 * reported in one run, each at its `file:line:col`, sorted, errors and warnings together (docs/lints.md).
 */
const DIR = 'test/fixtures/lints/acme';
const EXPECTED = readFileSync('test/fixtures/lints/acme.expected', 'utf8');

describe('a real-zone style desired state with many lint findings', () => {
  it('reports every finding at once, sorted by file:line:col, and refuses (exit 1)', async () => {
    const run = await cli(['validate', DIR]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(EXPECTED);
    const places = EXPECTED.split('\n')
      .slice(0, -2)
      .map((line) => /^(\S+?):(\d+):(\d+): /.exec(line)?.slice(1) ?? []);
    expect(places).toHaveLength(11);
    const sorted = [...places].sort(
      ([fa = '', la = 0, ca = 0], [fb = '', lb = 0, cb = 0]) =>
        fa.localeCompare(fb) || Number(la) - Number(lb) || Number(ca) - Number(cb),
    );
    expect(places).toEqual(sorted);
  });
});
