import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import { computePlan, planHasChanges } from '../../../src/plan/index.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { FAKE_DNS, fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'example.com';

function planOne(desired: ReturnType<typeof desiredZone>, live: ReturnType<typeof liveZone> | null) {
  return computePlan(
    oneProviderDesired({ zones: [desired] }),
    oneProviderLive({ zones: { [desired.zone]: live } }),
    fakeProviders(),
  );
}

const set = (fqdn: string, type = 'A') =>
  ({ kind: 'record-set', zone: ZONE, provider: DYN, fqdn, type }) as const;

describe('computePlan: record set changes', () => {
  it('creates, updates and deletes, by fqdn then type', () => {
    const plan = planOne(
      desiredZone(ZONE, {
        'www.example.com': [['192.0.2.1', '192.0.2.3'], 60],
        'api.example.com': [['192.0.2.21', '192.0.2.20']],
        'example.com': [['192.0.2.1']],
      }),
      liveZone(ZONE, 41, {
        'www.example.com': [[11, '192.0.2.1', 300]],
        'zzz.example.com': [[12, '192.0.2.9', 300]],
        'old.example.com': [[13, '192.0.2.9', 300]],
        'example.com': [[14, '192.0.2.1', 3600]],
      }),
    );
    expect(plan.summary).toEqual({ create: 1, update: 1, delete: 2, zones: 1 });
    expect(plan.zones).toEqual([{ zone: ZONE, provider: DYN, serial: 41 }]);
    expect(plan.changes).toEqual([
      {
        address: set('api.example.com'),
        action: 'create',
        before: null,
        after: { ttl: 3600, values: ['192.0.2.20', '192.0.2.21'] },
      },
      {
        address: set('old.example.com'),
        action: 'delete',
        before: { ttl: 300, values: ['192.0.2.9'] },
        after: null,
      },
      {
        address: set('www.example.com'),
        action: 'update',
        before: { ttl: 300, values: ['192.0.2.1'] },
        after: { ttl: 60, values: ['192.0.2.1', '192.0.2.3'] },
      },
      {
        address: set('zzz.example.com'),
        action: 'delete',
        before: { ttl: 300, values: ['192.0.2.9'] },
        after: null,
      },
    ]);
  });

  it('compares values as sets, in the type’s order, and plans nothing when they match', () => {
    const plan = planOne(
      desiredZone(ZONE, {
        'www.example.com': [['192.0.2.10', '192.0.2.9'], 300],
        'example.com MX': [['20 b.example.net.', '10 a.example.net.'], 300],
      }),
      liveZone(ZONE, 1, {
        'www.example.com': [
          [2, '192.0.2.9', 300],
          [1, '192.0.2.10', 300],
        ],
        'example.com MX': [
          [3, '20 b.example.net.', 300],
          [4, '10 a.example.net.', 300],
        ],
      }),
    );
    expect(planHasChanges(plan)).toBe(false);
    expect(plan).toEqual({
      formatVersion: 2,
      summary: { create: 0, update: 0, delete: 0, zones: 0 },
      zones: [],
      changes: [],
      steps: [],
      implicitProvider: DYN,
    });
  });

  it('updates a set whose only change is its TTL (an update, never a delete and a create)', () => {
    const plan = planOne(
      desiredZone(ZONE, { 'www.example.com TXT': [['"v=spf1 -all"'], 60] }),
      liveZone(ZONE, 1, { 'www.example.com TXT': [[1, '"v=spf1 -all"', 300]] }),
    );
    expect(plan.changes).toEqual([
      {
        address: set('www.example.com', 'TXT'),
        action: 'update',
        before: { ttl: 300, values: ['"v=spf1 -all"'] },
        after: { ttl: 60, values: ['"v=spf1 -all"'] },
      },
    ]);
    expect(plan.summary).toEqual({ create: 0, update: 1, delete: 0, zones: 1 });
  });

  it('a type change at one name is the delete of one set and the create of another', () => {
    const plan = planOne(
      desiredZone(ZONE, { 'www.example.com CNAME': [['web.example.net.'], 300] }),
      liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]] }),
    );
    expect(plan.changes.map((c) => [c.action, c.address])).toEqual([
      ['delete', set('www.example.com', 'A')],
      ['create', set('www.example.com', 'CNAME')],
    ]);
    expect(plan.summary).toEqual({ create: 1, update: 0, delete: 1, zones: 1 });
  });

  it('diffs each type at a name on its own', () => {
    const plan = planOne(
      desiredZone(ZONE, {
        'example.com': [['192.0.2.1'], 300],
        'example.com MX': [['10 mail.example.com.'], 300],
        'example.com TXT': [['"v=spf1 mx -all"'], 300],
      }),
      liveZone(ZONE, 1, {
        'example.com': [[1, '192.0.2.1', 300]],
        'example.com MX': [[2, '10 old.example.com.', 300]],
      }),
    );
    expect(
      plan.changes.map((c) => `${c.action} ${c.address.kind === 'record-set' ? c.address.type : ''}`),
    ).toEqual(['update MX', 'create TXT']);
  });

  it('shows mixed live TTLs as the most common one (tie: smallest) and updates when any TTL differs', () => {
    const live = liveZone(ZONE, 1, {
      'a.example.com': [
        [1, '192.0.2.1', 300],
        [2, '192.0.2.2', 60],
        [3, '192.0.2.3', 300],
      ],
      'b.example.com': [
        [4, '192.0.2.1', 300],
        [5, '192.0.2.2', 60],
      ],
    });
    const plan = planOne(
      desiredZone(ZONE, {
        'a.example.com': [['192.0.2.1', '192.0.2.2', '192.0.2.3'], 300],
        'b.example.com': [['192.0.2.1', '192.0.2.2'], 300],
      }),
      live,
    );
    expect(plan.changes.map((c) => c.before)).toEqual([
      { ttl: 300, values: ['192.0.2.1', '192.0.2.2', '192.0.2.3'], mixedTtls: true },
      { ttl: 60, values: ['192.0.2.1', '192.0.2.2'], mixedTtls: true },
    ]);
    expect(plan.changes.every((c) => c.action === 'update')).toBe(true);
  });

  it('never deletes live names that match an unmanaged glob (case-insensitive, @ is the apex)', () => {
    const plan = planOne(
      desiredZone(ZONE, {}, { unmanaged: ['_acme-challenge*', '@', 'keep.*'] }),
      liveZone(ZONE, 1, {
        'example.com': [[1, '192.0.2.1', 300]],
        '_acme-challenge.www.example.com TXT': [[2, '"token"', 300]],
        'keep.me.example.com': [[3, '192.0.2.3', 300]],
        'gone.example.com': [[4, '192.0.2.4', 300]],
        'gone.example.com MX': [[5, '10 mail.example.com.', 300]],
      }),
    );
    expect(plan.changes.map((c) => [c.action, c.address])).toEqual([
      ['delete', set('gone.example.com', 'A')],
      ['delete', set('gone.example.com', 'MX')],
    ]);
  });

  it('skips a desired set at an unmanaged name too: unmanaged names are never touched', () => {
    const plan = planOne(
      desiredZone(
        ZONE,
        { 'www.example.com': [['192.0.2.2'], 300], 'new.example.com TXT': [['"x"'], 300] },
        { unmanaged: ['www', 'NEW'] },
      ),
      liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]] }),
    );
    expect(planHasChanges(plan)).toBe(false);
  });

  it('never touches live sets of a type edgeplan does not manage, nor plans desired ones', () => {
    const plan = planOne(
      desiredZone(ZONE, {
        'www.example.com AFSDB': [['1 afs.example.com.']],
      }),
      liveZone(ZONE, 1, { 'old.example.com AFSDB': [[1, '1 afs.example.com.', 300]] }, [
        'legacy.example.com KX',
      ]),
    );
    expect(planHasChanges(plan)).toBe(false);
  });

  it('ignores live sets outside the zone', () => {
    const plan = planOne(
      desiredZone(ZONE, {}),
      liveZone(ZONE, 1, {
        'www.example.org': [[1, '192.0.2.1', 300]],
        'notexample.com': [[2, '192.0.2.1', 300]],
      }),
    );
    expect(planHasChanges(plan)).toBe(false);
  });

  it('merges a set listed twice and ignores sets without records', () => {
    const live = liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]], 'e.example.com': [] });
    live.records.push({
      fqdn: 'www.example.com',
      type: 'A',
      records: [{ ref: '2', value: '192.0.2.2', ttl: 300 }],
    });
    const plan = planOne(desiredZone(ZONE, { 'www.example.com': [['192.0.2.1', '192.0.2.2'], 300] }), live);
    expect(planHasChanges(plan)).toBe(false);
  });
});

describe('computePlan: what the DNS provider compiles', () => {
  it('hands compileZone exactly the changed sets, by fqdn then type, with their live records (by value, then ref)', () => {
    const providers = fakeProviders();
    const desired = desiredZone(ZONE, {
      'www.example.com': [['192.0.2.1', '192.0.2.2'], 300],
      'example.com MX': [['10 a.example.com.', '20 b.example.com.'], 300],
      'same.example.com': [['192.0.2.5'], 300],
    });
    const live = liveZone(ZONE, 7, {
      'www.example.com': [
        [22, '192.0.2.9', 300],
        [21, '192.0.2.1', 300],
        [20, '192.0.2.1', 60],
      ],
      'same.example.com': [[30, '192.0.2.5', 300]],
      'old.example.com TXT': [[40, '"gone"', 300]],
    });
    const plan = computePlan(
      oneProviderDesired({ zones: [desired] }),
      oneProviderLive({ zones: { [ZONE]: live } }),
      providers,
    );
    expect(providers.calls.zones).toHaveLength(1);
    const [input] = providers.calls.zones;
    expect(input?.zone).toBe(ZONE);
    expect(input?.create).toBeNull();
    expect(input?.sets.map(({ change, live: records }) => [change.action, change.address, records])).toEqual([
      ['create', set('example.com', 'MX'), []],
      ['delete', set('old.example.com', 'TXT'), [{ value: '"gone"', ttl: 300, ref: '40' }]],
      [
        'update',
        set('www.example.com', 'A'),
        [
          { value: '192.0.2.1', ttl: 60, ref: '20' },
          { value: '192.0.2.1', ttl: 300, ref: '21' },
          { value: '192.0.2.9', ttl: 300, ref: '22' },
        ],
      ],
    ]);
    expect(input?.sets.map((s) => s.change)).toEqual(plan.changes);
    expect(plan.steps).toEqual([
      {
        id: 'zone:example.com',
        kind: 'zone',
        provider: FAKE_DNS,
        target: { kind: 'zone', name: ZONE, provider: DYN },
        after: [],
        ops: [
          {
            kind: 'create-set',
            zone: ZONE,
            fqdn: 'example.com',
            type: 'MX',
            ttl: 300,
            values: ['10 a.example.com.', '20 b.example.com.'],
            refs: [],
          },
          { kind: 'delete-set', zone: ZONE, fqdn: 'old.example.com', type: 'TXT', refs: ['40'] },
          {
            kind: 'update-set',
            zone: ZONE,
            fqdn: 'www.example.com',
            type: 'A',
            ttl: 300,
            values: ['192.0.2.1', '192.0.2.2'],
            refs: ['20', '21', '22'],
          },
          { kind: 'publish', zone: ZONE },
        ],
      },
    ]);
  });

  it('needs a DNS provider only when a DNS target changes', () => {
    const desired = desiredZone(ZONE, { 'www.example.com': [['192.0.2.1'], 300] });
    const same = liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]] });
    expect(
      planHasChanges(
        computePlan(oneProviderDesired({ zones: [desired] }), oneProviderLive({ zones: { [ZONE]: same } })),
      ),
    ).toBe(false);
    expect(() =>
      computePlan(oneProviderDesired({ zones: [desired] }), oneProviderLive({ zones: { [ZONE]: null } })),
    ).toThrow(/no DNS provider/);
  });
});

describe('computePlan: zones', () => {
  it('creates an absent zone: serial null, a zone create first, every set a create', () => {
    const providers = fakeProviders();
    const plan = computePlan(
      oneProviderDesired({
        zones: [
          desiredZone('new.example.org', { 'new.example.org': [['198.51.100.7']] }, { defaultTtl: 1800 }),
        ],
      }),
      oneProviderLive({ zones: { 'new.example.org': null } }),
      providers,
    );
    const create = { rname: 'hostmaster@new.example.org', ttl: 1800, serialStyle: 'increment' };
    expect(plan.zones).toEqual([{ zone: 'new.example.org', provider: DYN, serial: null }]);
    expect(plan.changes).toEqual([
      {
        address: { kind: 'zone', zone: 'new.example.org', provider: DYN },
        action: 'create',
        before: null,
        after: create,
      },
      {
        address: {
          kind: 'record-set',
          zone: 'new.example.org',
          provider: DYN,
          fqdn: 'new.example.org',
          type: 'A',
        },
        action: 'create',
        before: null,
        after: { ttl: 1800, values: ['198.51.100.7'] },
      },
    ]);
    expect(providers.calls.zones[0]?.create).toEqual(create);
    expect(plan.steps.map((s) => [s.id, s.ops.map((op) => op.kind)])).toEqual([
      ['zone:new.example.org', ['create-zone', 'create-set', 'publish']],
    ]);
  });

  it('creates an absent zone even when it has no records', () => {
    const plan = planOne(desiredZone('empty.example', {}), null);
    expect(plan.steps[0]?.ops.map((op) => op.kind)).toEqual(['create-zone', 'publish']);
    expect(plan.summary).toEqual({ create: 1, update: 0, delete: 0, zones: 1 });
  });

  it('leaves out zones without changes, sorts zones, and never reads live zones that are not desired', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        desiredZone('b.example', { 'b.example': [['192.0.2.1']] }),
        desiredZone('a.example', { 'a.example': [['192.0.2.1']] }),
        desiredZone('same.example', { 'same.example': [['192.0.2.1'], 300] }),
      ],
    });
    const live: LiveDnsState = {
      zones: {
        'b.example': null,
        'a.example': null,
        'same.example': liveZone('same.example', 7, { 'same.example': [[1, '192.0.2.1', 300]] }),
        'other.example': liveZone('other.example', 3, { 'x.other.example': [[5, '192.0.2.5', 60]] }),
      },
    };
    const plan = computePlan(desired, oneProviderLive(live), fakeProviders());
    expect(plan.zones.map((z) => z.zone)).toEqual(['a.example', 'b.example']);
    expect(plan.steps.map((s) => s.id)).toEqual(['zone:a.example', 'zone:b.example']);
    expect(plan.summary).toEqual({ create: 4, update: 0, delete: 0, zones: 2 });
  });

  it('refuses a desired zone that has no entry in the live state (it was not read)', () => {
    expect(() =>
      computePlan(oneProviderDesired({ zones: [desiredZone(ZONE, {})] }), oneProviderLive({ zones: {} })),
    ).toThrow(/no entry for zone/);
  });
});
