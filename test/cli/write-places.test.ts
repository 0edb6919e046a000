import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Budget: CLI runs against the emulator, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * The places a command writes to are checked before any work: an empty path is refused instead of read as `.`,
 * and a place nothing can be created in (under /proc, where Node's recursive mkdir loops forever) or a file that is
 * not a regular one (a FIFO is read forever) is refused, naming the option, with no request sent.
 */
const DESIRED = 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n';

let dir: string;
let desired: string;
let sandbox: Sandbox;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-write-places-'));
  desired = join(dir, 'desired.yaml');
  await writeFile(desired, DESIRED);
  sandbox = await startSandbox({ dns: { zones: { 'example.com': {} } } });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('path options', () => {
  it.each([
    [['plan', 'desired.yaml', '--out', ''], "option '--out <file>' argument '' is invalid"],
    [['plan', 'desired.yaml', '--cache', ' '], "option '--cache <dir>' argument ' ' is invalid"],
    [['import', '--out', ''], "option '--out <dir>' argument '' is invalid"],
    [['plan', '--sandbox', '--sandbox-state', ''], "option '--sandbox-state <file>' argument '' is invalid"],
  ])('%j is refused as empty', async (argv, message) => {
    const run = await cli(argv, sandbox.env, { cwd: dir });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain(`${message}. expected a path, got an empty value`);
    expect(await readdir(dir)).toEqual(['desired.yaml']);
  });
});

describe('places nothing can be written in', () => {
  it('--cache under /proc is refused before any request, not looped on', async () => {
    const before = sandbox.emulator.requestLog.count({});
    const run = await cli(['plan', desired, '--cache', '/proc/self/edgeplan-cache'], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error EP5101: --cache /proc/self/edgeplan-cache: cannot create directory /proc/self/edgeplan-cache (ENOENT)\n',
    );
    const existing = await cli(['plan', desired, '--cache', '/proc/self'], sandbox.env);
    expect(existing.stderr).toMatch(/^error EP5101: --cache \/proc\/self: cannot write in it \(E[A-Z]+\)\n$/);
    expect(sandbox.emulator.requestLog.count({})).toBe(before);
  });

  it('import --out under /proc, or at a file, is refused before anything is read', async () => {
    const before = sandbox.emulator.requestLog.count({});
    const run = await cli(['import', '--out', '/proc/self/edgeplan-import'], sandbox.env);
    expect(run.stderr).toContain('error EP5101: --out /proc/self/edgeplan-import: cannot create directory');
    const atFile = await cli(['import', '--out', join(desired, 'sub')], sandbox.env);
    expect(atFile.stderr).toBe(
      `error EP5101: --out ${join(desired, 'sub')}: ${desired} is not a directory\n`,
    );
    expect([run.code, atFile.code]).toEqual([1, 1]);
    expect(sandbox.emulator.requestLog.count({})).toBe(before);
  });

  it('--sandbox-state that is a FIFO, a directory or under /proc is refused before the emulator starts', async () => {
    const fifo = join(dir, 'state.fifo');
    execFileSync('mkfifo', [fifo]);
    const folder = join(dir, 'state-dir');
    await mkdir(folder);
    for (const state of [fifo, folder]) {
      const run = await cli(['plan', '--sandbox', '--sandbox-state', state, desired], {}, { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `error EP5101: --sandbox-state ${state}: not a regular file (a directory, FIFO, socket or device)\n`,
      );
    }
    const proc = await cli(['plan', '--sandbox', '--sandbox-state', '/proc/self/x/state.json', desired], {});
    expect(proc.stderr).toBe(
      'error EP5101: --sandbox-state /proc/self/x/state.json: cannot create directory /proc/self/x (ENOENT)\n',
    );
  });

  it('plan --out in a directory that does not exist is refused before any request, and nothing is made', async () => {
    const before = sandbox.emulator.requestLog.count({});
    const out = join(dir, 'plans', 'next', 'plan.json');
    const run = await cli(['plan', desired, '--out', out], sandbox.env, { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('does not exist; create it first or write elsewhere');
    expect(await readdir(dir)).not.toContain('plans');
    expect(sandbox.emulator.requestLog.count({})).toBe(before);
  });
});
