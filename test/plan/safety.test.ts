import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/dns.js';
import { DEFAULT_SAFETY } from '../../src/model/safety.js';
import { computePlan } from '../../src/plan/index.js';
import { planApprovals } from '../../src/plan/safety.js';
import { desiredZone, liveZone } from './helpers/builders.js';
import { reviewFixture } from './helpers/review-fixture.js';

/** A zone with `live` managed sets (plus one unmanaged) of which the desired state keeps `kept`. */
function zoneCase(live: number, kept: number, safety = DEFAULT_SAFETY) {
  const nodes: Record<string, [number, string, number][]> = {
    '_acme.example.com': [[999, '192.0.2.250', 60]],
  };
  const records: Record<string, [string[]]> = {};
  for (let i = 0; i < live; i++) {
    nodes[`h${i}.example.com`] = [[i + 1, '192.0.2.1', 3600]];
    if (i < kept) records[`h${i}.example.com`] = [['192.0.2.1']];
  }
  const desired: DesiredState = {
    zones: [desiredZone('example.com', records, { unmanaged: ['_acme*'] })],
    safety,
  };
  const state = { zones: { 'example.com': liveZone('example.com', 1, nodes) } };
  return planApprovals(computePlan(desired, state), desired, state).map((a) => `${a.rule}: ${a.message}`);
}

describe('safety policy', () => {
  it('deleting more than 30 % of a zone of at least 10 managed sets needs approval (unmanaged names not counted)', () => {
    expect(zoneCase(10, 7)).toEqual([]);
    expect(zoneCase(10, 6)).toEqual([
      'zone-delete-share: deletes 4 of 10 managed A record sets (40 %, more than 30 % of a zone with at least 10)',
    ]);
    expect(zoneCase(9, 1)).toEqual([]);
  });

  it("deleting a zone's last managed sets needs approval, whatever the zone's size", () => {
    expect(zoneCase(2, 0)).toEqual(["zone-last-records: deletes the zone's last 2 managed A record sets"]);
    expect(zoneCase(12, 0)).toHaveLength(2);
  });

  it('each rule can be turned off or given other thresholds', () => {
    const off = { ...DEFAULT_SAFETY, zoneDeleteShare: null, zoneLastRecords: false };
    expect(zoneCase(12, 0, off)).toEqual([]);
    const strict = { ...DEFAULT_SAFETY, zoneDeleteShare: { maxPercent: 5, minRecords: 2 } };
    expect(zoneCase(10, 9, strict)).toHaveLength(1);
  });

  it('secondary-zone and geo-service deletes and a webapp left without bots need approval', () => {
    const { plan, desired, live } = reviewFixture();
    expect(planApprovals(plan, desired, live).map((a) => `${a.target} ${a.rule}`)).toEqual([
      'secondary:legacy.example.net secondary-zone-delete',
      'webapp:shop webapp-all-bots-disabled',
    ]);
    const relaxed = {
      ...desired,
      safety: { ...DEFAULT_SAFETY, secondaryZoneDelete: false, webappAllBotsDisabled: false },
    };
    expect(planApprovals(plan, relaxed, live)).toEqual([]);
  });
});
