import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import { isInZone, relativeName } from '../../../src/model/names.js';
import { recordType } from '../../../src/model/record-types/registry.js';
import { isUnmanaged } from '../../../src/model/unmanaged.js';
import { computePlan, isChangeOf, planHasChanges, renderPlanJson } from '../../../src/plan/index.js';
import { oneProviderLive } from '../../support/one-provider.js';
import { shuffler, statePair, UNDESIRED_ZONE } from '../helpers/arbitraries.js';
import { fakeProviders } from '../helpers/fake-providers.js';
import { simulateChanges } from '../helpers/simulate-changes.js';

// Time budget: ten times its slowest test (10.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

function shuffled(desired: DesiredState, live: LiveDnsState, seed: number) {
  const shuffle = shuffler(seed);
  const zones = shuffle(desired.zones).map((zone) => ({
    ...zone,
    records: shuffle(zone.records).map((set) => ({ ...set, values: shuffle(set.values) })),
  }));
  const geo = <
    T extends { groups: { countries: string[]; records: { values: string[] }[] }[]; nodes: unknown[] },
  >(
    s: T,
  ) => ({
    ...s,
    groups: shuffle(s.groups).map((g) => ({
      ...g,
      countries: shuffle(g.countries),
      records: shuffle(g.records).map((r) => ({ ...r, values: shuffle(r.values) })),
    })),
    nodes: shuffle(s.nodes),
  });
  const liveZones = Object.fromEntries(
    shuffle(Object.entries(live.zones)).map(([name, zone]) => [
      name,
      zone && {
        ...zone,
        records: shuffle(zone.records).map((set) => ({ ...set, records: shuffle(set.records) })),
        unsupported: shuffle(zone.unsupported),
      },
    ]),
  );
  return {
    desired: {
      ...desired,
      zones,
      secondaryZones: shuffle(desired.secondaryZones ?? []),
      geoServices: shuffle(desired.geoServices ?? []).map(geo),
    },
    live: {
      zones: liveZones,
      secondaryZones: shuffle(live.secondaryZones ?? []),
      geoServices: shuffle(live.geoServices ?? []).map(geo),
    },
  };
}

const plan = (desired: DesiredState, live: LiveDnsState) =>
  computePlan(desired, oneProviderLive(live), fakeProviders());

describe('determinism and convergence (properties)', () => {
  it('gives byte-identical JSON whatever the order of the inputs', () => {
    fc.assert(
      fc.property(statePair, fc.integer(), ({ desired, live }, seed) => {
        const other = shuffled(desired, live, seed);
        expect(renderPlanJson(plan(other.desired, other.live))).toBe(renderPlanJson(plan(desired, live)));
        expect(JSON.stringify(plan(other.desired, other.live))).toBe(JSON.stringify(plan(desired, live)));
      }),
      { numRuns: 300 },
    );
  });

  it('converges: making the changes leaves nothing to plan, and touches nothing it does not manage', () => {
    fc.assert(
      fc.property(statePair, ({ desired, live }) => {
        const before = structuredClone(live);
        const first = plan(desired, live);
        expect(live).toEqual(before);
        const after = simulateChanges(live, first.changes);
        expect(planHasChanges(plan(desired, after))).toBe(false);
        expect(after.zones[UNDESIRED_ZONE]).toEqual(live.zones[UNDESIRED_ZONE]);
        for (const [name, zone] of Object.entries(after.zones)) {
          expect(zone?.unsupported).toEqual(live.zones[name]?.unsupported ?? (zone ? [] : undefined));
          expect(zone?.records.filter((s) => !recordType(s.type))).toEqual(
            live.zones[name]?.records.filter((s) => !recordType(s.type)) ?? (zone ? [] : undefined),
          );
        }
        for (const change of first.changes) {
          if (!isChangeOf(change, 'record-set')) continue;
          const { zone, fqdn } = change.address;
          const owner = desired.zones.find((z) => z.zone === zone);
          expect(owner && isInZone(fqdn, zone)).toBe(true);
          expect(
            isUnmanaged(
              relativeName(fqdn, zone),
              (owner?.unmanaged ?? []).map((entry) => entry.name),
            ),
          ).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('names every change by what it does: create has no before, delete no after, an update differs', () => {
    fc.assert(
      fc.property(statePair, ({ desired, live }) => {
        const { changes, summary } = plan(desired, live);
        for (const change of changes) {
          const expected = change.before === null ? 'create' : change.after === null ? 'delete' : 'update';
          expect(change.action).toBe(expected);
          expect(change.before !== null || change.after !== null).toBe(true);
          if (change.action === 'update')
            expect(JSON.stringify(change.before)).not.toBe(JSON.stringify(change.after));
        }
        const count = (action: string) => changes.filter((c) => c.action === action).length;
        expect(summary).toMatchObject({
          create: count('create'),
          update: count('update'),
          delete: count('delete'),
        });
      }),
      { numRuns: 300 },
    );
  });
});
