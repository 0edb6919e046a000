import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { publishedRecords, publishedSerial } from './helpers.js';
import { addRecordOutOfBand, workDir, writeRequests } from './review-helpers.js';

// Time budget: ten times its slowest test (3.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

/** The reads of a run, sorted: every GET (logging in is a POST). */
function reads(): string[] {
  return sandbox.emulator.requestLog.entries
    .filter((e) => e.method === 'GET')
    .map((e) => e.path)
    .sort();
}

describe('apply --plan: exactly what was reviewed', () => {
  it('applies a fresh saved plan after reading live state once, as `plan` does, then converges', async () => {
    const planFile = join(work.dir, 'plan.json');
    const log = sandbox.emulator.requestLog;
    log.clear();
    expect((await cli(['plan', work.config, '--out', planFile], sandbox.env, { cwd: work.dir })).code).toBe(
      2,
    );
    const planReads = reads();
    const saved = JSON.parse(await readFile(planFile, 'utf8'));
    const ops = saved.steps.flatMap((step: { ops: unknown[] }) => step.ops).length;
    log.clear();
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env, {
      cwd: work.dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Converged: a new plan shows no changes.');
    // Before the first write: exactly the reads of one `plan` (the zone list, then each zone's records).
    const firstWrite = log.entries.findIndex((e) => e.method !== 'GET' && !/Session|oauth/.test(e.path));
    const before = log.entries.slice(0, firstWrite).filter((e) => e.method === 'GET');
    expect(before.map((e) => e.path).sort()).toEqual(planReads);
    expect(before.filter((e) => e.path.startsWith('/REST/AllRecord/'))).toHaveLength(2);
    expect(before.filter((e) => e.path === '/REST/Zone/')).toHaveLength(1);
    // Then one request per op of the plan, and one more `plan` to prove convergence.
    expect(writeRequests(sandbox)).toHaveLength(ops);
    expect(log.entries.slice(firstWrite).filter((e) => e.method === 'GET').length).toBeGreaterThanOrEqual(
      planReads.length,
    );
  });

  it('applies a saved plan after a publish that left its managed records as planned (a KX record changed)', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env, { cwd: work.dir });
    const provider = sandbox.provider();
    await provider.client.call(
      'POST',
      // KX is a type the service has and edgeplan does not manage (every registered type is managed).
      '/KXRecord/example.com/kx.example.com/',
      { rdata: { preference: 10, exchange: 'kx.example.com.' }, ttl: 60 },
      { retryable: 'non-idempotent' },
    );
    await provider.execute({ kind: 'publish', zone: 'example.com' });
    expect(publishedSerial(sandbox.emulator, 'example.com')).toBe(42);
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env, {
      cwd: work.dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('example.com (serial 42, ');
    expect(publishedRecords(sandbox.emulator, 'example.com')).toContain('api.example.com 3600 A 192.0.2.21');
  });

  it('refuses a stale plan after an out-of-band change, naming the target and how it moved; sends nothing', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env, { cwd: work.dir });
    await addRecordOutOfBand(sandbox, 'example.com', 'new.example.com', '192.0.2.77');
    const live = publishedRecords(sandbox.emulator, 'example.com');
    sandbox.emulator.requestLog.clear();
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env, {
      cwd: work.dir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refusing to apply a stale plan: 1 target moved since');
    expect(run.stderr).toContain(
      'zone:example.com: serial 41 → 42, and its records differ from the ones planned',
    );
    expect(writeRequests(sandbox)).toEqual([]);
    expect(publishedRecords(sandbox.emulator, 'example.com')).toEqual(live);
  });

  it('refuses a plan made from other files (desired-state digest)', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env, { cwd: work.dir });
    const zones = join(work.config, 'zones.yaml');
    await writeFile(zones, (await readFile(zones, 'utf8')).replace('192.0.2.21', '192.0.2.22'));
    sandbox.emulator.requestLog.clear();
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env, {
      cwd: work.dir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the desired state is not the one it was made from');
    expect(run.stderr).toContain('zone:example.com: its desired state changed since the plan');
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('refuses an edited plan file and --target with --plan', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env, { cwd: work.dir });
    const plan = JSON.parse(await readFile(planFile, 'utf8'));
    plan.steps[0].ops[0].recordId = 'x';
    await writeFile(planFile, JSON.stringify(plan));
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env, {
      cwd: work.dir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('not a plan edgeplan can apply');
    const scoped = await cli(
      ['apply', work.config, '--plan', planFile, '--target', 'zone:x', '--yes'],
      sandbox.env,
    );
    expect(scoped.stderr).toContain('--target cannot be combined with --plan');
    expect(scoped.code).toBe(64);
  });
});
