import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import type { DesiredState, DesiredZone, LiveDnsState, LiveZone } from '../../../src/model/dns.js';
import { zoneProblems } from '../../../src/plan/diff/zone-checks.js';
import { oneProviderDesired } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';

/** zoneProblems on its own: when a zone without a records map is refused, and when the account's list is. */

const at = { file: 'zones.yaml', line: 4, col: 3 };

function check(desired: DesiredState, live: LiveDnsState): string[] {
  const zones = desired.zones.map((zone) => ({ desired: zone, live: live.zones[zone.zone] ?? null }));
  return zoneProblems(desired, zones, live).map((p) => p.message);
}

const noRecordsMap = (zone: string): DesiredZone => ({ ...desiredZone(zone, {}), at, recordsGiven: false });

describe('zoneProblems: a zone no file gives a records map', () => {
  it('is no problem when the zone does not exist yet: there is nothing to delete', () => {
    expect(
      check(oneProviderDesired({ zones: [noRecordsMap('new.test')] }), { zones: { 'new.test': null } }),
    ).toEqual([]);
  });

  it('counts only live sets that hold records: an empty set is no set', () => {
    const live: LiveZone = {
      ...liveZone('a.test', 1, {}),
      records: [{ fqdn: 'www.a.test', type: 'A', records: [] }],
    };
    expect(
      check(oneProviderDesired({ zones: [noRecordsMap('a.test')] }), { zones: { 'a.test': live } }),
    ).toEqual([]);
    const one = liveZone('a.test', 1, { 'www.a.test': [[1, '192.0.2.1', 300]] });
    expect(
      check(oneProviderDesired({ zones: [noRecordsMap('a.test')] }), { zones: { 'a.test': one } }),
    ).toEqual([
      'zone "a.test" has no records map in any file, but 1 managed record set(s) live: the plan would delete ' +
        'them all (was a records file not read?); write `records: {}` if that is meant',
    ]);
  });
});

describe('zoneProblems: what the account says a name is', () => {
  it('calls a zone a secondary zone only when no primary zone of that name was read', () => {
    const desired: DesiredState = oneProviderDesired({ zones: [{ ...desiredZone('a.test', {}), at }] });
    const accountZones = [{ zone: 'a.test', type: 'secondary' as const }];
    expect(check(desired, { zones: { 'a.test': liveZone('a.test', 1, {}) }, accountZones })).toEqual([]);
    expect(check(desired, { zones: { 'a.test': null }, accountZones })).toHaveLength(1);
  });
});

describe('zoneProblems: zones built in code', () => {
  it('reports a zone or secondary zone without a position at the desired state as a whole', () => {
    const zone = desiredZone('a.test', {});
    const desired: DesiredState = oneProviderDesired({
      zones: [zone],
      secondaryZones: [{ zone: 'b.test', masters: ['192.0.2.53'], contactNickname: null, tsigKeyName: null }],
    });
    const live: LiveDnsState = {
      zones: { 'a.test': null },
      accountZones: [
        { zone: 'a.test', type: 'secondary' },
        { zone: 'b.test', type: 'primary' },
      ],
    };
    expect(zoneProblems(desired, [{ desired: zone, live: null }], live).map(formatDiagnostic)).toEqual([
      expect.stringMatching(/^<desired state>:0:0: EP1604 zone "a\.test" is a secondary zone in the account/),
      expect.stringMatching(
        /^<desired state>:0:0: EP1606 secondary zone "b\.test" is a primary zone in the account/,
      ),
    ]);
  });
});
