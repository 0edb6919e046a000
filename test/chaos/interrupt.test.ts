/**
 * Interrupts: a real `edgeplan apply` process gets SIGINT or SIGTERM mid-apply. It stops sending,
 * discards the pending changes of every zone it did not publish (at once: nothing is left to the session's expiry),
 * logs out, prints the report of what took effect and exits 130 or 143; a second signal ends it at once. "Mid-apply"
 * is a point in the emulator's request log (the first zone's publish answered), not a time: the apply runs one zone
 * at a time, over an emulator with a small latency.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Emulator } from '../../src/emulator/index.js';
import { type CliProcess, spawnCli } from '../support/cli-process.js';
import { startEmulator } from '../support/emulator.js';
import { type LiveRecord, type Scenario, seedZones, targetLines, yamlOf } from './chaos-scenario.js';
import { lostRecords, partialPublishes, zoneLines } from './expectations.js';
import { DNS_CREDENTIALS } from './profile.js';

// Time budget: ten times its slowest test (8.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const live = (labels: string[]): LiveRecord[] =>
  labels.map((label, i) => ({ label, type: 'A', ttl: 300, rdata: { address: `192.0.2.${i + 1}` } }));
const desired = {
  unmanaged: true,
  names: { www: { a: ['198.51.100.1', '198.51.100.2'] }, api: { txt: ['interrupted?'] } },
};
const ZONES = ['a.test', 'b.test', 'c.test', 'd.test'];
const SCENARIO: Scenario = {
  zoneNames: ZONES,
  live: Object.fromEntries(ZONES.map((zone) => [zone, live(['www', 'old'])])),
  desired: Object.fromEntries(ZONES.map((zone) => [zone, desired])),
};

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-interrupt-'));
  file = join(dir, 'desired.yaml');
  await writeFile(file, yamlOf(SCENARIO));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function startApply(env: Record<string, string>): CliProcess {
  return spawnCli(['apply', file, '--yes', '--concurrency', '1'], env);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls (not a timed assertion: it only waits) until `ready` holds. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await sleep(2);
}

async function withEmulator(
  latencyMs: number,
  run: (emulator: Emulator, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const { emulator, env, close } = await startEmulator({
    seed: { dns: { credentials: DNS_CREDENTIALS, zones: seedZones(SCENARIO) } },
    chaos: { latencyMs, jitterMs: 0, seed: 1 },
  });
  try {
    await run(emulator, env);
  } finally {
    await close();
  }
}

const firstPublish = (emulator: Emulator) =>
  emulator.requestLog.count({ method: 'PUT', path: /^\/REST\/Zone\/[^/]+\/$/, status: 200 }) > 0;

describe('an interrupt during apply', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s: stops sending, discards what is unpublished, logs out, reports, exits %i',
    async (signal, code) => {
      await withEmulator(20, async (emulator, env) => {
        const before = emulator.snapshot();
        const run = startApply(env);
        await until(() => firstPublish(emulator) || run.ended());
        run.child.kill(signal);
        const exit = await run.exited;

        expect(exit, run.stderr()).toEqual({ code, signal: null });
        expect(run.stderr()).toContain(`${signal}: stopping: no new calls`);
        expect(run.stdout()).toContain(`Interrupted (${signal}): nothing more was sent`);
        // Nothing left pending for the session's expiry, one logout, no partial publish, nothing else touched.
        expect(emulator.chaos.pendingChanges()).toEqual([]);
        expect(emulator.requestLog.count({ method: 'DELETE', path: /^\/REST\/Session\/$/ })).toBe(1);
        expect(partialPublishes(SCENARIO, emulator.chaos.publishes)).toEqual([]);
        expect(lostRecords(SCENARIO, before, emulator.snapshot())).toEqual([]);
        // The report is true: a zone reported published is complete, every other zone is as it was.
        const published = ZONES.filter((zone) => run.stdout().includes(`✓ zone:${zone}:`));
        expect(published.length).toBeGreaterThan(0);
        expect(published.length).toBeLessThan(ZONES.length);
        for (const zone of ZONES) {
          const now = zoneLines(SCENARIO, emulator.snapshot(), zone);
          expect(now, zone).toEqual(
            published.includes(zone) ? targetLines(SCENARIO, zone) : zoneLines(SCENARIO, before, zone),
          );
        }
      });
    },
  );

  it('a second signal ends the process at once', async () => {
    // Slow answers: the orderly stop (the call in flight, the discard, the logout) takes over a second.
    await withEmulator(400, async (emulator, env) => {
      const run = startApply(env);
      await until(() => firstPublish(emulator) || run.ended());
      run.child.kill('SIGINT');
      await until(() => run.stderr().includes('SIGINT: stopping') || run.ended());
      run.child.kill('SIGINT');
      const exit = await run.exited;
      expect(exit).toEqual({ code: null, signal: 'SIGINT' });
    });
  });
});
