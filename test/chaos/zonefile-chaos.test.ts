/**
 * The zone-file chaos suite: seeded runs of a real `edgeplan apply` on zone files killed at a point of its writes,
 * then the next apply (zonefile-chaos.ts): no partial file, nothing outside the plan changed, no temporary file
 * left, every next apply converged and its files accepted by BIND. `EDGEPLAN_ZONEFILE_CHAOS_RUNS` and
 * `EDGEPLAN_CHAOS_SEED` change the count and the first seed; `npm run chaos -- --provider zonefile --runs 1000`
 * runs longer outside the test suite. Each run is a child process, so the suite runs 12.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { formatZonefileSummary, runZonefileChaos } from './zonefile-chaos.js';

const RUNS = Number(process.env.EDGEPLAN_ZONEFILE_CHAOS_RUNS ?? 12);
const SEED = Number(process.env.EDGEPLAN_CHAOS_SEED ?? 1);
/** Ten times what a run took at load 9 on 2 cores (about 2 s: a process, two applies in this one), rounded up. */
const BUDGET_MS = RUNS * 20_000;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-chaos-'));
  await ensureBuilt();
}, BUILD_BUDGET_MS);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('chaos on zone files', () => {
  it(
    `${RUNS} seeded applies killed mid-write: no partial file, nothing lost, no temporary file; the next converges`,
    async () => {
      const summary = await runZonefileChaos(RUNS, SEED, dir, { checkzone: checkzoneMissing() === null });
      const detail = summary.violated.map((r) => `seed ${r.seed}: ${r.problems.join('; ')}`).join('\n');
      expect(detail, formatZonefileSummary(summary)).toBe('');
      expect(summary.partial).toBe(0);
      expect(summary.lost).toBe(0);
      expect(summary.tempsLeft).toBe(0);
      expect(summary.converged).toBe(RUNS);
      // Not vacuous: most runs were killed, some of them while a temporary file was written or renamed.
      const killed = RUNS - (summary.killedAt['not killed'] ?? 0);
      expect(killed).toBeGreaterThanOrEqual(RUNS / 2);
      expect(Object.keys(summary.killedAt).filter((call) => call !== 'not killed').length).toBeGreaterThan(2);
    },
    BUDGET_MS,
  );
});
