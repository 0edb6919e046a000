/**
 * A real `edgeplan apply` on zone files, killed (SIGKILL) while it writes: at the rename of a complete temporary
 * file, and halfway through writing one (fs-kill-hook.mjs names the point). The zone's file is the old one, byte
 * for byte, and the temporary file is there (the kill did land mid-write); the next apply converges, writes the
 * file once, and leaves no temporary file, its own or the killed run's.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkZone, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';

const HOOK = resolve(import.meta.dirname, 'fs-kill-hook.mjs');
const ZONE = `$TTL 300
@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m
@ NS ns1.example.net.
www A 192.0.2.1
`;
const DESIRED = `providers:
  files: { type: zonefile, directory: zones }
zones:
  example.com:
    providers: [files]
    records:
      www: { a: [192.0.2.1, 192.0.2.2] }
`;

let dir = '';
beforeAll(ensureBuilt, BUILD_BUDGET_MS);
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-crash-'));
  await mkdir(join(dir, 'zones'));
  await writeFile(join(dir, 'zones', 'example.com.zone'), ZONE);
  await writeFile(join(dir, 'desired.yaml'), DESIRED);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const apply = (env: Record<string, string> = {}) =>
  runCliProcess(['apply', join(dir, 'desired.yaml'), '--yes'], env, { built: true });

/** The apply, killed at its `at`-th write call (the write's calls: 1 sweep, 2 open, 3 write, 4 chmod, 5 fsync, 6 close, 7 rename). */
async function killedAt(at: number, torn = false): Promise<string[]> {
  const log = join(dir, 'calls.log');
  const killed = await apply({
    NODE_OPTIONS: `--import=${HOOK}`,
    EDGEPLAN_TEST_KILL_DIR: join(dir, 'zones'),
    EDGEPLAN_TEST_KILL_AT: String(at),
    EDGEPLAN_TEST_KILL_TORN: torn ? '1' : '0',
    EDGEPLAN_TEST_KILL_LOG: log,
  });
  expect(killed.code, killed.stderr).toBeNull();
  return (await readFile(log, 'utf8')).trim().split('\n');
}

describe('SIGKILL while a zone file is written', () => {
  it.each([
    ['at the rename of the complete temporary file', 7, false, 'rename', ZONE.length + 20],
    ['halfway through writing the temporary file', 3, true, 'write', 10],
  ])(
    '%s: the old file stays, and the next apply converges with no temporary file',
    async (_, at, torn, call, size) => {
      const calls = await killedAt(at, torn);
      expect(calls.at(-1)).toBe(`${at} ${call}`);
      expect(await readFile(join(dir, 'zones', 'example.com.zone'), 'utf8')).toBe(ZONE);
      const [temp, ...others] = (await readdir(join(dir, 'zones'))).filter((name) => name.endsWith('.tmp'));
      expect(others).toEqual([]);
      expect(temp).toMatch(/^\.example\.com\.zone\.edgeplan-[0-9a-f]{8}-\d+-[0-9a-f]{12}\.tmp$/);
      expect((await readFile(join(dir, 'zones', temp ?? ''))).length).toBeGreaterThan(size);

      const next = await apply();
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toContain('Converged: a new plan shows no changes.');
      expect(await readdir(join(dir, 'zones'))).toEqual(['example.com.zone']);
      const text = await readFile(join(dir, 'zones', 'example.com.zone'), 'utf8');
      expect(text).toContain('www\t3600\tIN\tA\t192.0.2.2\n');
      if (checkzoneMissing() === null)
        expect((await checkZone('example.com', join(dir, 'zones', 'example.com.zone'))).ok).toBe(true);
    },
  );
});
