import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import type { GeoService } from '../../../src/model/geo.js';
import { shownTargetText } from '../../../src/model/shown-provider.js';
import { computePlan } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const all = [{ name: 'All', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.50'] }] }];
const service = (name: string, fqdns: string[], groups = all): GeoService => ({
  name,
  groups,
  nodes: fqdns.map((fqdn) => ({ zone: 'a.test', fqdn })),
});
const zoneA = (records: Record<string, [string[], number?]>) => desiredZone('a.test', records);
const liveA = (nodes: Record<string, [number, string, number][]>) => liveZone('a.test', 1, nodes);

interface Case {
  name: string;
  desired: DesiredState;
  live: LiveDnsState;
  /** `id <- after, after` per step, in plan order. */
  steps: string[];
}

const cases: Case[] = [
  {
    name: 'a link into a zone the plan creates waits for that zone',
    desired: oneProviderDesired({ zones: [zoneA({})], geoServices: [service('S', ['geo.a.test'])] }),
    live: { zones: { 'a.test': null }, geoServices: [] },
    steps: ['zone:a.test <- ', 'geo:S <- zone:a.test'],
  },
  {
    name: 'a link into a zone that exists does not wait for that zone’s changes at other nodes',
    desired: oneProviderDesired({
      zones: [zoneA({ 'www.a.test': [['192.0.2.1']] })],
      geoServices: [service('S', ['geo.a.test'])],
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [] },
    steps: ['geo:S <- ', 'zone:a.test <- '],
  },
  {
    name: 'a link to a node whose records (of any type) the plan deletes waits for the zone',
    desired: oneProviderDesired({ zones: [zoneA({})], geoServices: [service('S', ['geo.a.test'])] }),
    live: {
      zones: { 'a.test': liveA({ 'geo.a.test TXT': [[1, '"x"', 60]] }) },
      geoServices: [],
    },
    steps: ['zone:a.test <- ', 'geo:S <- zone:a.test'],
  },
  {
    name: 'a link to a node whose plain A records the plan deletes waits for the zone',
    desired: oneProviderDesired({ zones: [zoneA({})], geoServices: [service('S', ['geo.a.test'])] }),
    live: { zones: { 'a.test': liveA({ 'geo.a.test': [[1, '192.0.2.1', 60]] }) }, geoServices: [] },
    steps: ['zone:a.test <- ', 'geo:S <- zone:a.test'],
  },
  {
    name: 'an unlink comes before the zone change that gives the node records of any type',
    desired: oneProviderDesired({
      zones: [zoneA({ 'geo.a.test MX': [['10 mail.a.test.']] })],
      geoServices: [service('S', [])],
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [service('S', ['geo.a.test'])] },
    steps: ['geo:S <- ', 'zone:a.test <- geo:S'],
  },
  {
    name: 'an unlink comes before the zone change that gives the node plain A records',
    desired: oneProviderDesired({
      zones: [zoneA({ 'geo.a.test': [['192.0.2.1']] })],
      geoServices: [service('S', [])],
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [service('S', ['geo.a.test'])] },
    steps: ['geo:S <- ', 'zone:a.test <- geo:S'],
  },
  {
    name: 'a zone change giving records to nodes two services unlink waits for both',
    desired: oneProviderDesired({
      zones: [zoneA({ 'x.a.test': [['192.0.2.1']], 'y.a.test': [['192.0.2.2']] })],
      geoServices: [service('S', []), service('T', [])],
    }),
    live: {
      zones: { 'a.test': liveA({}) },
      geoServices: [service('S', ['x.a.test']), service('T', ['y.a.test'])],
    },
    steps: ['geo:S <- ', 'geo:T <- ', 'zone:a.test <- geo:S, geo:T'],
  },
  {
    name: 'an unlink does not wait for, nor hold up, a zone change that only deletes records at the node',
    desired: oneProviderDesired({ zones: [zoneA({})], geoServices: [service('S', [])] }),
    live: {
      zones: { 'a.test': liveA({ 'geo.a.test TXT': [[1, '"x"', 60]] }) },
      geoServices: [service('S', ['geo.a.test'])],
    },
    steps: ['geo:S <- ', 'zone:a.test <- '],
  },
  {
    name: 'an unlink does not hold up a zone change at other names of the zone',
    desired: oneProviderDesired({
      zones: [zoneA({ 'www.a.test': [['192.0.2.1']] })],
      geoServices: [service('S', [])],
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [service('S', ['geo.a.test'])] },
    steps: ['geo:S <- ', 'zone:a.test <- '],
  },
  {
    name: 'a link does not wait for records the plan gives the node of a type that stands beside it',
    desired: oneProviderDesired({
      zones: [zoneA({ 'geo.a.test TXT': [['"x"']] })],
      geoServices: [service('S', ['geo.a.test'])],
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [service('S', [])] },
    steps: ['geo:S <- ', 'zone:a.test <- '],
  },
  {
    name: 'unlink needed before and link needed after the same zone: two steps for one service',
    desired: oneProviderDesired({
      zones: [zoneA({ 'x.a.test': [['192.0.2.1']] })],
      geoServices: [service('S', ['y.a.test'])],
    }),
    live: {
      zones: { 'a.test': liveA({ 'y.a.test': [[1, '192.0.2.2', 60]] }) },
      geoServices: [service('S', ['x.a.test'])],
    },
    steps: ['geo:S#unlink <- ', 'zone:a.test <- geo:S#unlink', 'geo:S <- geo:S#unlink, zone:a.test'],
  },
  {
    name: 'a node moving between services: the new link waits for the old unlink',
    desired: oneProviderDesired({
      zones: [],
      geoServices: [service('New', ['geo.a.test']), service('Old', [])],
    }),
    live: { zones: {}, geoServices: [service('Old', ['geo.a.test'])] },
    steps: ['geo:Old <- ', 'geo:New <- geo:Old'],
  },
  {
    name: 'two services swapping nodes: each unlinks first, and links after the other’s unlink (no cycle)',
    desired: oneProviderDesired({
      zones: [],
      geoServices: [service('A', ['y.a.test']), service('B', ['x.a.test'])],
    }),
    live: { zones: {}, geoServices: [service('A', ['x.a.test']), service('B', ['y.a.test'])] },
    steps: [
      'geo:A#unlink <- ',
      'geo:B#unlink <- ',
      'geo:A <- geo:A#unlink, geo:B#unlink',
      'geo:B <- geo:A#unlink, geo:B#unlink',
    ],
  },
  {
    name: 'a deleted service (manage: all) goes before the zone that reuses its node',
    desired: oneProviderDesired({
      zones: [zoneA({ 'geo.a.test': [['192.0.2.1']] })],
      geoServices: [],
      manage: { geoServices: 'all', secondaryZones: 'listed' },
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [service('Gone', ['geo.a.test'])] },
    steps: ['geo:Gone <- ', 'zone:a.test <- geo:Gone'],
  },
  {
    name: 'group changes and secondary zones depend on nothing',
    desired: oneProviderDesired({
      zones: [zoneA({ 'www.a.test': [['192.0.2.1']] })],
      geoServices: [
        service(
          'S',
          ['geo.a.test'],
          [{ name: 'All', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.51'] }] }],
        ),
      ],
      secondaryZones: [
        { zone: 'p.test', masters: ['198.51.100.1'], contactNickname: null, tsigKeyName: null },
      ],
    }),
    live: { zones: { 'a.test': liveA({}) }, geoServices: [service('S', ['geo.a.test'])], secondaryZones: [] },
    steps: ['geo:S <- ', 'secondary:p.test <- ', 'zone:a.test <- '],
  },
];

describe('step order across zones, geo services and secondary zones', () => {
  it.each(cases)('$name', ({ desired, live, steps }) => {
    const plan = computePlan(desired, oneProviderLive(live), fakeProviders());
    expect(plan.steps.map((s) => `${s.id} <- ${s.after.join(', ')}`)).toEqual(steps);
    expect(
      plan.steps.every(
        (s) => shownTargetText(s.target, plan.implicitProvider) === s.id.replace('#unlink', ''),
      ),
    ).toBe(true);
  });

  it('asks the provider for the unlink part, then the rest, when a service needs two steps; otherwise for all of it', () => {
    const split = cases.find((c) => c.name.startsWith('unlink needed before'));
    if (!split) throw new Error('case');
    const providers = fakeProviders();
    const plan = computePlan(split.desired, oneProviderLive(split.live), providers);
    expect(providers.calls.geo.map((call) => [call.change.address.name, call.part])).toEqual([
      ['S', 'unlink'],
      ['S', 'rest'],
    ]);
    expect(plan.steps.filter((s) => s.kind === 'geo').map((s) => [s.id, s.ops])).toEqual([
      ['geo:S#unlink', [{ kind: 'update-geo', name: 'S', part: 'unlink' }]],
      ['geo:S', [{ kind: 'update-geo', name: 'S', part: 'rest' }]],
    ]);
    const single = fakeProviders();
    computePlan(
      cases[0]?.desired ?? oneProviderDesired({ zones: [] }),
      oneProviderLive(cases[0]?.live ?? { zones: {} }),
      single,
    );
    expect(single.calls.geo.map((call) => call.part)).toEqual(['all']);
  });

  it('gives the same plan whatever the order of the inputs', () => {
    for (const { desired, live } of cases) {
      const reversed: DesiredState = { ...desired, geoServices: [...(desired.geoServices ?? [])].reverse() };
      const liveReversed: LiveDnsState = { ...live, geoServices: [...(live.geoServices ?? [])].reverse() };
      expect(JSON.stringify(computePlan(reversed, oneProviderLive(liveReversed), fakeProviders()))).toBe(
        JSON.stringify(computePlan(desired, oneProviderLive(live), fakeProviders())),
      );
    }
  });
});
