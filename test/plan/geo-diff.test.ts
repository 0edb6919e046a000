import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../src/model/dns.js';
import type { GeoService } from '../../src/model/geo.js';
import type { LiveSecondaryZone } from '../../src/model/secondary.js';
import { computePlan, renderPlanText } from '../../src/plan/index.js';

const europe = { name: 'Europe', countries: ['DE', 'FR', 'GB'], addresses: ['192.0.2.50'] };
const rest = { name: 'Rest', countries: ['@@'], addresses: ['192.0.2.70'] };
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

function plan(desired: Omit<DesiredState, 'zones'>, live: Omit<LiveDnsState, 'zones'>) {
  return computePlan({ zones: [], ...desired }, { zones: {}, ...live });
}

describe('geo service diff', () => {
  it('matches groups by name, compares countries and addresses as sets, lists linked and unlinked nodes', () => {
    const asia = { ...rest, name: 'Asia', countries: ['JP'] };
    const desired = web(
      [asia, { ...europe, countries: ['DE', 'FR', 'IT'], addresses: ['192.0.2.50', '192.0.2.51'] }],
      ['geo.a.test', 'new.a.test'],
    );
    const live = web([{ ...europe, countries: ['DE', 'FR', 'GB'] }, rest], ['geo.a.test', 'old.a.test']);
    const result = plan({ geoServices: [desired] }, { geoServices: [live] });
    expect(result.geoServices).toEqual([
      {
        action: 'update',
        name: 'Global Web',
        destructive: false,
        groups: [
          { action: 'create', name: 'Asia', before: null, after: desired.groups[0] },
          { action: 'update', name: 'Europe', before: live.groups[0], after: desired.groups[1] },
          { action: 'delete', name: 'Rest', before: rest, after: null },
        ],
        linked: [{ zone: 'a.test', fqdn: 'new.a.test' }],
        unlinked: [{ zone: 'a.test', fqdn: 'old.a.test' }],
      },
    ]);
    expect(result.steps).toEqual([
      {
        id: 'geo:Global Web',
        kind: 'geo',
        target: 'geo:Global Web',
        after: [],
        ops: [{ kind: 'update-geo', name: 'Global Web', groups: desired.groups, nodes: desired.nodes }],
      },
    ]);
    expect(renderPlanText(result, { color: false })).toBe(
      [
        'Geo services',
        '  ~ "Global Web" (1 API call)',
        '      + group Asia: countries JP; a 192.0.2.70',
        '      ~ group Europe: countries +IT, −GB; a +192.0.2.51',
        '      - group Rest: countries @@; a 192.0.2.70',
        '      + node new.a.test (zone a.test)',
        '      - node old.a.test (zone a.test)',
        '',
        'Geo services: 0 to create, 1 to update, 0 to delete.',
        '',
      ].join('\n'),
    );
  });

  it('sends only the field that changed, and nothing when the sets are equal in another order', () => {
    const nodesOnly = plan({ geoServices: [web(undefined, [])] }, { geoServices: [web()] });
    expect(nodesOnly.steps[0]?.ops).toEqual([{ kind: 'update-geo', name: 'Global Web', nodes: [] }]);
    expect(plan({ geoServices: [web()] }, { geoServices: [web()] }).steps).toEqual([]);
  });

  it('leaves unlisted services alone unless the section is managed as a whole, then deletes them (destructive)', () => {
    const other = { ...web(), name: 'Other' };
    expect(plan({ geoServices: [web()] }, { geoServices: [web(), other] }).steps).toEqual([]);
    const owned = plan(
      { geoServices: [web()], manage: { geoServices: 'all', secondaryZones: 'listed' } },
      { geoServices: [web(), other] },
    );
    expect(owned.geoServices?.map((g) => [g.action, g.name, g.destructive])).toEqual([
      ['delete', 'Other', true],
    ]);
    expect(owned.steps.flatMap((s) => s.ops)).toEqual([{ kind: 'delete-geo', name: 'Other' }]);
    expect(renderPlanText(owned, { color: false })).toContain(
      '- "Other" (1 API call) (destructive: deletes the service and its node links)',
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
    const result = plan(
      {
        secondaryZones: [
          want('a.test', ['198.51.100.1']),
          want('b.test', ['198.51.100.1', '198.51.100.3'], 'noc'),
          want('c.test', ['198.51.100.2', '198.51.100.9']),
        ],
        manage: { secondaryZones: 'all', geoServices: 'listed' },
      },
      {
        secondaryZones: [
          secondary('b.test', ['198.51.100.1', '198.51.100.2'], 'ops'),
          secondary('c.test', ['198.51.100.2', '198.51.100.9']),
          secondary('z.test', ['203.0.113.1']),
        ],
      },
    );
    expect(result.steps.map((s) => [s.id, s.after, s.ops])).toEqual([
      ['secondary:a.test', [], [{ kind: 'create-secondary', zone: 'a.test', masters: ['198.51.100.1'] }]],
      [
        'secondary:b.test',
        [],
        [
          {
            kind: 'update-secondary',
            zone: 'b.test',
            masters: ['198.51.100.1', '198.51.100.3'],
            contactNickname: 'noc',
          },
        ],
      ],
      ['secondary:z.test', [], [{ kind: 'delete-secondary', zone: 'z.test' }]],
    ]);
    expect(result.secondaryZones?.map((s) => [s.action, s.zone, s.destructive])).toEqual([
      ['create', 'a.test', false],
      ['update', 'b.test', false],
      ['delete', 'z.test', true],
    ]);
    expect(renderPlanText(result, { color: false }).split('\n').slice(0, 4)).toEqual([
      'Secondary zones',
      '  + a.test masters 198.51.100.1',
      '  ~ b.test masters +198.51.100.3, −198.51.100.2; contact ops→noc',
      '  - z.test masters 203.0.113.1 (destructive: deletes the zone)',
    ]);
  });

  it('leaves a live contact alone when the desired state sets none, and unlisted zones by default', () => {
    const result = plan(
      { secondaryZones: [want('b.test', ['198.51.100.1'])] },
      {
        secondaryZones: [secondary('b.test', ['198.51.100.1'], 'ops'), secondary('z.test', ['203.0.113.1'])],
      },
    );
    expect(result.steps).toEqual([]);
    expect(result).not.toHaveProperty('secondaryZones');
  });
});
