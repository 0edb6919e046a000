/**
 * The bad-input corpus at the config level: every `test/fixtures/bad/<name>.yaml` fails to load with exactly the
 * `file:line:col: message` lines of `<name>.expected`, loaded with capabilities like those the CLI passes for Dyn.
 * The last line of each `.expected` is the CLI's summary; test/chaos/bad-input.test.ts checks the whole output
 * end to end.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { plural } from '../../src/model/text.js';
import { DYN_LIKE, problemsWith } from './helpers.js';

// Time budget: ten times its slowest test (0.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

const DIR = 'test/fixtures/bad';
const cases = readdirSync(DIR)
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => ({
    file: join(DIR, file),
    expected: readFileSync(join(DIR, file.replace(/\.yaml$/, '.expected')), 'utf8'),
  }));

describe('bad input corpus, config level', () => {
  it.each(cases)('$file', async ({ file, expected }) => {
    const lines = await problemsWith(DYN_LIKE, file);
    const summary = `${plural(lines.length, 'problem')} found; nothing was sent to any API.`;
    expect([...lines, summary, ''].join('\n')).toBe(expected);
  });
});
