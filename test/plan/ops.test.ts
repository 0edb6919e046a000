import { describe, expect, it } from 'vitest';
import type { PlanOp } from '../../src/plan/index.js';
import { computePlan } from '../../src/plan/index.js';
import { desiredZone, liveZone } from './helpers/builders.js';
import { simulateApply } from './helpers/simulate-apply.js';

const ZONE = 'example.com';
const z = { zone: ZONE };

function opsOf(desired: ReturnType<typeof desiredZone>, live: ReturnType<typeof liveZone> | null): PlanOp[] {
  return computePlan({ zones: [desired] }, { zones: { [ZONE]: live } }).steps[0]?.ops ?? [];
}

describe('op generation', () => {
  it('rewrites a record in place when one address replaces another: one update-record', () => {
    const ops = opsOf(
      desiredZone(ZONE, { 'www.example.com': [['192.0.2.1', '192.0.2.4'], 60] }),
      liveZone(ZONE, 1, {
        'www.example.com': [
          [2, '192.0.2.9', 60],
          [1, '192.0.2.1', 60],
        ],
      }),
    );
    expect(ops).toEqual([
      { kind: 'update-record', ...z, fqdn: 'www.example.com', recordId: 2, address: '192.0.2.4', ttl: 60 },
      { kind: 'publish', ...z },
    ]);
  });

  it('replaces a set that would take more than one per-record op with one replace-records', () => {
    const ops = opsOf(
      desiredZone(ZONE, { 'www.example.com': [['192.0.2.4', '192.0.2.1', '192.0.2.3'], 60] }),
      liveZone(ZONE, 1, {
        'www.example.com': [
          [4, '192.0.2.10', 300],
          [3, '192.0.2.9', 300],
          [2, '192.0.2.5', 300],
          [1, '192.0.2.1', 300],
        ],
      }),
    );
    expect(ops).toEqual([
      {
        kind: 'replace-records',
        ...z,
        fqdn: 'www.example.com',
        addresses: ['192.0.2.1', '192.0.2.3', '192.0.2.4'],
        ttl: 60,
      },
      { kind: 'publish', ...z },
    ]);
  });

  it('runs every delete of the zone first, then writes by fqdn, then exactly one publish', () => {
    const ops = opsOf(
      desiredZone(ZONE, {
        'new.example.com': [['192.0.2.2', '192.0.2.1'], 300],
        'www.example.com': [['192.0.2.1'], 300],
        'zzz.example.com': [['192.0.2.1', '192.0.2.2', '192.0.2.3'], 300],
      }),
      liveZone(ZONE, 1, {
        'aaa.example.com': [
          [10, '192.0.2.1', 300],
          [11, '192.0.2.2', 300],
        ],
        'www.example.com': [
          [20, '192.0.2.1', 300],
          [21, '192.0.2.2', 300],
        ],
        'zzz.example.com': [[30, '192.0.2.9', 300]],
      }),
    );
    const replace = (fqdn: string, addresses: string[]) =>
      ({ kind: 'replace-records', ...z, fqdn, addresses, ttl: 300 }) as const;
    expect(ops).toEqual([
      { kind: 'delete-records', ...z, fqdn: 'aaa.example.com' },
      { kind: 'delete-record', ...z, fqdn: 'www.example.com', recordId: 21 },
      replace('new.example.com', ['192.0.2.1', '192.0.2.2']),
      replace('zzz.example.com', ['192.0.2.1', '192.0.2.2', '192.0.2.3']),
      { kind: 'publish', ...z },
    ]);
  });

  it('updates only the TTL of kept addresses whose TTL differs', () => {
    const ops = opsOf(
      desiredZone(ZONE, { 'www.example.com': [['192.0.2.1', '192.0.2.2'], 300] }),
      liveZone(ZONE, 1, {
        'www.example.com': [
          [1, '192.0.2.1', 300],
          [2, '192.0.2.2', 60],
        ],
      }),
    );
    expect(ops).toEqual([
      { kind: 'update-record', ...z, fqdn: 'www.example.com', recordId: 2, address: '192.0.2.2', ttl: 300 },
      { kind: 'publish', ...z },
    ]);
  });

  it('keeps the duplicate with the desired TTL and rewrites the other one', () => {
    const ops = opsOf(
      desiredZone(ZONE, { 'www.example.com': [['192.0.2.1', '192.0.2.2'], 60] }),
      liveZone(ZONE, 1, {
        'www.example.com': [
          [1, '192.0.2.1', 300],
          [2, '192.0.2.1', 60],
        ],
      }),
    );
    expect(ops).toEqual([
      { kind: 'update-record', ...z, fqdn: 'www.example.com', recordId: 1, address: '192.0.2.2', ttl: 60 },
      { kind: 'publish', ...z },
    ]);
  });

  it('never exceeds 13 records at a node: 13 live replaced by 13 others is one replace-records', () => {
    const oldAddresses = Array.from({ length: 13 }, (_, i) => `192.0.2.${i + 1}`);
    const newAddresses = Array.from({ length: 13 }, (_, i) => `198.51.100.${i + 1}`);
    const live = liveZone(ZONE, 1, {
      'www.example.com': oldAddresses.map((address, i): [number, string, number] => [i + 1, address, 300]),
    });
    const desired = desiredZone(ZONE, { 'www.example.com': [newAddresses, 300] });
    const plan = computePlan({ zones: [desired] }, { zones: { [ZONE]: live } });
    expect(plan.steps[0]?.ops.map((op) => op.kind)).toEqual(['replace-records', 'publish']);
    expect(() => simulateApply({ zones: { [ZONE]: live } }, plan)).not.toThrow();
  });

  it('gives each changed zone exactly one publish, last, and states the API call count', () => {
    const plan = computePlan(
      {
        zones: [
          desiredZone('a.example', { 'www.a.example': [['192.0.2.1', '192.0.2.2']] }),
          desiredZone('b.example', {}),
        ],
      },
      {
        zones: {
          'a.example': null,
          'b.example': liveZone('b.example', 2, { 'b.example': [[1, '192.0.2.1', 60]] }),
        },
      },
    );
    for (const step of plan.steps) {
      const zone = step.target.slice('zone:'.length);
      expect(step.ops.filter((op) => op.kind === 'publish')).toEqual([{ kind: 'publish', zone }]);
      expect(step.ops.at(-1)?.kind).toBe('publish');
    }
    expect(plan.steps.map((step) => [step.id, step.ops.length])).toEqual([
      ['zone:a.example', 3],
      ['zone:b.example', 2],
    ]);
  });
});
