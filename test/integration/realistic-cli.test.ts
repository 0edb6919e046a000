import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSeedFile, overProfile, realisticProfile } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { startEmulator } from '../support/emulator.js';
import { QUICKSTART, QUICKSTART_SEED } from '../support/sandbox.js';
import { PROPERTY_TIMEOUT } from './helpers.js';

// Time budget: ten times its slowest test (9.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// The realistic profile's durations × 0.1 (300 DNS requests per 6 s, 0.5 s jobs), to keep the runs short.
const TIME_SCALE = 0.1;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

describe('the quickstart against the realistic emulator', () => {
  it('--sandbox --realistic: plan, apply, plan again empty, the client paced to the DNS limit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-realistic-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const sandbox = ['--sandbox', '--sandbox-state', join(dir, 'state.json'), '--seed', QUICKSTART_SEED];
    const realistic = [...sandbox, '--realistic', '--time-scale', String(TIME_SCALE)];
    const plan = await cli(['plan', QUICKSTART, ...realistic]);
    expect(plan.code, plan.stderr).toBe(2);
    // Paced as against the service; the default sandbox has no limit: the same requests, no duration.
    const stated = /^Apply: (\d+) DNS requests, ≈ .+ at 300 requests\/min\.$/m.exec(plan.stdout);
    expect(stated).not.toBeNull();
    const plain = await cli(['plan', QUICKSTART, ...sandbox]);
    expect(plain.stdout).toMatch(new RegExp(`^Apply: ${stated?.[1]} DNS requests\\.$`, 'm'));
    const apply = await cli(['apply', QUICKSTART, '--yes', ...realistic]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/^DNS: \d+ requests, 0 answered 429/m);
    expect(apply.stdout).toContain('Converged: a new plan shows no changes.');
    const again = await cli(['plan', QUICKSTART, ...realistic]);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
  });

  it(
    'edgeplan against the profile: busy answers and jobs happen and the run still converges',
    async () => {
      const seed = await loadSeedFile(QUICKSTART_SEED);
      // The profile at × 0.1 with its busy and job answers 5 times as often, so that a short run meets them.
      const profile = realisticProfile({ timeScale: TIME_SCALE, seed: 5 });
      const rates = Object.fromEntries(Object.entries(profile.chaos.rates ?? {}).map(([k, p]) => [k, p * 5]));
      const { emulator, env, close } = await startEmulator({
        seed,
        ...overProfile(profile, { chaos: { rates } }),
      });
      cleanup.push(close);
      expect((await cli(['plan', QUICKSTART], env)).code).toBe(2);
      const apply = await cli(['apply', QUICKSTART, '--yes'], env);
      expect(apply.code, apply.stderr).toBe(0);
      const again = await cli(['plan', QUICKSTART], env);
      expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
      const { faults } = emulator.chaos.stats();
      const met =
        faults['job-307'] + faults['job-incomplete'] + faults['job-running'] + faults['task-blocked'];
      expect(met).toBeGreaterThan(0);
      expect(emulator.requestLog.entries.filter((e) => e.status === 429)).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );
});
