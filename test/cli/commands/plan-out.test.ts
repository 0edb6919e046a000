import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../../support/cli.js';
import { type Sandbox, startSandbox } from '../../support/sandbox.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

/** `plan --out` and the job summary. */
const DESIRED = 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n';

let dir: string;
let desired: string;
let sandbox: Sandbox;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-plan-out-'));
  desired = join(dir, 'desired.yaml');
  await writeFile(desired, DESIRED);
  sandbox = await startSandbox({ dns: { zones: { 'example.com': {} } } });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('plan --out', () => {
  it('refuses to write the plan over a desired-state file it reads, before any request', async () => {
    const before = sandbox.emulator.requestLog.count({});
    const run = await cli(['plan', dir, '--out', desired], sandbox.env, { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is a desired-state file this plan reads');
    expect(await readFile(desired, 'utf8')).toBe(DESIRED);
    expect(sandbox.emulator.requestLog.count({})).toBe(before);
  });

  it('replaces a symlink planted at --out instead of writing through it', async () => {
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'keep\n');
    const outDir = join(dir, 'out');
    await mkdir(outDir);
    await symlink(victim, join(outDir, 'plan.json'));
    const run = await cli(['plan', desired, '--out', join(outDir, 'plan.json')], sandbox.env, { cwd: dir });
    expect(run.code, run.stderr).toBe(2);
    expect(await readFile(victim, 'utf8')).toBe('keep\n');
    expect((await lstat(join(outDir, 'plan.json'))).isFile()).toBe(true);
    expect(JSON.parse(await readFile(join(outDir, 'plan.json'), 'utf8'))).toHaveProperty('steps');
  });
});

describe('GITHUB_STEP_SUMMARY', () => {
  it('a summary that cannot be written is a warning: a good plan still exits 2', async () => {
    const summary = join(dir, 'summary-is-a-directory');
    await mkdir(summary);
    const run = await cli(['plan', desired], { ...sandbox.env, GITHUB_STEP_SUMMARY: summary });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`warning: could not append to GITHUB_STEP_SUMMARY (${summary})`);
  });
});
