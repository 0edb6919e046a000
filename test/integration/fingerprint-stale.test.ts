import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, publishedA, type Sandbox } from './helpers.js';
import { addRecordOutOfBand, quickstartSandbox, workDir } from './review-helpers.js';

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;
const WRITES = /^(POST|PUT|DELETE) /;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

function writes(): number {
  return sandbox.emulator.requestLog.entries.filter(
    (e) => WRITES.test(`${e.method} `) && !/Session|oauth/.test(e.path),
  ).length;
}

describe('apply --plan: exactly what was reviewed', () => {
  it('applies a fresh saved plan after re-checking it with the zone list, not the records', async () => {
    const planFile = join(work.dir, 'plan.json');
    expect((await cli(['plan', work.config, '--out', planFile], sandbox.env)).code).toBe(2);
    const saved = JSON.parse(await readFile(planFile, 'utf8'));
    expect(
      saved.fingerprints.targets.find((t: { target: string }) => t.target === 'zone:example.com'),
    ).toMatchObject({
      serial: 41,
      changed: true,
    });
    const log = sandbox.emulator.requestLog;
    log.clear();
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Converged: a new plan shows no changes.');
    // The re-check read serials from one zone list: no AllRecord before the first write.
    const firstWrite = log.entries.findIndex((e) => e.method !== 'GET' && !/Session|oauth/.test(e.path));
    const before = log.entries.slice(0, firstWrite);
    expect(before.filter((e) => e.path.startsWith('/REST/AllRecord'))).toEqual([]);
    expect(before.filter((e) => e.path === '/REST/Zone/')).toHaveLength(1);
  });

  it('refuses a stale plan after an out-of-band change, naming the target and how it moved; sends nothing', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env);
    await addRecordOutOfBand(sandbox, 'example.com', 'new.example.com', '192.0.2.77');
    const live = publishedA(sandbox.emulator, 'example.com');
    sandbox.emulator.requestLog.clear();
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refusing to apply a stale plan: 1 target moved since');
    expect(run.stderr).toContain(
      'zone:example.com: serial 41 → 42, and its A records differ from the ones planned',
    );
    expect(writes()).toBe(0);
    expect(publishedA(sandbox.emulator, 'example.com')).toEqual(live);
  });

  it('refuses a plan made from other files (desired-state digest)', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env);
    const zones = join(work.config, 'zones.yaml');
    await writeFile(zones, (await readFile(zones, 'utf8')).replace('192.0.2.21', '192.0.2.22'));
    sandbox.emulator.requestLog.clear();
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the desired state is not the one it was made from');
    expect(run.stderr).toContain('zone:example.com: its desired state changed since the plan');
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('refuses an edited plan file and --target with --plan', async () => {
    const planFile = join(work.dir, 'plan.json');
    await cli(['plan', work.config, '--out', planFile], sandbox.env);
    const plan = JSON.parse(await readFile(planFile, 'utf8'));
    plan.steps[0].ops[0].recordId = 'x';
    await writeFile(planFile, JSON.stringify(plan));
    const run = await cli(['apply', work.config, '--plan', planFile, '--yes'], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('not a plan edgeplan can apply');
    const scoped = await cli(
      ['apply', work.config, '--plan', planFile, '--target', 'zone:x', '--yes'],
      sandbox.env,
    );
    expect(scoped.stderr).toContain('--target cannot be combined with --plan');
  });
});
