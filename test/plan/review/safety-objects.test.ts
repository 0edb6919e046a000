import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { GeoService } from '../../../src/model/geo.js';
import type { LiveState } from '../../../src/model/live.js';
import { DEFAULT_SAFETY, type SafetyPolicy } from '../../../src/model/safety.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import { computePlan, planApprovals } from '../../../src/plan/index.js';
import {
  type OneProviderDesired,
  type OneProviderLive,
  oneProviderDesired,
  oneProviderLive,
} from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

/**
 * The safety rules on secondary zones, geo services and webapps, each on its own: which change needs approval,
 * which does not (creates, updates, other kinds), and that turning a rule off turns off only that rule.
 */

const hex = (c: string) => c.repeat(32);

function geo(name: string, nodes: string[]): GeoService {
  return {
    name,
    groups: [{ name: 'Everyone', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.80'] }] }],
    nodes: nodes.map((fqdn) => ({ zone: 'example.com', fqdn })),
  };
}

const secondary = (zone: string, master: string) => ({
  zone,
  masters: [master],
  contactNickname: null,
  tsigKeyName: null,
});
const liveSecondary = (zone: string, master: string): LiveSecondaryZone => ({
  zone,
  masters: [master],
  contactNickname: '',
  tsigKeyName: '',
  active: 'Y',
});

/** Rules (as `kind:name rule`) of the plan from `desired` to `live`, under `safety`. */
function rules(
  desired: Omit<OneProviderDesired, 'zones'>,
  live: Omit<OneProviderLive, 'zones'>,
  safety?: SafetyPolicy,
) {
  const want: DesiredState = oneProviderDesired({ zones: [], ...desired, ...(safety ? { safety } : {}) });
  const state: LiveState = oneProviderLive({ zones: {}, secondaryZones: [], geoServices: [], ...live });
  const plan = computePlan(want, state, fakeProviders());
  return planApprovals(plan, want, state).map(
    (a) => `${a.target.kind}:${a.target.name} ${a.rule}: ${a.message}`,
  );
}

const ownAll = { manage: { secondaryZones: 'all', geoServices: 'all' } } as const;

describe('safety: geo services', () => {
  it('a geo service deleted under manage: all needs approval, naming how many nodes it unlinks', () => {
    const live = { geoServices: [geo('Web', ['a.example.com', 'b.example.com']), geo('Api', [])] };
    expect(rules({ ...ownAll, geoServices: [] }, live)).toEqual([
      'geo:Api geo-service-delete: deletes the geo service "Api" and its links to 0 node(s)',
      'geo:Web geo-service-delete: deletes the geo service "Web" and its links to 2 node(s)',
    ]);
  });

  it('creating or updating a geo service needs none; geoServiceDelete: false turns off only that rule', () => {
    const live = { geoServices: [geo('Web', ['a.example.com']), geo('Old', [])] };
    const desired = {
      ...ownAll,
      geoServices: [geo('Web', ['b.example.com']), geo('New', ['c.example.com'])],
    };
    expect(rules(desired, live)).toEqual([
      'geo:Old geo-service-delete: deletes the geo service "Old" and its links to 0 node(s)',
    ]);
    expect(rules(desired, live, { ...DEFAULT_SAFETY, geoServiceDelete: false })).toEqual([]);
    const withSecondary = {
      ...desired,
      secondaryZones: [],
    };
    const liveWithSecondary = {
      ...live,
      secondaryZones: [liveSecondary('gone.example', '203.0.113.1')],
    };
    expect(rules(withSecondary, liveWithSecondary, { ...DEFAULT_SAFETY, geoServiceDelete: false })).toEqual([
      'secondary:gone.example secondary-zone-delete: deletes the secondary zone gone.example and the data copied from its masters',
    ]);
  });
});

describe('safety: secondary zones', () => {
  it('only a delete needs approval: a created or updated secondary zone does not', () => {
    const live = {
      secondaryZones: [
        liveSecondary('kept.example', '203.0.113.1'),
        liveSecondary('gone.example', '203.0.113.2'),
      ],
    };
    const desired = {
      ...ownAll,
      secondaryZones: [secondary('kept.example', '203.0.113.9'), secondary('new.example', '203.0.113.3')],
    };
    expect(rules(desired, live)).toEqual([
      'secondary:gone.example secondary-zone-delete: deletes the secondary zone gone.example and the data copied from its masters',
    ]);
    expect(rules(desired, live, { ...DEFAULT_SAFETY, secondaryZoneDelete: false })).toEqual([]);
  });
});

describe('safety: webapps', () => {
  const at = { file: 'waf.yaml', line: 1, col: 1 };
  function webappLive(enabled: string[]): Omit<OneProviderLive, 'zones'> {
    const names = ['Bingbot', 'Googlebot'];
    return {
      waf: {
        webapps: {
          shop: {
            id: hex('a'),
            name: 'shop',
            bots: names.map((name, i) => ({ id: hex(String(i)), name, enabled: enabled.includes(name) })),
          },
        },
        accountWebapps: ['shop'],
        readRequests: 1,
        rateLimit: null,
      },
    };
  }
  const allow = (bots: string[]) => ({
    waf: { webapps: [{ ref: 'shop', at, mode: 'exact' as const, allow: bots.map((ref) => ({ ref, at })) }] },
  });

  it('leaving a webapp that had enabled bots with none needs approval, saying how many were enabled', () => {
    expect(rules(allow([]), webappLive(['Bingbot', 'Googlebot']))).toEqual([
      'webapp:shop webapp-all-bots-disabled: disables every good bot of webapp shop (2 now enabled)',
    ]);
    expect(
      rules(allow([]), webappLive(['Bingbot', 'Googlebot']), {
        ...DEFAULT_SAFETY,
        webappAllBotsDisabled: false,
      }),
    ).toEqual([]);
  });

  it('needs none when a bot stays enabled, or when none was enabled before', () => {
    expect(rules(allow(['Googlebot']), webappLive(['Bingbot', 'Googlebot']))).toEqual([]);
    expect(rules(allow(['Bingbot']), webappLive(['Googlebot']))).toEqual([]);
    expect(rules(allow(['Googlebot']), webappLive([]))).toEqual([]);
  });
});

describe('safety: zones', () => {
  it('counts only the zones the desired state names and that exist live: a new zone has nothing to lose', () => {
    const want: DesiredState = oneProviderDesired({
      zones: [desiredZone('example.com', { 'www.example.com': [['192.0.2.1']] })],
    });
    const state: LiveState = oneProviderLive({ zones: { 'example.com': null } });
    // Only its creation needs approval (it declares no `create:`), no rule about losing records.
    const approvals = planApprovals(computePlan(want, state, fakeProviders()), want, state);
    expect(approvals.map((approval) => approval.rule)).toEqual(['zone-create']);
  });

  it('rounds the share to one decimal, and an empty live set is not a managed set', () => {
    const strict = { ...DEFAULT_SAFETY, zoneDeleteShare: { maxPercent: 5, minRecords: 3 } };
    const live = liveZone('example.com', 1, {
      'a.example.com': [[1, '192.0.2.1', 60]],
      'b.example.com': [[2, '192.0.2.1', 60]],
      'c.example.com': [[3, '192.0.2.1', 60]],
      'd.example.com': [],
    });
    const want: DesiredState = oneProviderDesired({
      zones: [
        desiredZone('example.com', {
          'a.example.com': [['192.0.2.1'], 60],
          'b.example.com': [['192.0.2.1'], 60],
        }),
      ],
      safety: strict,
    });
    const state: LiveState = oneProviderLive({ zones: { 'example.com': live } });
    const found = planApprovals(computePlan(want, state, fakeProviders()), want, state);
    expect(found.map((a) => a.message)).toEqual([
      'deletes 1 of 3 managed record sets (33.3 %, more than 5 % of a zone with at least 3)',
    ]);
  });

  it('sorts approvals by target, then rule', () => {
    const sets: Record<string, [number, string, number][]> = {};
    for (let i = 0; i < 10; i++) sets[`h${i}.example.com`] = [[i + 1, '192.0.2.1', 60]];
    const want: DesiredState = oneProviderDesired({
      zones: [desiredZone('example.com', {})],
      ...ownAll,
      secondaryZones: [],
      geoServices: [],
    });
    const state: LiveState = oneProviderLive({
      zones: { 'example.com': liveZone('example.com', 1, sets) },
      secondaryZones: [liveSecondary('a.example', '203.0.113.1')],
      geoServices: [geo('B', []), geo('A', [])],
    });
    const found = planApprovals(computePlan(want, state, fakeProviders()), want, state);
    expect(found.map((a) => `${a.target.kind}:${a.target.name} ${a.rule}`)).toEqual([
      'zone:example.com zone-delete-share',
      'zone:example.com zone-last-records',
      'secondary:a.example secondary-zone-delete',
      'geo:A geo-service-delete',
      'geo:B geo-service-delete',
    ]);
  });

  it('sorts approvals of different rules together: a zone created sorts before a zone losing records', () => {
    const sets: Record<string, [number, string, number][]> = { 'www.b.example': [[1, '192.0.2.1', 60]] };
    const want: DesiredState = oneProviderDesired({
      zones: [desiredZone('a.example', { 'www.a.example': [['192.0.2.1']] }), desiredZone('b.example', {})],
    });
    const state: LiveState = oneProviderLive({
      zones: { 'a.example': null, 'b.example': liveZone('b.example', 1, sets) },
    });
    const found = planApprovals(computePlan(want, state, fakeProviders()), want, state);
    expect(found.map((a) => `${a.target.kind}:${a.target.name} ${a.rule}`)).toEqual([
      'zone:a.example zone-create',
      'zone:b.example zone-last-records',
    ]);
  });
});
