import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PRINTED_PROBLEMS } from '../../src/cli/planning/load.js';
import { cli } from '../support/cli.js';

// Budget: CLI runs on generated files, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * A file with more problems than are worth printing: the first MAX_PRINTED_PROBLEMS one a line (and as GitHub
 * annotations), then how many more; the summary counts them all and `--format json` lists every one.
 */

const TOTAL = MAX_PRINTED_PROBLEMS + 120;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-problems-cap-'));
  file = join(dir, 'zones.yaml');
  const records = Array.from({ length: TOTAL }, (_, i) => `      r${i}:`).join('\n');
  await writeFile(file, `zones:\n  a.test:\n    records:\n${records}\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('many problems', () => {
  it('prints the first ones, says how many more, and counts them all', async () => {
    const run = await cli(['validate', file], { GITHUB_ACTIONS: 'true' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(MAX_PRINTED_PROBLEMS + 2);
    expect(lines[0]).toMatch(/zones\.yaml:4:7: record "r0" must be a map of record types/);
    expect(lines[MAX_PRINTED_PROBLEMS - 1]).toContain(`record "r${MAX_PRINTED_PROBLEMS - 1}"`);
    expect(lines.at(-2)).toBe(
      '… and 120 more (not shown; the summary counts them, and --format json lists every one)',
    );
    expect(lines.at(-1)).toBe(`${TOTAL} problems found; nothing was sent to any API.`);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(MAX_PRINTED_PROBLEMS);
  });

  it('lists every one in JSON', async () => {
    const run = await cli(['validate', file, '--format', 'json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).problems).toHaveLength(TOTAL);
  });
});
