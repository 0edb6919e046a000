import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../src/model/dns.js';
import { computePlan, planHasChanges } from '../../src/plan/index.js';
import { desiredZone, liveZone } from './helpers/builders.js';

const ZONE = 'example.com';

function planOne(desired: ReturnType<typeof desiredZone>, live: ReturnType<typeof liveZone> | null) {
  return computePlan({ zones: [desired] }, { zones: { [desired.zone]: live } });
}

describe('computePlan: record set changes', () => {
  it('creates, updates and deletes, deletes first, each group by fqdn', () => {
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
    expect(plan.zones[0]?.changes).toEqual([
      {
        action: 'delete',
        key: 'old.example.com A',
        fqdn: 'old.example.com',
        type: 'A',
        before: { ttl: 300, addresses: ['192.0.2.9'] },
        after: null,
      },
      {
        action: 'delete',
        key: 'zzz.example.com A',
        fqdn: 'zzz.example.com',
        type: 'A',
        before: { ttl: 300, addresses: ['192.0.2.9'] },
        after: null,
      },
      {
        action: 'create',
        key: 'api.example.com A',
        fqdn: 'api.example.com',
        type: 'A',
        before: null,
        after: { ttl: 3600, addresses: ['192.0.2.20', '192.0.2.21'] },
      },
      {
        action: 'update',
        key: 'www.example.com A',
        fqdn: 'www.example.com',
        type: 'A',
        before: { ttl: 300, addresses: ['192.0.2.1'] },
        after: { ttl: 60, addresses: ['192.0.2.1', '192.0.2.3'] },
      },
    ]);
    expect(plan.zones[0]?.serial).toBe(41);
    expect(plan.zones[0]?.createZone).toBe(false);
  });

  it('compares addresses as sets, in numeric order', () => {
    const plan = planOne(
      desiredZone(ZONE, { 'www.example.com': [['192.0.2.10', '192.0.2.9'], 300] }),
      liveZone(ZONE, 1, {
        'www.example.com': [
          [2, '192.0.2.9', 300],
          [1, '192.0.2.10', 300],
        ],
      }),
    );
    expect(planHasChanges(plan)).toBe(false);
    expect(plan).toEqual({
      formatVersion: 1,
      summary: { create: 0, update: 0, delete: 0, zones: 0 },
      zones: [],
      steps: [],
    });
  });

  it('updates a set whose only change is its TTL', () => {
    const plan = planOne(
      desiredZone(ZONE, { 'www.example.com': [['192.0.2.1'], 60] }),
      liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]] }),
    );
    expect(plan.zones[0]?.changes[0]).toMatchObject({
      action: 'update',
      before: { ttl: 300, addresses: ['192.0.2.1'] },
      after: { ttl: 60, addresses: ['192.0.2.1'] },
    });
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
    expect(plan.zones[0]?.changes.map((c) => c.before)).toEqual([
      { ttl: 300, addresses: ['192.0.2.1', '192.0.2.2', '192.0.2.3'], mixedTtls: true },
      { ttl: 60, addresses: ['192.0.2.1', '192.0.2.2'], mixedTtls: true },
    ]);
    expect(plan.zones[0]?.changes.every((c) => c.action === 'update')).toBe(true);
  });

  it('never deletes live names that match an unmanaged glob (case-insensitive, @ is the apex)', () => {
    const plan = planOne(
      desiredZone(ZONE, {}, { unmanaged: ['_acme-challenge*', '@', 'keep.*'] }),
      liveZone(ZONE, 1, {
        'example.com': [[1, '192.0.2.1', 300]],
        '_acme-challenge.www.example.com': [[2, '192.0.2.2', 300]],
        'keep.me.example.com': [[3, '192.0.2.3', 300]],
        'gone.example.com': [[4, '192.0.2.4', 300]],
      }),
    );
    expect(plan.zones[0]?.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['delete gone.example.com A']);
  });

  it('skips a desired set at an unmanaged name too: unmanaged names are never touched', () => {
    const plan = planOne(
      desiredZone(
        ZONE,
        { 'www.example.com': [['192.0.2.2'], 300], 'new.example.com': [['192.0.2.3'], 300] },
        {
          unmanaged: ['www', 'NEW'],
        },
      ),
      liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]] }),
    );
    expect(planHasChanges(plan)).toBe(false);
  });

  it('ignores live nodes outside the zone', () => {
    const plan = planOne(
      desiredZone(ZONE, {}),
      liveZone(ZONE, 1, {
        'www.example.org': [[1, '192.0.2.1', 300]],
        'notexample.com': [[2, '192.0.2.1', 300]],
      }),
    );
    expect(planHasChanges(plan)).toBe(false);
  });

  it('merges a node listed twice and ignores nodes without records', () => {
    const live = liveZone(ZONE, 1, { 'www.example.com': [[1, '192.0.2.1', 300]], 'e.example.com': [] });
    live.nodes.push({ fqdn: 'www.example.com', records: [{ recordId: 2, address: '192.0.2.2', ttl: 300 }] });
    const plan = planOne(desiredZone(ZONE, { 'www.example.com': [['192.0.2.1', '192.0.2.2'], 300] }), live);
    expect(planHasChanges(plan)).toBe(false);
  });
});

describe('computePlan: zones', () => {
  it('creates an absent zone: serial null, every set a create, create-zone op first', () => {
    const plan = planOne(
      desiredZone('new.example.org', { 'new.example.org': [['198.51.100.7']] }, { defaultTtl: 1800 }),
      null,
    );
    expect(plan.zones).toEqual([
      {
        zone: 'new.example.org',
        createZone: true,
        serial: null,
        changes: [
          {
            action: 'create',
            key: 'new.example.org A',
            fqdn: 'new.example.org',
            type: 'A',
            before: null,
            after: { ttl: 1800, addresses: ['198.51.100.7'] },
          },
        ],
      },
    ]);
    expect(plan.steps).toEqual([
      {
        id: 'zone:new.example.org',
        kind: 'zone',
        target: 'zone:new.example.org',
        after: [],
        ops: [
          {
            kind: 'create-zone',
            zone: 'new.example.org',
            rname: 'hostmaster@new.example.org',
            ttl: 1800,
            serialStyle: 'increment',
          },
          {
            kind: 'add-record',
            zone: 'new.example.org',
            fqdn: 'new.example.org',
            address: '198.51.100.7',
            ttl: 1800,
          },
          { kind: 'publish', zone: 'new.example.org' },
        ],
      },
    ]);
  });

  it('creates an absent zone even when it has no records', () => {
    const plan = planOne(desiredZone('empty.example', {}), null);
    expect(plan.steps[0]?.ops.map((op) => op.kind)).toEqual(['create-zone', 'publish']);
    expect(plan.summary).toEqual({ create: 0, update: 0, delete: 0, zones: 1 });
  });

  it('leaves out zones without changes, sorts zones, and never reads live zones that are not desired', () => {
    const desired: DesiredState = {
      zones: [
        desiredZone('b.example', { 'b.example': [['192.0.2.1']] }),
        desiredZone('a.example', { 'a.example': [['192.0.2.1']] }),
        desiredZone('same.example', { 'same.example': [['192.0.2.1'], 300] }),
      ],
    };
    const live: LiveDnsState = {
      zones: {
        'b.example': null,
        'a.example': null,
        'same.example': liveZone('same.example', 7, { 'same.example': [[1, '192.0.2.1', 300]] }),
        'other.example': liveZone('other.example', 3, { 'x.other.example': [[5, '192.0.2.5', 60]] }),
      },
    };
    const plan = computePlan(desired, live);
    expect(plan.zones.map((z) => z.zone)).toEqual(['a.example', 'b.example']);
    expect(plan.summary).toEqual({ create: 2, update: 0, delete: 0, zones: 2 });
  });

  it('refuses a desired zone that has no entry in the live state (it was not read)', () => {
    expect(() => computePlan({ zones: [desiredZone(ZONE, {})] }, { zones: {} })).toThrow(/no entry for zone/);
  });
});
