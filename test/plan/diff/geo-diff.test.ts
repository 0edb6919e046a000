import { describe, expect, it } from 'vitest';
import type { LiveDnsState } from '../../../src/model/dns.js';
import type { GeoGroup, GeoService } from '../../../src/model/geo.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import {
  computePlan,
  geoGroupChanges,
  geoNodeChanges,
  isChangeOf,
  renderPlanText,
} from '../../../src/plan/index.js';
import {
  DYN,
  type OneProviderDesired,
  oneProviderDesired,
  oneProviderLive,
} from '../../support/one-provider.js';
import { FAKE_DNS, fakeProviders } from '../helpers/fake-providers.js';

const a = (...values: string[]) => [{ type: 'A', values }];
const europe: GeoGroup = { name: 'Europe', countries: ['DE', 'FR', 'GB'], records: a('192.0.2.50') };
const rest: GeoGroup = { name: 'Rest', countries: ['@@'], records: a('192.0.2.70') };
const web = (groups = [europe, rest], fqdns = ['geo.a.test']): GeoService => ({
  name: 'Global Web',
  groups,
  nodes: fqdns.map((fqdn) => ({ zone: 'a.test', fqdn })),
});
const secondary = (zone: string, masters: string[], contactNickname = ''): LiveSecondaryZone => ({
  zone,
  masters,
  contactNickname,
  tsigKeyName: '',
  active: 'Y',
});

function plan(desired: Omit<OneProviderDesired, 'zones'>, live: Omit<LiveDnsState, 'zones'>) {
  return computePlan(
    oneProviderDesired({ zones: [], ...desired }),
    oneProviderLive({ zones: {}, ...live }),
    fakeProviders(),
  );
}

describe('geo service diff', () => {
  it('matches groups by name, compares countries and each type’s values as sets, lists linked and unlinked nodes', () => {
    const asia: GeoGroup = { ...rest, name: 'Asia', countries: ['JP'] };
    const europeAfter: GeoGroup = {
      ...europe,
      countries: ['DE', 'FR', 'IT'],
      records: [
        { type: 'A', values: ['192.0.2.50', '192.0.2.51'] },
        { type: 'CNAME', values: ['eu.example.net.'] },
      ],
    };
    const desired = web([asia, europeAfter], ['geo.a.test', 'new.a.test']);
    const live = web([europe, rest], ['geo.a.test', 'old.a.test']);
    const result = plan({ geoServices: [desired] }, { geoServices: [live] });
    // Strictly: a TTL or active state neither side has is no key at all in the change.
    expect(result.changes).toStrictEqual([
      {
        address: { kind: 'geo', name: 'Global Web' },
        action: 'update',
        before: { groups: live.groups, nodes: live.nodes },
        after: { groups: desired.groups, nodes: desired.nodes },
      },
    ]);
    const [change] = result.changes;
    if (!change || !isChangeOf(change, 'geo')) throw new Error('expected a geo change');
    expect(geoGroupChanges(change)).toEqual([
      { action: 'create', name: 'Asia', before: null, after: asia },
      { action: 'update', name: 'Europe', before: europe, after: europeAfter },
      { action: 'delete', name: 'Rest', before: rest, after: null },
    ]);
    expect(geoNodeChanges(change)).toEqual({
      linked: [{ zone: 'a.test', fqdn: 'new.a.test' }],
      unlinked: [{ zone: 'a.test', fqdn: 'old.a.test' }],
    });
    expect(result.steps).toEqual([
      {
        id: 'geo:Global Web',
        kind: 'geo',
        provider: FAKE_DNS,
        target: { kind: 'geo', name: 'Global Web' },
        after: [],
        ops: [{ kind: 'update-geo', name: 'Global Web', part: 'all' }],
      },
    ]);
    expect(renderPlanText(result, { color: false })).toBe(
      [
        'Geo services',
        '  ~ "Global Web" (1 API call)',
        '      + group Asia: countries JP; A 192.0.2.70',
        '      ~ group Europe: countries +IT, −GB; A +192.0.2.51; CNAME +eu.example.net.',
        '      - group Rest: countries @@; A 192.0.2.70',
        '      + node new.a.test (zone a.test)',
        '      - node old.a.test (zone a.test)',
        '',
        'Plan: 0 to create, 1 to update, 0 to delete in 1 geo service.',
        '',
      ].join('\n'),
    );
  });

  it('plans nothing when the sets are equal in another order; a changed node set alone is a change', () => {
    const shuffled = web([{ ...rest }, { ...europe, countries: ['GB', 'FR', 'DE'] }]);
    expect(plan({ geoServices: [shuffled] }, { geoServices: [web()] }).steps).toEqual([]);
    const nodesOnly = plan({ geoServices: [web(undefined, [])] }, { geoServices: [web()] });
    expect(nodesOnly.changes.map((c) => c.action)).toEqual(['update']);
  });

  it('a group whose record type changes is an update of that group', () => {
    const cname = { ...europe, records: [{ type: 'CNAME', values: ['eu.example.net.'] }] };
    const result = plan({ geoServices: [web([cname, rest])] }, { geoServices: [web()] });
    const [change] = result.changes;
    if (!change || !isChangeOf(change, 'geo')) throw new Error('expected a geo change');
    expect(geoGroupChanges(change).map((g) => [g.action, g.name])).toEqual([['update', 'Europe']]);
  });

  it('leaves unlisted services alone unless the section is managed as a whole, then deletes them', () => {
    const other = { ...web(), name: 'Other' };
    expect(plan({ geoServices: [web()] }, { geoServices: [web(), other] }).steps).toEqual([]);
    const owned = plan(
      { geoServices: [web()], manage: { geoServices: 'all', secondaryZones: 'listed' } },
      { geoServices: [web(), other] },
    );
    expect(owned.changes).toEqual([
      {
        address: { kind: 'geo', name: 'Other' },
        action: 'delete',
        before: { groups: other.groups, nodes: other.nodes },
        after: null,
      },
    ]);
    expect(owned.steps.flatMap((s) => s.ops)).toEqual([{ kind: 'delete-geo', name: 'Other', part: 'all' }]);
    // Its nodes are shown as unlinked, and nothing as linked.
    expect(renderPlanText(owned, { color: false })).toBe(
      [
        'Geo services',
        '  - "Other" (1 API call) (destructive: deletes the service and its node links)',
        '      - group Europe: countries DE, FR, GB; A 192.0.2.50',
        '      - group Rest: countries @@; A 192.0.2.70',
        '      - node geo.a.test (zone a.test)',
        '',
        'Plan: 0 to create, 0 to update, 1 to delete in 1 geo service.',
        '',
      ].join('\n'),
    );
  });

  it('throws when geo services are desired but were not read', () => {
    expect(() => plan({ geoServices: [web()] }, {})).toThrow('live state has no geo services');
  });
});

describe('secondary zone diff', () => {
  const want = (zone: string, masters: string[], contactNickname: string | null = null) => ({
    zone,
    masters,
    contactNickname,
    tsigKeyName: null,
  });

  it('creates, updates masters as a set (and a contact it sets), deletes only when managed as a whole', () => {
    const providers = fakeProviders();
    const result = computePlan(
      oneProviderDesired({
        zones: [],
        secondaryZones: [
          want('a.test', ['198.51.100.1']),
          want('b.test', ['198.51.100.1', '198.51.100.3'], 'noc'),
          want('c.test', ['198.51.100.2', '198.51.100.9']),
        ],
        manage: { secondaryZones: 'all', geoServices: 'listed' },
      }),
      oneProviderLive({
        zones: {},
        secondaryZones: [
          secondary('b.test', ['198.51.100.1', '198.51.100.2'], 'ops'),
          secondary('c.test', ['198.51.100.2', '198.51.100.9']),
          secondary('z.test', ['203.0.113.1']),
        ],
      }),
      providers,
    );
    expect(result.changes).toEqual([
      {
        address: { kind: 'secondary', zone: 'a.test', provider: DYN },
        action: 'create',
        before: null,
        after: { masters: ['198.51.100.1'] },
      },
      {
        address: { kind: 'secondary', zone: 'b.test', provider: DYN },
        action: 'update',
        before: { masters: ['198.51.100.1', '198.51.100.2'], contactNickname: 'ops' },
        after: { masters: ['198.51.100.1', '198.51.100.3'], contactNickname: 'noc' },
      },
      {
        address: { kind: 'secondary', zone: 'z.test', provider: DYN },
        action: 'delete',
        before: { masters: ['203.0.113.1'] },
        after: null,
      },
    ]);
    expect(providers.calls.secondaries).toEqual(result.changes);
    expect(result.steps.map((s) => [s.id, s.provider, s.after, s.ops.map((op) => op.kind)])).toEqual([
      ['secondary:a.test', FAKE_DNS, [], ['create-secondary']],
      ['secondary:b.test', FAKE_DNS, [], ['update-secondary']],
      ['secondary:z.test', FAKE_DNS, [], ['delete-secondary']],
    ]);
    expect(renderPlanText(result, { color: false }).split('\n').slice(0, 4)).toEqual([
      'Secondary zones',
      '  + a.test masters 198.51.100.1',
      '  ~ b.test masters +198.51.100.3, −198.51.100.2; contact ops→noc',
      '  - z.test masters 203.0.113.1 (destructive: deletes the zone)',
    ]);
  });

  it('leaves a live contact alone when the desired state sets none (and keeps it in `after`), and unlisted zones by default', () => {
    const result = plan(
      { secondaryZones: [want('b.test', ['198.51.100.1', '198.51.100.4'])] },
      {
        secondaryZones: [secondary('b.test', ['198.51.100.1'], 'ops'), secondary('z.test', ['203.0.113.1'])],
      },
    );
    expect(result.changes.map((c) => [c.action, c.after])).toEqual([
      ['update', { masters: ['198.51.100.1', '198.51.100.4'], contactNickname: 'ops' }],
    ]);
    const same = plan(
      { secondaryZones: [want('b.test', ['198.51.100.1'])] },
      { secondaryZones: [secondary('b.test', ['198.51.100.1'], 'ops')] },
    );
    expect(same.steps).toEqual([]);
  });
});
