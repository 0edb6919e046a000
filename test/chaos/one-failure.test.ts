/**
 * One failure, one cleanup: the WAF refuses the client secret while the DNS reads are still under
 * way. The command stops the DNS reads, logs out of the one DNS session it opened, and prints one error: no second
 * session, no warning about lost changes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { startEmulator } from '../support/emulator.js';
import { CREDENTIALS, WAF_CLIENT } from '../support/sandbox.js';
import { type LiveRecord, type Scenario, seedZones, yamlOf } from './chaos-scenario.js';
import { wafYaml } from './waf-scenario.js';

// Time budget: ten times its slowest test (0.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

const ZONES = Array.from({ length: 40 }, (_, i) => `z${i}.test`);
const live: LiveRecord[] = [{ label: 'www', type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }];
const SCENARIO: Scenario = {
  zoneNames: ZONES,
  live: Object.fromEntries(ZONES.map((zone) => [zone, live])),
  desired: Object.fromEntries(
    ZONES.map((zone) => [zone, { unmanaged: false, names: { www: { a: ['192.0.2.2'] } } }]),
  ),
};
const WAF_YAML = wafYaml({ live: [], mode: 'additive', allow: ['Googlebot'] });

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-one-failure-'));
  file = join(dir, 'desired.yaml');
  await writeFile(file, `${yamlOf(SCENARIO)}${WAF_YAML}`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a bad WAF secret during the DNS reads', () => {
  it('stops the reads, logs out of the one DNS session, prints one error', async () => {
    const { emulator, env } = await startEmulator({
      seed: {
        dns: { credentials: CREDENTIALS, zones: seedZones(SCENARIO) },
        waf: { client: WAF_CLIENT, webapps: [{ name: 'shop', enabled_bots: [] }] },
      },
      chaos: { latencyMs: 30, jitterMs: 0, seed: 1 },
    });
    try {
      const run = await cli(['plan', file], { ...env, EDGEPLAN_WAF_CLIENT_SECRET: 'not-the-secret' });
      expect(run.code).toBe(1);
      const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
      expect(
        lines.filter((line) => /error/i.test(line)),
        run.stderr,
      ).toHaveLength(1);
      expect(run.stderr).not.toMatch(/session ended|unpublished changes are lost/);
      expect(emulator.requestLog.count({ method: 'POST', path: /^\/REST\/Session\/$/ })).toBe(1);
      expect(emulator.requestLog.count({ method: 'DELETE', path: /^\/REST\/Session\/$/ })).toBe(1);
      // The reads were stopped: not every zone was read.
      expect(emulator.requestLog.count({ method: 'GET', path: /^\/REST\/AllRecord\// })).toBeLessThan(
        ZONES.length,
      );
    } finally {
      await emulator.close();
    }
  }, 60_000);
});
