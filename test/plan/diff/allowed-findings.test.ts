import { describe, expect, it } from 'vitest';
import type { RecordSetChange } from '../../../src/model/change.js';
import type { DesiredZone } from '../../../src/model/dns.js';
import { allowedFindingProblems } from '../../../src/plan/diff/allowed-findings.js';
import { DYN } from '../../support/one-provider.js';

/**
 * A lint error `allow_lints` allows holds for the set as it is live: a plan that creates or changes the set refuses
 * it (plan/diff/allowed-findings.ts); deleting the set, or changing another, is no problem.
 */

const AT = { file: 'z.yaml', line: 4, col: 7 };
const zone: DesiredZone = {
  providers: [DYN],
  zone: 'example.com',
  defaultTtl: 300,
  records: [{ fqdn: 'a.example.com', type: 'CNAME', ttl: 300, values: ['b.example.com.'], at: AT }],
  unmanaged: [],
  allowedFindings: [{ fqdn: 'a.example.com', type: 'CNAME', lint: 'cname-loop', message: 'a loop' }],
};

const change = (action: RecordSetChange['action'], fqdn: string, type = 'CNAME'): RecordSetChange => ({
  address: { kind: 'record-set', zone: 'example.com', fqdn, type, provider: DYN },
  action,
  before: action === 'create' ? null : { ttl: 300, values: ['b.example.com.'] },
  after: action === 'delete' ? null : { ttl: 600, values: ['b.example.com.'] },
});

describe('allowedFindingProblems', () => {
  it('refuses a change or a creation of an allowed set, at the set, with the finding', () => {
    expect(allowedFindingProblems(zone, [change('update', 'a.example.com')])).toEqual([
      {
        ...AT,
        code: 'EP1610',
        message:
          'a.example.com CNAME: this plan changes the set, and allow_lints: [cname-loop] allows the finding only ' +
          'for the set as it is live: a loop',
      },
    ]);
    expect(allowedFindingProblems(zone, [change('create', 'a.example.com')])[0]?.message).toContain(
      'this plan creates the set',
    );
  });

  it('lets a plan delete the set, or change another set or type', () => {
    expect(allowedFindingProblems(zone, [change('delete', 'a.example.com')])).toEqual([]);
    expect(allowedFindingProblems(zone, [change('update', 'b.example.com')])).toEqual([]);
    expect(allowedFindingProblems(zone, [change('update', 'a.example.com', 'TXT')])).toEqual([]);
    expect(
      allowedFindingProblems({ ...zone, allowedFindings: undefined }, [change('update', 'a.example.com')]),
    ).toEqual([]);
  });
});
