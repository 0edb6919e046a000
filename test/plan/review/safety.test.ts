import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import { DEFAULT_SAFETY } from '../../../src/model/safety.js';
import { computePlan, describeApprovals, planApprovals } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive, withDynLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';
import { reviewFixture } from '../helpers/review-fixture.js';

type Sets = Record<string, [number | string, string, number][]>;

/** Approvals of a zone whose live sets are `live` (plus one unmanaged set and one unsupported record). */
function approvals(
  live: Sets,
  desired: Record<string, [string[], number?]>,
  safety = DEFAULT_SAFETY,
): string[] {
  const state = {
    zones: {
      'example.com': liveZone(
        'example.com',
        1,
        { ...live, '_acme.example.com TXT': [[999, '"token"', 60]] },
        ['legacy.example.com LOC'],
      ),
    },
  };
  const want: DesiredState = oneProviderDesired({
    zones: [desiredZone('example.com', desired, { unmanaged: ['_acme*'] })],
    safety,
  });
  return planApprovals(
    computePlan(want, oneProviderLive(state), fakeProviders()),
    want,
    oneProviderLive(state),
  ).map((a) => `${a.rule}: ${a.message}`);
}

/** A zone with `live` managed A sets of which the desired state keeps `kept`. */
function zoneCase(live: number, kept: number, safety = DEFAULT_SAFETY): string[] {
  const sets: Sets = {};
  const records: Record<string, [string[]]> = {};
  for (let i = 0; i < live; i++) {
    sets[`h${i}.example.com`] = [[i + 1, '192.0.2.1', 3600]];
    if (i < kept) records[`h${i}.example.com`] = [['192.0.2.1']];
  }
  return approvals(sets, records, safety);
}

describe('safety policy', () => {
  it('deleting more than 30 % of a zone of at least 10 managed sets needs approval (unmanaged names not counted)', () => {
    expect(zoneCase(10, 7)).toEqual([]);
    expect(zoneCase(10, 6)).toEqual([
      'zone-delete-share: deletes 4 of 10 managed record sets (40 %, more than 30 % of a zone with at least 10)',
    ]);
    expect(zoneCase(9, 1)).toEqual([]);
  });

  it('counts record sets of every managed type, each (name, type) once', () => {
    const live: Sets = {};
    for (let i = 0; i < 5; i++) {
      live[`h${i}.example.com`] = [
        [`a${i}`, '192.0.2.1', 3600],
        [`b${i}`, '192.0.2.2', 3600],
      ];
      live[`h${i}.example.com TXT`] = [[`t${i}`, '"x"', 3600]];
    }
    const keepA = Object.fromEntries(
      [0, 1, 2, 3, 4].map((i): [string, [string[]]] => [`h${i}.example.com`, [['192.0.2.1', '192.0.2.2']]]),
    );
    expect(
      approvals(live, { ...keepA, 'h0.example.com TXT': [['"x"']], 'h1.example.com TXT': [['"x"']] }),
    ).toEqual([]);
    expect(approvals(live, { ...keepA, 'h0.example.com TXT': [['"x"']] })).toEqual([
      'zone-delete-share: deletes 4 of 10 managed record sets (40 %, more than 30 % of a zone with at least 10)',
    ]);
  });

  it('never counts a create as a delete: replacing every set’s type is 100 % deleted only when nothing is created', () => {
    const live: Sets = {};
    const desired: Record<string, [string[]]> = {};
    for (let i = 0; i < 10; i++) {
      live[`h${i}.example.com`] = [[i + 1, '192.0.2.1', 3600]];
      desired[`h${i}.example.com`] = [['192.0.2.1']];
      desired[`n${i}.example.com`] = [['192.0.2.9']];
    }
    expect(approvals(live, desired)).toEqual([]);
    const moved = Object.fromEntries(
      Object.entries(desired).filter(([name]) => name.startsWith('n') || name === 'h0.example.com'),
    );
    expect(approvals(live, moved)).toEqual([
      'zone-delete-share: deletes 9 of 10 managed record sets (90 %, more than 30 % of a zone with at least 10)',
    ]);
  });

  it("deleting a zone's last managed sets needs approval, whatever the zone's size, unless the plan creates some", () => {
    expect(zoneCase(2, 0)).toEqual(["zone-last-records: deletes the zone's last 2 managed record sets"]);
    expect(zoneCase(1, 0)).toEqual(["zone-last-records: deletes the zone's last managed record set"]);
    expect(zoneCase(12, 0)).toHaveLength(2);
    expect(
      approvals(
        { 'a.example.com': [[1, '192.0.2.1', 60]] },
        { 'b.example.com MX': [['10 mx.example.com.']] },
      ),
    ).toEqual([]);
  });

  it('each rule can be turned off or given other thresholds', () => {
    const off = { ...DEFAULT_SAFETY, zoneDeleteShare: null, zoneLastRecords: false };
    expect(zoneCase(12, 0, off)).toEqual([]);
    const strict = { ...DEFAULT_SAFETY, zoneDeleteShare: { maxPercent: 5, minRecords: 2 } };
    expect(zoneCase(10, 9, strict)).toHaveLength(1);
  });

  it('secondary-zone and geo-service deletes and a webapp left without bots need approval', () => {
    const { plan, desired, live } = reviewFixture();
    const found = planApprovals(plan, desired, live);
    expect(found.map((a) => [a.target, a.rule])).toEqual([
      [{ kind: 'zone', name: 'example.org', provider: 'dyn' }, 'zone-create'],
      [{ kind: 'secondary', name: 'legacy.example.net', provider: 'dyn' }, 'secondary-zone-delete'],
      [{ kind: 'webapp', name: 'shop' }, 'webapp-all-bots-disabled'],
    ]);
    expect(describeApprovals(found, plan.implicitProvider)).toBe(
      [
        '  zone:example.org: creates the zone example.org, which the account does not have; declare it with create: in the zone to mean it [zone-create]',
        '  secondary:legacy.example.net: deletes the secondary zone legacy.example.net and the data copied from its masters [secondary-zone-delete]',
        '  webapp:shop: disables every good bot of webapp shop (1 now enabled) [webapp-all-bots-disabled]',
      ].join('\n'),
    );
    const relaxed = {
      ...desired,
      safety: {
        ...DEFAULT_SAFETY,
        secondaryZoneDelete: false,
        webappAllBotsDisabled: false,
        zoneCreate: false,
      },
    };
    expect(planApprovals(plan, relaxed, live)).toEqual([]);
    const geoOwned = {
      ...desired,
      manage: { secondaryZones: 'listed', geoServices: 'all' } as const,
      geoServices: [],
    };
    const gone = withDynLive(live, { geoServices: desired.geoServices ?? [] });
    const geoPlan = computePlan(geoOwned, gone, fakeProviders());
    expect(planApprovals(geoPlan, geoOwned, gone).map((a) => a.message)).toContain(
      'deletes the geo service "Global | Web" and its links to 1 node(s)',
    );
  });

  it('creating a zone needs approval unless the zone declares create:, naming the nearest account zones', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        desiredZone('acme.oi', { 'www.acme.oi': [['192.0.2.1']] }),
        { ...desiredZone('new.example', {}), create: { contact: 'dns@example.net' } },
      ],
    });
    const live = {
      zones: { 'acme.oi': null, 'new.example': null },
      accountZones: [{ zone: 'acme.io', type: 'primary' as const }, { zone: 'example.net' }],
    };
    const plan = computePlan(desired, oneProviderLive(live), fakeProviders());
    expect(planApprovals(plan, desired, oneProviderLive(live))).toEqual([
      {
        target: { kind: 'zone', name: 'acme.oi', provider: 'dyn' },
        rule: 'zone-create',
        message:
          'creates the zone acme.oi, which the account does not have (did you mean acme.io?); declare it with ' +
          'create: in the zone to mean it',
      },
    ]);
    expect(
      plan.changes.find((change) => change.address.kind === 'zone' && change.address.zone === 'new.example'),
    ).toMatchObject({ after: { rname: 'dns@example.net', serialStyle: 'increment' } });
    const relaxed = { ...desired, safety: { ...DEFAULT_SAFETY, zoneCreate: false } };
    expect(planApprovals(plan, relaxed, oneProviderLive(live))).toEqual([]);
  });

  it('names every near account zone, comma-separated', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [desiredZone('acme.oi', { 'www.acme.oi': [['192.0.2.1']] })],
    });
    const live = {
      zones: { 'acme.oi': null },
      accountZones: [{ zone: 'acme.io' }, { zone: 'acme.ai' }, { zone: 'example.net' }],
    };
    const [approval] = planApprovals(
      computePlan(desired, oneProviderLive(live), fakeProviders()),
      desired,
      oneProviderLive(live),
    );
    expect(approval?.message).toContain('(did you mean acme.ai, acme.io?)');
  });
});
