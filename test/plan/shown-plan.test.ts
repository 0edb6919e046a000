import { describe, expect, it } from 'vitest';
import type { Target } from '../../src/model/target.js';
import { namedPlan, shownPlan } from '../../src/plan/shown-plan.js';
import type { Plan } from '../../src/plan/types.js';

type Json = Record<string, unknown>;

const DIGEST = `sha256:${'0'.repeat(64)}`;
const zone = (provider: string): Target => ({ kind: 'zone', name: 'a.test', provider });
const secondary = (provider: string): Target => ({ kind: 'secondary', name: 'b.test', provider });
const GEO: Target = { kind: 'geo', name: 'Web' };
const WEBAPP: Target = { kind: 'webapp', name: 'shop' };

/** A plan naming `provider` in every place a plan names a DNS provider, beside targets that name none. */
function planOn(provider: string): Plan {
  const step = (target: Target, writer: string) => ({
    id: `${target.kind}:${target.name}`,
    kind: target.kind,
    provider: writer,
    target,
    after: [],
    ops: [{ kind: 'publish' }],
  });
  const fingerprint = (target: Target) => ({ target, changed: true, desired: DIGEST, live: null });
  return {
    formatVersion: 2,
    summary: { create: 1, update: 0, delete: 0, zones: 1 },
    zones: [{ zone: 'a.test', serial: 7, provider }],
    changes: [
      { address: { kind: 'zone', zone: 'a.test', provider }, action: 'create', before: null, after: null },
      {
        address: { kind: 'record-set', zone: 'a.test', fqdn: 'www.a.test', type: 'A', provider },
        action: 'delete',
        before: { ttl: 60, values: ['192.0.2.1'] },
        after: null,
      },
      {
        address: { kind: 'secondary', zone: 'b.test', provider },
        action: 'delete',
        before: null,
        after: null,
      },
      { address: { kind: 'geo', name: 'Web' }, action: 'delete', before: null, after: null },
    ],
    leftAlone: [{ zone: 'a.test', provider, records: ['a.test SSHFP'] }],
    answerNotes: [{ kind: 'nxdomain', zone: 'a.test', provider, name: 'www.a.test', pointedAtBy: [] }],
    steps: [
      step(zone(provider), provider),
      step(secondary(provider), provider),
      step(GEO, provider),
      step(WEBAPP, 'waf'),
    ],
    needsApproval: [
      { target: zone(provider), rule: 'zone-last-records', message: 'm' },
      { target: secondary(provider), rule: 'secondary-zone-delete', message: 'm' },
      { target: GEO, rule: 'geo-service-delete', message: 'm' },
    ],
    fingerprints: {
      desired: DIGEST,
      targets: [fingerprint(zone(provider)), fingerprint(secondary(provider)), fingerprint(GEO)],
    },
  } as Plan;
}

/** `plan` as `plan --out` writes it and `apply --plan` parses it. */
function saved(plan: Plan): Json {
  return JSON.parse(JSON.stringify(shownPlan(plan)));
}

const read = (json: Json): Plan => namedPlan(json as unknown as Plan);

describe('a plan as written and read back', () => {
  it('writes no provider where it is the implicit one, and reads each back on it', () => {
    const plan = { ...planOn('dyn'), implicitProvider: 'dyn' };
    const json = saved(plan);
    expect(json).not.toHaveProperty('implicitProvider');
    expect(json.zones).toEqual([{ zone: 'a.test', serial: 7 }]);
    // A step keeps its writer; its target, on the implicit provider, names none.
    const [step] = json.steps as Plan['steps'];
    expect(step?.provider).toBe('dyn');
    expect(step?.target).toStrictEqual({ kind: 'zone', name: 'a.test' });
    expect(read(json)).toStrictEqual(plan);
  });

  it('returns a plan under providers: as it is, the provider named dyn too', () => {
    for (const provider of ['dyn', 'pdns']) {
      const plan = planOn(provider);
      expect(saved(plan)).toStrictEqual(plan);
      expect(read(saved(plan))).toStrictEqual(plan);
    }
  });

  it('reads an entry that names no provider as on the implicit one, keeping the names the others give', () => {
    const json = saved(planOn('pdns'));
    const [header] = json.zones as Json[];
    delete header?.provider;
    expect(read(json)).toStrictEqual({
      ...planOn('pdns'),
      zones: [{ zone: 'a.test', serial: 7, provider: 'dyn' }],
      implicitProvider: 'dyn',
    });
  });

  it('names each place on its own: one unnamed is read as on the implicit provider', () => {
    const places: ((json: Plan) => unknown)[] = [
      (json) => json.zones[0],
      (json) => json.changes[0]?.address,
      (json) => json.changes[1]?.address,
      (json) => json.changes[2]?.address,
      (json) => json.leftAlone?.[0],
      (json) => json.answerNotes?.[0],
      (json) => json.steps[0]?.target,
      (json) => json.steps[1]?.target,
      (json) => json.needsApproval?.[0]?.target,
      (json) => json.needsApproval?.[1]?.target,
      (json) => json.fingerprints?.targets[0]?.target,
      (json) => json.fingerprints?.targets[1]?.target,
    ];
    for (const place of places) {
      const json = saved(planOn('pdns'));
      delete (place(json as unknown as Plan) as Json).provider;
      const named = read(json);
      expect(place(named)).toHaveProperty('provider', 'dyn');
      expect(named.implicitProvider).toBe('dyn');
    }
  });

  it('reads a plan without the optional sections without adding them', () => {
    const { leftAlone, answerNotes, needsApproval, fingerprints, ...bare } = planOn('pdns');
    expect(read(saved(bare as Plan))).toStrictEqual(bare);
  });

  it('keeps the sections for people as the file wrote them where they are not well formed', () => {
    const json = {
      ...saved(planOn('pdns')),
      zones: [null, 'a.test', ['a.test'], { zone: 'a.test', serial: 7 }],
      changes: [
        { address: null },
        { address: 'zone:a.test' },
        { address: ['zone'] },
        { address: { kind: 'webapp', ref: 'shop' } },
        { address: { kind: 'zone', zone: 'a.test' } },
      ],
      leftAlone: 'none',
      answerNotes: { zone: 'a.test' },
    };
    const named = read(json);
    expect(named.zones).toStrictEqual([
      null,
      'a.test',
      ['a.test'],
      { zone: 'a.test', serial: 7, provider: 'dyn' },
    ]);
    expect(named.changes).toStrictEqual([
      { address: null },
      { address: 'zone:a.test' },
      { address: ['zone'] },
      { address: { kind: 'webapp', ref: 'shop' } },
      { address: { kind: 'zone', zone: 'a.test', provider: 'dyn' } },
    ]);
    expect(named.leftAlone).toBe('none');
    expect(named.answerNotes).toStrictEqual({ zone: 'a.test' });
  });
});
