/**
 * The bad-input corpus at the config level: every `test/fixtures/config/bad/corpus/<name>.yaml` fails to load with exactly the
 * `file:line:col: message` lines of `<name>.expected`, loaded with capabilities like those the CLI passes for Dyn.
 * Lint warnings are among the lines, as the CLI prints them. The last line of each `.expected` is the CLI's summary; test/chaos/bad-input.test.ts checks the whole output
 * end to end.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { validationSummary } from '../../src/cli/planning/load.js';
import { loadDesiredState } from '../../src/config/index.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import { DYN_LIKE } from './helpers.js';

// Time budget: ten times its slowest test (0.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

const DIR = 'test/fixtures/config/bad/corpus';
const cases = readdirSync(DIR)
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => ({
    file: join(DIR, file),
    expected: readFileSync(join(DIR, file.replace(/\.yaml$/, '.expected')), 'utf8'),
  }));

describe('bad input corpus, config level', () => {
  it.each(cases)('$file', async ({ file, expected }) => {
    const result = await loadDesiredState([file], DYN_LIKE);
    if (result.ok) throw new Error(`expected problems, but ${file} loaded`);
    const lines = result.diagnostics.map(formatDiagnostic);
    expect([...lines, validationSummary(result.diagnostics), ''].join('\n')).toBe(expected);
  });
});
