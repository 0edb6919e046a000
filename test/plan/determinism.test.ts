import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnmanaged } from '../../src/model/unmanaged.js';
import type { DesiredState, LiveDnsState } from '../../src/model/dns.js';
import { isInZone, relativeName } from '../../src/model/names.js';
import { computePlan, planHasChanges } from '../../src/plan/index.js';
import { shuffler, statePair, UNDESIRED_ZONE } from './helpers/arbitraries.js';
import { simulateApply } from './helpers/simulate-apply.js';

function shuffled(desired: DesiredState, live: LiveDnsState, seed: number) {
  const shuffle = shuffler(seed);
  const zones = shuffle(desired.zones).map((zone) => ({ ...zone, records: shuffle(zone.records) }));
  const liveZones = Object.fromEntries(
    shuffle(Object.entries(live.zones)).map(([name, zone]) => [
      name,
      zone && {
        ...zone,
        nodes: shuffle(zone.nodes).map((node) => ({ ...node, records: shuffle(node.records) })),
      },
    ]),
  );
  return { desired: { zones }, live: { zones: liveZones } };
}

describe('determinism and convergence (properties)', () => {
  it('gives byte-identical JSON whatever the order of the inputs', () => {
    fc.assert(
      fc.property(statePair, fc.integer(), ({ desired, live }, seed) => {
        const other = shuffled(desired, live, seed);
        expect(JSON.stringify(computePlan(other.desired, other.live))).toBe(
          JSON.stringify(computePlan(desired, live)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('converges: applying the ops leaves nothing to plan, and touches nothing it does not manage', () => {
    fc.assert(
      fc.property(statePair, ({ desired, live }) => {
        const before = structuredClone(live);
        const plan = computePlan(desired, live);
        expect(live).toEqual(before);
        const after = simulateApply(live, plan);
        expect(planHasChanges(computePlan(desired, after))).toBe(false);
        expect(after.zones[UNDESIRED_ZONE]).toEqual(live.zones[UNDESIRED_ZONE]);
        for (const op of plan.steps.flatMap((step) => step.ops)) {
          if (!('fqdn' in op)) continue;
          const zone = desired.zones.find((z) => z.zone === op.zone);
          expect(zone && isInZone(op.fqdn, zone.zone)).toBe(true);
          expect(isUnmanaged(relativeName(op.fqdn, op.zone), zone?.unmanaged ?? [])).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
