import { afterEach, describe, expect, it, vi } from 'vitest';
import { faultOptionsOf } from '../../src/cli/sandbox/emulator-faults.js';
import { overProfile, REALISTIC, realisticProfile } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { type Harness, startHarness } from './helpers.js';

// Time budget: ten times its slowest test (0.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the realistic emulator profile', () => {
  it('is the documented numbers at time scale 1', () => {
    expect(realisticProfile()).toEqual({
      dnsRateLimit: { limit: 300, windowMs: 60_000 },
      sessionIdleMs: 3_600_000,
      chaos: {
        seed: 1,
        jobMs: 5_000,
        rates: { 'job-307': 0.02, 'job-incomplete': 0.01, 'job-running': 0.01, 'task-blocked': 0.01 },
      },
      waf: { changes: { pendingMs: 1_000, runMs: 2_000 } },
    });
  });

  it('scales every duration by timeScale, never a count or a rate', () => {
    const fast = realisticProfile({ timeScale: 0.1, seed: 7 });
    expect(fast.dnsRateLimit).toEqual({ limit: 300, windowMs: 6_000 });
    expect(fast.sessionIdleMs).toBe(360_000);
    expect(fast.chaos).toEqual({ seed: 7, jobMs: 500, rates: REALISTIC.rates });
    expect(fast.waf).toEqual({ changes: { pendingMs: 100, runMs: 200 } });
    expect(() => realisticProfile({ timeScale: 0 })).toThrow('timeScale must be > 0, got 0');
  });

  it('takes each option given beside it over its own, one by one', () => {
    const mixed = overProfile(realisticProfile(), {
      chaos: { seed: 3, rates: { 'job-307': 0, 'error-5xx': 0.1 } },
      sessionIdleMs: 1_000,
    });
    expect(mixed.chaos).toEqual({
      seed: 3,
      jobMs: 5_000,
      rates: {
        'job-307': 0,
        'job-incomplete': 0.01,
        'job-running': 0.01,
        'task-blocked': 0.01,
        'error-5xx': 0.1,
      },
    });
    expect(mixed.sessionIdleMs).toBe(1_000);
    expect(mixed.dnsRateLimit).toEqual({ limit: 300, windowMs: 60_000 });
  });

  it('edgeplan emulator --realistic: the profile, its flags winning; --time-scale alone is refused', async () => {
    const options = faultOptionsOf({ realistic: true, timeScale: 0.5, jobIncompleteRate: 0.5 } as never);
    expect(options).toMatchObject({
      dnsRateLimit: { limit: 300, windowMs: 30_000 },
      sessionIdleMs: 1_800_000,
      chaos: { jobMs: 2_500, rates: { 'job-307': 0.02, 'job-incomplete': 0.5 } },
    });
    expect(faultOptionsOf({})).toEqual({});
    const alone = await cli(['emulator', '--time-scale', '0.1']);
    expect([alone.code, alone.stderr]).toEqual([
      64,
      expect.stringContaining('--time-scale only works with --realistic'),
    ]);
    const sandboxOnly = await cli(['plan', '--realistic']);
    expect([sandboxOnly.code, sandboxOnly.stderr]).toEqual([
      64,
      expect.stringContaining('--realistic only work with --sandbox'),
    ]);
  });

  it('an emulator with the profile limits at 300, runs jobs for the scaled time and logs idle sessions out', async () => {
    let now = 1_000_000;
    // Every session request a job (307), so that the job's run time shows; the rest is the profile at × 0.01.
    const profile = overProfile(realisticProfile({ timeScale: 0.01 }), {
      chaos: { rates: { 'job-307': 1 } },
    });
    harness = await startHarness({ ...profile, now: () => now });
    const token = await harness.login();
    const zones = await fetch(`${harness.url}/Zone/`, {
      headers: { 'Auth-Token': token, 'Content-Type': 'application/json' },
      redirect: 'manual',
    });
    await zones.arrayBuffer();
    expect(zones.status).toBe(307);
    expect(zones.headers.get('x-ratelimit-limit')).toBe('300');
    const job = zones.headers.get('location') ?? '';
    const poll = async () => (await harness?.call('GET', job.replace(/^\/REST/, ''), { token }))?.body.status;
    expect(await poll()).toBe('incomplete');
    now += 50; // 5 s × 0.01
    expect(await poll()).toBe('success');
    now += 36_000; // 60 min × 0.01
    const idle = await harness.call('GET', '/Zone/', { token });
    expect(idle.body.msgs[0]?.INFO).toBe('login: inactivity logout');
  });
});
