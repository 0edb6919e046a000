import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import { DEFAULT_SAFETY } from '../../../src/model/safety.js';
import { computePlan, planApprovals } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

type Sets = Record<string, [number | string, string, number][]>;

/** The delegation `lab` to a name server inside it, and its glue, as they are live. */
const DELEGATED: Sets = {
  'lab.example.com NS': [['ns', 'ns1.lab.example.com.', 3600]],
  'ns1.lab.example.com': [['glue', '192.0.2.53', 3600]],
  'www.example.com': [['www', '192.0.2.80', 3600]],
};

/** The approvals of the plan from `live` to `desired` (with `unmanaged` globs) in zone example.com, as text. */
function approvals(
  live: Sets,
  desired: Record<string, [string[], number?]>,
  unmanaged: string[],
  safety = DEFAULT_SAFETY,
): string[] {
  const state = { zones: { 'example.com': liveZone('example.com', 1, live) } };
  const want: DesiredState = oneProviderDesired({
    zones: [desiredZone('example.com', desired, { unmanaged })],
    safety,
  });
  return planApprovals(
    computePlan(want, oneProviderLive(state), fakeProviders()),
    want,
    oneProviderLive(state),
  ).map((a) => `${a.target.kind}:${a.target.name} ${a.rule}: ${a.message}`);
}

const HELD =
  'zone:example.com delegation-glue: leaves a name server inside its delegation without glue, the address ' +
  'resolvers can learn only from this zone: ns1.lab.example.com (delegation lab.example.com)';

describe('delegation-glue safety rule', () => {
  it('holds a plan that deletes the glue of a delegation that stays (kept live under unmanaged)', () => {
    const www = { 'www.example.com': [['192.0.2.80']] } satisfies Record<string, [string[]]>;
    expect(approvals(DELEGATED, www, ['lab'])).toEqual([HELD]);
    // Keeping the glue, or changing its address, leaves the delegation resolvable.
    expect(approvals(DELEGATED, { ...www, 'ns1.lab.example.com': [['192.0.2.53']] }, ['lab'])).toEqual([]);
    expect(approvals(DELEGATED, { ...www, 'ns1.lab.example.com': [['192.0.2.99']] }, ['lab'])).toEqual([]);
    // An AAAA is glue as well as an A: replacing one by the other keeps an address.
    expect(approvals(DELEGATED, { ...www, 'ns1.lab.example.com AAAA': [['2001:db8::53']] }, ['lab'])).toEqual(
      [],
    );
  });

  it('holds a plan that creates a delegation to a name server whose address no one gives', () => {
    const live: Sets = { 'www.example.com': [['www', '192.0.2.80', 3600]] };
    const delegation = { 'lab.example.com NS': [['ns1.lab.example.com.']] } satisfies Record<
      string,
      [string[]]
    >;
    expect(approvals(live, delegation, ['ns1.lab'])).toEqual([HELD]);
    // Its glue live (another tool keeps it) is glue all the same.
    const glued: Sets = { ...live, 'ns1.lab.example.com': [['glue', '192.0.2.53', 3600]] };
    expect(approvals(glued, delegation, ['ns1.lab'])).toEqual([]);
  });

  it('holds a delegation changed to a new in-bailiwick server without glue, naming each server once', () => {
    const changed = {
      'lab.example.com NS': [['ns1.lab.example.com.', 'ns2.lab.example.com.', 'ns3.lab.example.com.']],
      'ns1.lab.example.com': [['192.0.2.53']],
    } satisfies Record<string, [string[]]>;
    expect(approvals(DELEGATED, changed, ['ns2.lab', 'ns3.lab', 'www'])).toEqual([
      'zone:example.com delegation-glue: leaves 2 name servers inside their delegation without glue, the ' +
        'address resolvers can learn only from this zone: ns2.lab.example.com (delegation lab.example.com), ' +
        'ns3.lab.example.com (delegation lab.example.com)',
    ]);
  });

  it('lets the delegation go with its glue, and name servers outside the delegation need none', () => {
    expect(approvals(DELEGATED, { 'www.example.com': [['192.0.2.80']] }, [])).toEqual([]);
    const outside = { 'lab.example.com NS': [['ns1.example.net.', 'ns.example.com.']] } satisfies Record<
      string,
      [string[]]
    >;
    expect(approvals({}, outside, [])).toEqual([]);
  });

  it('holds back nothing for glue that was missing before the plan', () => {
    const lacking: Sets = {
      'lab.example.com NS': [['ns', 'ns1.lab.example.com.', 3600]],
      'www.example.com': [['www', '192.0.2.80', 3600]],
    };
    expect(approvals(lacking, { 'www.example.com': [['192.0.2.81']] }, ['lab', 'ns1.lab'])).toEqual([]);
  });

  it('looks at a zone the plan creates as empty before it', () => {
    const want: DesiredState = oneProviderDesired({
      zones: [
        {
          ...desiredZone(
            'new.example',
            { 'lab.new.example NS': [['ns1.lab.new.example.']] },
            {
              unmanaged: ['ns1.lab'],
            },
          ),
          create: { contact: 'dns@example.net' },
        },
      ],
    });
    const live = { zones: { 'new.example': null } };
    expect(
      planApprovals(computePlan(want, oneProviderLive(live), fakeProviders()), want, oneProviderLive(live)),
    ).toEqual([
      {
        target: { kind: 'zone', name: 'new.example', provider: 'dyn' },
        rule: 'delegation-glue',
        message:
          'leaves a name server inside its delegation without glue, the address resolvers can learn only from ' +
          'this zone: ns1.lab.new.example (delegation lab.new.example)',
      },
    ]);
  });

  it('is on by default and can be turned off', () => {
    expect(DEFAULT_SAFETY.delegationGlue).toBe(true);
    const off = { ...DEFAULT_SAFETY, delegationGlue: false };
    expect(approvals(DELEGATED, { 'www.example.com': [['192.0.2.80']] }, ['lab'], off)).toEqual([]);
  });
});
