import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import { computePlan, PlanProblemsError } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const at = (line: number) => ({ file: 'zones.yaml', line, col: 3 });

function problems(desired: DesiredState, live: LiveDnsState): string[] {
  try {
    computePlan(desired, oneProviderLive(live), fakeProviders());
  } catch (error) {
    if (error instanceof PlanProblemsError) return error.message.split('\n');
    throw error;
  }
  return [];
}

describe('zone checks against the account', () => {
  it('says what a name is in the account when a primary zone is a live secondary, and the reverse', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [{ ...desiredZone('copied.test', { 'www.copied.test': [['192.0.2.1']] }), at: at(2) }],
      secondaryZones: [
        { zone: 'own.test', at: at(9), masters: ['192.0.2.53'], contactNickname: null, tsigKeyName: null },
      ],
    });
    const live: LiveDnsState = {
      zones: { 'copied.test': null },
      accountZones: [
        { zone: 'copied.test', type: 'secondary' },
        { zone: 'own.test', type: 'primary' },
      ],
      secondaryZones: [],
    };
    expect(problems(desired, live)).toEqual([
      'zones.yaml:2:3: EP1604 zone "copied.test" is a secondary zone in the account (its data is copied from master ' +
        'name servers), not a primary zone edgeplan can write records to; list it under secondary_zones, or ' +
        'delete the secondary zone first to manage it as a primary zone',
      'zones.yaml:9:3: EP1606 secondary zone "own.test" is a primary zone in the account (with records of its own); the ' +
        'service refuses a secondary zone of the same name: manage it under zones, or delete the primary zone ' +
        'first',
    ]);
    // Absent from the account: a zone to create, a secondary zone to create; no problem.
    expect(problems(desired, { ...live, accountZones: [] })).toEqual([]);
  });

  it('refuses to delete the live records of a zone no file gives records, and plans records: {} as written', () => {
    const live: LiveDnsState = {
      zones: {
        'a.test': liveZone('a.test', 1, {
          'www.a.test': [[1, '192.0.2.1', 3600]],
          'old.a.test': [[2, '192.0.2.2', 60]],
        }),
      },
    };
    const named: DesiredState = oneProviderDesired({
      zones: [{ ...desiredZone('a.test', {}), at: at(4), recordsGiven: false }],
    });
    expect(problems(named, live)).toEqual([
      'zones.yaml:4:3: EP1605 zone "a.test" has no records map in any file, but 2 managed record set(s) live: the plan ' +
        'would delete them all (was a records file not read?); write `records: {}` if that is meant',
    ]);
    const emptied: DesiredState = oneProviderDesired({
      zones: [{ ...desiredZone('a.test', {}), at: at(4) }],
    });
    expect(computePlan(emptied, oneProviderLive(live), fakeProviders()).summary.delete).toBe(2);
    // Unmanaged names do not count: nothing would be deleted.
    const unmanaged: DesiredState = oneProviderDesired({
      zones: [{ ...desiredZone('a.test', {}, { unmanaged: ['*', '@'] }), recordsGiven: false }],
    });
    expect(problems(unmanaged, live)).toEqual([]);
  });
});
