import { describe, expect, it } from 'vitest';
import { isChangeOf } from '../../../src/plan/diff/change-kinds.js';
import { computePlan, planHasChanges } from '../../../src/plan/index.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'example.com';

function planOne(desired: ReturnType<typeof desiredZone>, live: ReturnType<typeof liveZone> | null) {
  return computePlan(
    oneProviderDesired({ zones: [desired] }),
    oneProviderLive({ zones: { [desired.zone]: live } }),
    fakeProviders(),
  );
}

function recordChanges(plan: ReturnType<typeof planOne>) {
  return plan.changes.filter((change) => isChangeOf(change, 'record-set'));
}

const set = (fqdn: string, type = 'A') =>
  ({ kind: 'record-set', zone: ZONE, provider: DYN, fqdn, type }) as const;

describe('computePlan: a zone shared with other tools', () => {
  it('changes the TXT edgeplan manages beside an A another tool owns at the same name, and leaves the A', () => {
    const plan = planOne(
      desiredZone(
        ZONE,
        { 'app.example.com TXT': [['"owner=platform"'], 300] },
        {
          unmanaged: [{ name: 'app', types: ['A', 'AAAA'] }],
        },
      ),
      liveZone(ZONE, 7, {
        'app.example.com': [[1, '192.0.2.1', 60]],
        'app.example.com AAAA': [[2, '2001:db8::1', 60]],
        'app.example.com TXT': [[3, '"owner=old"', 300]],
      }),
    );
    expect(plan.changes).toEqual([
      {
        address: set('app.example.com', 'TXT'),
        action: 'update',
        before: { ttl: 300, values: ['"owner=old"'] },
        after: { ttl: 300, values: ['"owner=platform"'] },
      },
    ]);
  });

  it('deletes a type an entry does not cover at a shared name', () => {
    const plan = planOne(
      desiredZone(ZONE, {}, { unmanaged: [{ name: 'app', types: ['A'] }] }),
      liveZone(ZONE, 7, {
        'app.example.com': [[1, '192.0.2.1', 60]],
        'app.example.com AAAA': [[2, '2001:db8::1', 60]],
      }),
    );
    expect(plan.changes.map((change) => [change.action, change.address])).toEqual([
      ['delete', set('app.example.com', 'AAAA')],
    ]);
  });

  it('carries the values a value glob matches into what it writes, and shows them as kept', () => {
    const plan = planOne(
      desiredZone(
        ZONE,
        { 'example.com TXT': [['"v=spf1 -all"'], 300] },
        {
          unmanaged: [{ name: '@', types: ['TXT'], value: 'google-site-verification=*' }],
        },
      ),
      liveZone(ZONE, 7, {
        'example.com TXT': [
          [1, '"google-site-verification=abc"', 3600],
          [2, '"v=spf1 include:old -all"', 3600],
        ],
      }),
    );
    expect(recordChanges(plan)).toEqual([
      {
        address: set('example.com', 'TXT'),
        action: 'update',
        before: { ttl: 3600, values: ['"google-site-verification=abc"', '"v=spf1 include:old -all"'] },
        after: { ttl: 300, values: ['"google-site-verification=abc"', '"v=spf1 -all"'] },
        kept: ['"google-site-verification=abc"'],
      },
    ]);
  });

  it('plans nothing when only kept values differ, and keeps them when edgeplan no longer declares the set', () => {
    const entry = { name: '_acme-challenge*', types: ['TXT'], value: '*' };
    const same = planOne(
      desiredZone(ZONE, {}, { unmanaged: [entry] }),
      liveZone(ZONE, 7, { '_acme-challenge.example.com TXT': [[1, '"token-1"', 60]] }),
    );
    expect(planHasChanges(same)).toBe(false);

    const partly = planOne(
      desiredZone(ZONE, {}, { unmanaged: [{ name: 'mx', types: ['MX'], value: '10 *' }] }),
      liveZone(ZONE, 7, {
        'mx.example.com MX': [
          [1, '10 mail.other.example.', 600],
          [2, '20 backup.example.com.', 600],
        ],
      }),
    );
    expect(recordChanges(partly)).toEqual([
      {
        address: set('mx.example.com', 'MX'),
        action: 'update',
        before: { ttl: 600, values: ['10 mail.other.example.', '20 backup.example.com.'] },
        after: { ttl: 600, values: ['10 mail.other.example.'] },
        kept: ['10 mail.other.example.'],
      },
    ]);
  });

  it('creates a desired set next to nothing, and gives the provider the kept records to write around', () => {
    const plan = planOne(
      desiredZone(
        ZONE,
        { 'www.example.com': [['192.0.2.2'], 300] },
        {
          unmanaged: [{ name: 'www', value: '198.51.100.*' }],
        },
      ),
      liveZone(ZONE, 7, { 'www.example.com': [[1, '198.51.100.7', 300]] }),
    );
    expect(recordChanges(plan)).toEqual([
      {
        address: set('www.example.com'),
        action: 'update',
        before: { ttl: 300, values: ['198.51.100.7'] },
        after: { ttl: 300, values: ['192.0.2.2', '198.51.100.7'] },
        kept: ['198.51.100.7'],
      },
    ]);
  });
});

describe('computePlan: manage: declared', () => {
  const live = liveZone(ZONE, 3, {
    'www.example.com': [[1, '192.0.2.1', 300]],
    'other.example.com': [[2, '192.0.2.9', 300]],
    'old.example.com': [[3, '192.0.2.8', 300]],
    'old.example.com TXT': [[4, '"x"', 300]],
    'gone.example.com MX': [[5, '10 mail.example.com.', 300]],
  });

  it('changes only the sets the YAML names and deletes only what absent lists', () => {
    const desired = {
      ...desiredZone(ZONE, {
        'www.example.com': [['192.0.2.2'], 300],
        'new.example.com': [['192.0.2.3'], 300],
      }),
      manage: 'declared' as const,
      absent: [{ fqdn: 'gone.example.com' }, { fqdn: 'old.example.com', type: 'TXT' }],
    };
    const plan = planOne(desired, live);
    expect(plan.changes.map((change) => [change.action, change.address])).toEqual([
      ['delete', set('gone.example.com', 'MX')],
      ['create', set('new.example.com')],
      ['delete', set('old.example.com', 'TXT')],
      ['update', set('www.example.com')],
    ]);
    expect(plan.zones).toEqual([{ zone: ZONE, provider: DYN, serial: 3, manage: 'declared' }]);
  });

  it('plans nothing for a declared zone whose named sets match, whatever else is live', () => {
    const desired = {
      ...desiredZone(ZONE, { 'www.example.com': [['192.0.2.1'], 300] }),
      manage: 'declared' as const,
      absent: [{ fqdn: 'missing.example.com' }],
    };
    expect(planHasChanges(planOne(desired, live))).toBe(false);
  });
});
