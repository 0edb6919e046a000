/**
 * An interrupt while the plan still reads (issue: "a signal while planning still reads exits with no output and no
 * logout"): a real `edgeplan plan` process gets SIGINT or SIGTERM once its first zone read has arrived. It abandons
 * the reads under way, logs out, says so and exits 130 or 143, printing no plan. "While reading" is a point in the
 * emulator's request log, not a time: the first zone read has arrived, and the emulator answers slowly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/cli.js';
import { startEmulator } from '../support/emulator.js';
import { type LiveRecord, type Scenario, seedZones, yamlOf } from './chaos-scenario.js';
import { DNS_CREDENTIALS } from './profile.js';

const live: LiveRecord[] = [{ label: 'www', type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }];
const ZONES = ['a.test', 'b.test', 'c.test', 'd.test', 'e.test', 'f.test'];
const SCENARIO: Scenario = {
  zoneNames: ZONES,
  live: Object.fromEntries(ZONES.map((zone) => [zone, live])),
  desired: Object.fromEntries(
    ZONES.map((zone) => [zone, { unmanaged: true, names: { www: { a: ['198.51.100.1'] } } }]),
  ),
};

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-interrupt-reading-'));
  file = join(dir, 'desired.yaml');
  await writeFile(file, yamlOf(SCENARIO));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an interrupt while the plan reads', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s: abandons the reads, logs out, says so, exits %i',
    async (signal, code) => {
      const { emulator, env, close } = await startEmulator({
        seed: { dns: { credentials: DNS_CREDENTIALS, zones: seedZones(SCENARIO) } },
        chaos: { latencyMs: 300, jitterMs: 0, seed: 1 },
      });
      try {
        const run = spawnCli(['plan', file, '--dns-rate-limit', '300'], env);
        const read = () => emulator.requestLog.count({ method: 'GET', path: /^\/REST\/AllRecord\// });
        while (read() === 0 && !run.ended()) await sleep(2);
        run.child.kill(signal);
        const exit = await run.exited;
        expect(exit, run.stderr()).toEqual({ code, signal: null });
        expect(run.stderr()).toContain(
          `${signal}: stopping: the reads under way are abandoned; logging out.`,
        );
        expect(run.stderr()).toContain(
          `error: interrupted by ${signal} while reading live state: nothing was changed; the sessions were closed`,
        );
        expect(run.stdout()).toBe('');
        expect(emulator.requestLog.count({ method: 'DELETE', path: /^\/REST\/Session\/$/ })).toBe(1);
      } finally {
        await close();
      }
    },
    60_000,
  );
});
