/**
 * An interrupt while the plan still reads (issue: "a signal while planning still reads exits with no output and no
 * logout"): a real `edgeplan plan` process gets SIGINT or SIGTERM once its first zone (or webapp) read has arrived.
 * It abandons the reads under way, DNS and WAF alike, logs out, says so and exits 130 or 143, printing no plan.
 * "While reading" is a point in the emulator's request log, not a time: the first read has arrived, and the
 * emulator answers slowly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { spawnCli } from '../support/cli-process.js';
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

/** Webapps enough for seven rounds of reads at the client's 16 at a time: an interrupt stops them after one. */
const WEBAPPS = Array.from({ length: 100 }, (_, i) => `app-${String(i).padStart(3, '0')}`);
const WAF_DESIRED = {
  waf: {
    webapps: Object.fromEntries(WEBAPPS.map((name) => [name, { good_bots: { allow: ['Googlebot'] } }])),
  },
};

let dir: string;
let file: string;
let wafFile: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-interrupt-reading-'));
  file = join(dir, 'desired.yaml');
  await writeFile(file, yamlOf(SCENARIO));
  wafFile = join(dir, 'waf.yaml');
  await writeFile(wafFile, stringify(WAF_DESIRED));
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
          `error EP7001: interrupted by ${signal} while reading live state: nothing was changed; the sessions were closed`,
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

describe('an interrupt while the plan reads WAF webapps', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s: abandons the webapp reads under way and sends no more, exits %i',
    async (signal, code) => {
      const { emulator, env, close } = await startEmulator({
        seed: { waf: { webapps: WEBAPPS.map((name) => ({ name })) } },
        chaos: { latencyMs: 300, jitterMs: 0, seed: 1 },
      });
      try {
        const run = spawnCli(['plan', wafFile], env);
        const read = () => emulator.requestLog.count({ method: 'GET', path: /\/good_bots$/ });
        while (read() === 0 && !run.ended()) await sleep(2);
        run.child.kill(signal);
        const exit = await run.exited;
        expect(exit, run.stderr()).toEqual({ code, signal: null });
        expect(run.stderr()).toContain(
          `${signal}: stopping: the reads under way are abandoned; logging out.`,
        );
        expect(run.stderr()).toContain(
          `error EP7001: interrupted by ${signal} while reading live state: nothing was changed; the sessions were closed`,
        );
        expect(run.stdout()).toBe('');
        // Reads in flight when the signal came were abandoned, and none was sent after: not every webapp was read.
        expect(read()).toBeLessThan(WEBAPPS.length);
      } finally {
        await close();
      }
    },
    60_000,
  );
});
