import { describe, expect, it } from 'vitest';
import { parseTarget } from '../../../src/model/target.js';
import { PlanFileError, savedPlanDifferences } from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { at, editedV1, readV1 as read, V1_TEXT, type V1Step } from '../helpers/plan-v1.js';

const edited = (edit: (steps: V1Step[]) => void) => editedV1((json) => edit(json.steps));
/** A version 1 file's DNS target as read: on the implicit provider, `dyn`. */
const onDyn = (target: ReturnType<typeof parseTarget>) =>
  target?.kind === 'zone' || target?.kind === 'secondary' ? { ...target, provider: 'dyn' } : target;

describe('reading a version 1 plan file', () => {
  it('converts its steps: providers from the op kinds, typed targets, record ops with their type and refs', () => {
    const plan = read();
    expect(plan.formatVersion).toBe(2);
    expect(plan.convertedFrom).toBe(1);
    expect(plan.steps.map((s) => [s.id, s.kind, s.provider, s.target])).toEqual([
      ['geo:Global | Web', 'geo', 'dyn', { kind: 'geo', name: 'Global | Web' }],
      ['geo:Old', 'geo', 'dyn', { kind: 'geo', name: 'Old' }],
      [
        'secondary:legacy.example.net',
        'secondary',
        'dyn',
        { kind: 'secondary', name: 'legacy.example.net', provider: 'dyn' },
      ],
      [
        'secondary:other.example.net',
        'secondary',
        'dyn',
        { kind: 'secondary', name: 'other.example.net', provider: 'dyn' },
      ],
      [
        'secondary:partner.example.net',
        'secondary',
        'dyn',
        { kind: 'secondary', name: 'partner.example.net', provider: 'dyn' },
      ],
      ['zone:example.com', 'zone', 'dyn', { kind: 'zone', name: 'example.com', provider: 'dyn' }],
      ['zone:example.org', 'zone', 'dyn', { kind: 'zone', name: 'example.org', provider: 'dyn' }],
      ['webapp:shop', 'webapp', 'waf', { kind: 'webapp', name: 'shop' }],
    ]);
    const zone = { zone: 'example.com' };
    expect(plan.steps.find((s) => s.id === 'zone:example.com')?.ops).toEqual([
      { kind: 'delete-records', ...zone, fqdn: 'gone.example.com', type: 'A' },
      { kind: 'delete-record', ...zone, fqdn: 'old.example.com', type: 'A', ref: '2' },
      {
        kind: 'replace-records',
        ...zone,
        fqdn: 'api.example.com',
        type: 'A',
        values: ['192.0.2.4', '192.0.2.5'],
        ttl: 300,
      },
      { kind: 'add-record', ...zone, fqdn: 'new.example.com', type: 'A', value: '192.0.2.20', ttl: 3600 },
      {
        kind: 'update-record',
        ...zone,
        fqdn: 'www.example.com',
        type: 'A',
        ref: '4',
        value: '192.0.2.11',
        ttl: 300,
      },
      { kind: 'publish', ...zone },
    ]);
    expect(plan.steps.find((s) => s.id === 'zone:example.org')?.ops[0]).toEqual({
      kind: 'create-zone',
      zone: 'example.org',
      rname: 'hostmaster@example.org',
      ttl: 1800,
      serialStyle: 'increment',
    });
    expect(plan.steps[0]?.ops).toEqual([
      {
        kind: 'update-geo',
        name: 'Global | Web',
        groups: [
          {
            name: 'Europe',
            countries: ['DE', 'FR', 'IT'],
            records: [{ type: 'A', values: ['192.0.2.50', '192.0.2.51'] }],
          },
          { name: 'Rest', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.70'] }] },
        ],
      },
    ]);
    expect(plan.steps.at(-1)?.ops).toEqual([
      {
        kind: 'set-good-bots',
        webappId: 'a'.repeat(32),
        webapp: 'shop',
        enable: ['b'.repeat(32)],
        disable: ['c'.repeat(32)],
      },
    ]);
  });

  it('types the targets of approvals and fingerprints, keeps zone serials and the WAF budget, and no changes', () => {
    const plan = read();
    const json = JSON.parse(V1_TEXT);
    expect(plan.needsApproval?.map((a) => [a.target, a.rule])).toEqual([
      [{ kind: 'geo', name: 'Old' }, 'geo-service-delete'],
      [{ kind: 'secondary', name: 'legacy.example.net', provider: 'dyn' }, 'secondary-zone-delete'],
    ]);
    expect(plan.fingerprints.desired).toBe(json.fingerprints.desired);
    expect(plan.fingerprints.targets.map((t) => [t.target, t.live])).toEqual(
      json.fingerprints.targets.map((t: { target: string; live: string | null }) => [
        onDyn(parseTarget(t.target)),
        t.live,
      ]),
    );
    expect(plan.zones).toEqual([
      { zone: 'example.com', provider: 'dyn', serial: 41 },
      { zone: 'example.org', provider: 'dyn', serial: null },
    ]);
    expect(plan.changes).toEqual([]);
    expect(plan.waf).toEqual({ ...json.waf, requestsPerCall: 3 });
    expect(plan).not.toHaveProperty('secondaryZones');
  });

  it('is compared with the recomputed plan by its steps and scope only (its other sections are of the old model)', () => {
    const plan = read();
    const { convertedFrom: _v1, ...rest } = plan;
    const computed: Plan = {
      ...rest,
      summary: { create: 9, update: 9, delete: 9, zones: 2 },
      needsApproval: [],
      fingerprints: { desired: `sha256:${'0'.repeat(64)}`, targets: [] },
    };
    expect(savedPlanDifferences(plan, computed)).toEqual([]);
    const otherStep = { ...computed, steps: computed.steps.slice(1) };
    expect(savedPlanDifferences(plan, otherStep)[0]).toMatch(
      /^steps\[0\]: geo:Global \| Web in the file, geo:Old computed$/,
    );
    expect(savedPlanDifferences(plan, { ...computed, scope: ['zone:*'] })).toEqual([
      'scope: missing from the file',
    ]);
  });

  it('refuses a version 1 file that is not one, every problem at once, and lets the provider’s schema have the last word', () => {
    const bad = edited((steps) => {
      at(steps, 0).target = 'host:x';
      at(at(steps, 1).ops, 0).kind = 'drop-everything';
    });
    expect(() => read(bad)).toThrow(PlanFileError);
    expect(() => read(bad)).toThrow(
      /steps\.0\.target: "host:x" is not a kind:name target \(format version 1\)/,
    );
    expect(() => read(bad)).toThrow(/steps\.1\.ops\.0\.kind: .*\(format version 1\)/);
    const empty = edited((steps) => {
      const zone = at(
        steps,
        steps.findIndex((s) => s.id === 'zone:example.com'),
      );
      at(
        zone.ops,
        zone.ops.findIndex((op) => op.kind === 'replace-records'),
      ).addresses = [];
    });
    expect(() => read(empty)).toThrow(/steps\.5\.ops\.2\.values: /);
    const mixed = edited((steps) => {
      at(steps, 0).ops.push(at(at(steps, -1).ops, 0));
    });
    expect(() => read(mixed)).toThrow(/steps\.0\.ops\.1\.kind: /);
    expect(() => read('{"formatVersion": 3}')).toThrow(/formatVersion: /);
  });
});
