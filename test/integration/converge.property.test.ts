/**
 * The reconciler's central property, against the real emulator over HTTP, for many generated live/desired pairs of
 * mixed record types (scenario.ts): plan → apply leaves each listed zone's published records exactly the desired
 * ones (plus what unmanaged names held), and a new plan empty; each touched zone is published exactly once and
 * untouched zones never; nothing outside the desired state (other zones, unmanaged names) changes. With a failure
 * injected at a random write of one zone: that zone is not published and its pending changes are discarded, the
 * other zones still converge, and a second apply converges everything.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import type { Emulator } from '../../src/emulator/index.js';
import { applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import { DYN } from '../support/one-provider.js';
import { startSandbox } from '../support/sandbox.js';
import { PROPERTY_TIMEOUT, publishedRecords } from './helpers.js';
import {
  expectedRecords,
  type Scenario,
  scenarioArbitrary,
  seedZones,
  untouchedRecords,
  yamlOf,
} from './scenario.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-prop-'));
});
afterAll(() => rm(dir, { recursive: true }));

async function desiredOf(scenario: Scenario, run: number): Promise<DesiredState> {
  const file = join(dir, `desired-${run}.yaml`);
  await writeFile(file, yamlOf(scenario));
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok)
    throw new Error(`generated desired state is invalid: ${JSON.stringify(loaded.diagnostics)}`);
  return loaded.desired;
}

/** Every listed zone publishes exactly its expected records; an unlisted zone that did not exist still does not. */
function expectConverged(emulator: Emulator, scenario: Scenario): void {
  for (const zone of scenario.zoneNames) {
    if (scenario.desired[zone])
      expect(publishedRecords(emulator, zone)).toEqual(expectedRecords(scenario, zone));
    else if (!scenario.live[zone]) expect(emulator.snapshot().dns?.zones?.[zone]).toBeUndefined();
  }
}

const escapeDots = (s: string) => s.replace(/\./g, '\\.');
const publishes = (zone: string) => ({
  method: 'PUT',
  path: new RegExp(`^/REST/Zone/${escapeDots(zone)}/$`),
});

describe('plan → apply → plan against the emulator', () => {
  it(
    'converges with one publish per touched zone and leaves everything else alone',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenarioArbitrary, async (scenario) => {
          const desired = await desiredOf(scenario, run++);
          const sandbox = await startSandbox({ dns: { zones: seedZones(scenario) } });
          try {
            const before = untouchedRecords(sandbox.emulator.snapshot(), scenario);
            const plan = await planLive(desired, { dns: { [DYN]: sandbox.provider() } });
            const log = sandbox.emulator.requestLog;
            log.clear();
            const result = await applyPlan(plan, writersOf({ dns: { [DYN]: sandbox.provider() } }));
            expect(result.ok).toBe(true);

            const touched = new Set(plan.zones.map((z) => z.zone));
            expect(plan.steps.map((s) => s.id)).toEqual(plan.zones.map((z) => `zone:${z.zone}`));
            for (const zone of scenario.zoneNames) {
              expect(log.count({ ...publishes(zone), status: 200 })).toBe(touched.has(zone) ? 1 : 0);
            }
            const again = await planLive(desired, { dns: { [DYN]: sandbox.provider() } });
            expect(again.steps).toEqual([]);
            expectConverged(sandbox.emulator, scenario);
            expect(untouchedRecords(sandbox.emulator.snapshot(), scenario)).toEqual(before);
          } finally {
            await sandbox.close();
          }
        }),
        { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 60) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'a failure injected mid-zone leaves that zone unpublished with its pending changes discarded',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenarioArbitrary, fc.nat(), fc.nat(), async (scenario, zonePick, opPick) => {
          const desired = await desiredOf(scenario, run++);
          const sandbox = await startSandbox({ dns: { zones: seedZones(scenario) } });
          try {
            const plan = await planLive(desired, { dns: { [DYN]: sandbox.provider() } });
            fc.pre(plan.steps.length > 0);
            const step = plan.steps[zonePick % plan.steps.length];
            if (!step) throw new Error('unreachable');
            const victim = { zone: step.target.name };
            const failAt = opPick % step.ops.length;
            const beforeRecords = publishedRecords(sandbox.emulator, victim.zone);
            sandbox.emulator.faults.add({
              // Each op's first request: a record or zone call, or a zone-file upload (not its read-back).
              pathPattern: new RegExp(`^/REST/([A-Z]+Record|Zone|ZoneFile)/${escapeDots(victim.zone)}/`),
              // A publish is preceded by its serial read (GET /Zone/, compare-and-publish), which matches too;
              // a zone the step creates is not read before its publish.
              after: failAt + (step.ops[failAt]?.kind === 'publish' && !createsZone(step) ? 1 : 0),
              // A refusal, not a lost answer: a 5xx is now settled by reading (write-resolve.ts) and may go through.
              status: 400,
              errCode: 'ILLEGAL_OPERATION',
            });

            const writer = sandbox.provider();
            const result = await applyPlan(plan, writersOf({ dns: { [DYN]: writer } }));
            const outcome = result.steps.find((s) => s.id === step.id);
            expect(outcome).toMatchObject({ status: 'failed', done: failAt, discarded: true });
            expect(result.steps.filter((s) => s.status !== 'applied')).toHaveLength(1);

            expect(publishedRecords(sandbox.emulator, victim.zone)).toEqual(beforeRecords);
            // Never published (a new zone's create takes effect at once, but it gets no publish).
            expect(sandbox.emulator.chaos.publishes.filter((p) => p.zone === victim.zone)).toEqual([]);
            // Discarded on the server: no session holds a change of the zone (the writer's session is still open).
            const pending = sandbox.emulator.chaos.pendingChanges();
            expect(pending.filter((p) => p.zone === victim.zone && p.changes > 0)).toEqual([]);

            const rest = await planLive(desired, { dns: { [DYN]: sandbox.provider() } });
            // Only the failed zone can be left (nothing, when it was an empty new zone whose creation went through).
            expect(rest.steps.every((s) => s.id === step.id)).toBe(true);
            const retry = await applyPlan(rest, writersOf({ dns: { [DYN]: sandbox.provider() } }));
            expect(retry.ok).toBe(true);
            expect((await planLive(desired, { dns: { [DYN]: sandbox.provider() } })).steps).toEqual([]);
            expectConverged(sandbox.emulator, scenario);
          } finally {
            await sandbox.close();
          }
        }),
        { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 40) },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

/** Whether the step creates its zone (then its publish is not preceded by a serial read). */
function createsZone(step: { ops: readonly { kind: string }[] }): boolean {
  return step.ops.some((op) => op.kind === 'create-zone' || op.kind === 'create-zone-from-file');
}
