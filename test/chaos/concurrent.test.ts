/**
 * Compare-and-publish: two `edgeplan apply` processes on the same zones at once, each with its own
 * desired state. Every zone ends as one of the two desired states, never a mix (no publish carries part of each),
 * and a run that lost a zone says why: "changed while applying … plan again". Each runs one zone at a time over an
 * emulator with latency, so the two overlap: the later publish of a zone both planned from the same serial finds
 * the serial moved.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/cli.js';
import { startEmulator } from '../support/emulator.js';
import { type LiveRecord, type Scenario, seedZones, targetLines, yamlOf } from './chaos-scenario.js';
import { partialPublishes, zoneLines } from './expectations.js';
import { DNS_CREDENTIALS } from './profile.js';

const ZONES = ['a.test', 'b.test', 'c.test', 'd.test', 'e.test', 'f.test'];
const live: LiveRecord[] = [
  { label: 'www', type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } },
  { label: 'old', type: 'TXT', ttl: 300, rdata: { txtdata: 'old' } },
];
const scenario = (n: number): Scenario => ({
  zoneNames: ZONES,
  live: Object.fromEntries(ZONES.map((zone) => [zone, live])),
  desired: Object.fromEntries(
    ZONES.map((zone) => [
      zone,
      {
        unmanaged: false,
        names: {
          www: { a: [`198.51.100.${n}`, `198.51.100.${n + 10}`] },
          api: { txt: [`run ${n}`] },
          [`only-${n}`]: { a: [`203.0.113.${n}`] },
        },
      },
    ]),
  ),
});
const RUNS = [scenario(1), scenario(2)];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-concurrent-'));
  await Promise.all(RUNS.map((s, i) => writeFile(join(dir, `run-${i}.yaml`), yamlOf(s))));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function apply(
  env: Record<string, string>,
  i: number,
): Promise<{ code: number | null; output: string }> {
  const run = spawnCli(['apply', join(dir, `run-${i}.yaml`), '--yes', '--concurrency', '1'], env);
  const { code } = await run.exited;
  return { code, output: run.stdout() + run.stderr() };
}

describe('two applies at once on the same zones', () => {
  it('every zone ends as one of the two desired states, never a mix; the loser says why', async () => {
    const { emulator, env, close } = await startEmulator({
      seed: { dns: { credentials: DNS_CREDENTIALS, zones: seedZones(RUNS[0] as Scenario) } },
      chaos: { latencyMs: 40, jitterMs: 20, seed: 7 },
    });
    try {
      const results = await Promise.all([apply(env, 0), apply(env, 1)]);
      const final = emulator.snapshot();
      for (const zone of ZONES) {
        const ends = RUNS.map((s) => zoneLines(s, final, zone));
        const matches = RUNS.filter(
          (s, i) => JSON.stringify(ends[i]) === JSON.stringify(targetLines(s, zone)),
        );
        expect(matches.length, `${zone}: ${JSON.stringify(ends)}`).toBe(1);
      }
      // Every publish made carries one run's complete change of its zone.
      for (const entry of emulator.chaos.publishes) {
        const complete = RUNS.some((s) => partialPublishes(s, [entry]).length === 0);
        expect(complete, `publish of ${entry.zone}`).toBe(true);
      }
      // A run that lost a zone says why. (Whether the runs overlap depends on how fast each process starts: one
      // that plans after the other published is no conflict, it converges from there.)
      for (const run of results.filter((r) => r.code !== 0))
        expect(run.output).toMatch(/changed while applying .*plan again/);
    } finally {
      await close();
    }
  }, 120_000);
});
