import { describe, expect, it } from 'vitest';
import type { LiveState } from '../../../src/model/live.js';
import { shownTargetText } from '../../../src/model/shown-provider.js';
import {
  desiredDigests,
  desiredMismatches,
  movedTargets,
  type PlanFingerprints,
  parsePlanFile,
  planFingerprints,
  renderPlanJson,
  zoneLiveDigest,
} from '../../../src/plan/index.js';
import { digestOf } from '../../../src/plan/review/digest.js';
import { dynLive, oneProviderDesired, oneProviderLive, withDynLive } from '../../support/one-provider.js';
import { liveZone } from '../helpers/builders.js';
import { FAKE_OP_SCHEMAS } from '../helpers/fake-providers.js';
import { reviewFixture, reviewPlan } from '../helpers/review-fixture.js';

describe('fingerprints', () => {
  it('digests canonical JSON: key order does not matter, values do', () => {
    expect(digestOf({ a: 1, b: [1, 2] })).toBe(digestOf({ b: [1, 2], a: 1 }));
    expect(digestOf({ a: 1, b: [2, 1] })).not.toBe(digestOf({ a: 1, b: [1, 2] }));
    expect(digestOf({ a: 1 })).toMatch(/^sha256:[0-9a-f]{64}$/);
    // An optional field set to undefined is the same as one left out, at every level.
    expect(digestOf({ a: 1, b: undefined, c: { d: undefined, e: 2 } })).toBe(digestOf({ a: 1, c: { e: 2 } }));
  });

  it('records every target, typed, with its serial, live and desired digests; only targets with steps are `changed`', () => {
    const { plan } = reviewFixture();
    const byTarget = new Map(
      plan.fingerprints?.targets.map((t) => [shownTargetText(t.target, plan.implicitProvider), t]),
    );
    expect([...byTarget.keys()]).toEqual([
      'zone:example.com',
      'zone:example.org',
      'secondary:legacy.example.net',
      'secondary:partner.example.net',
      'geo:Global | Web',
      'webapp:shop',
    ]);
    expect(plan.fingerprints?.targets[0]?.target).toEqual({
      kind: 'zone',
      name: 'example.com',
      provider: 'dyn',
    });
    expect(byTarget.get('zone:example.com')).toMatchObject({ serial: 41, changed: true });
    expect(byTarget.get('zone:example.org')).toMatchObject({ serial: null, live: null, changed: true });
    expect(byTarget.get('secondary:legacy.example.net')).toMatchObject({ desired: null, changed: true });
    expect(byTarget.get('webapp:shop')?.live).toMatch(/^sha256:/);
  });

  it('a zone’s live digest covers every managed record, refs included, and nothing edgeplan cannot manage', () => {
    const zone = liveZone(
      'example.com',
      1,
      { 'www.example.com': [[1, '192.0.2.1', 300]], 'example.com MX': [[2, '10 mx.example.com.', 300]] },
      ['x.example.com LOC'],
    );
    const digest = zoneLiveDigest(zone);
    expect(zoneLiveDigest({ ...zone, unsupported: [] })).toBe(digest);
    expect(zoneLiveDigest({ ...zone, serial: 2 })).toBe(digest);
    const reRef = liveZone('example.com', 1, {
      'www.example.com': [[9, '192.0.2.1', 300]],
      'example.com MX': [[2, '10 mx.example.com.', 300]],
    });
    expect(zoneLiveDigest(reRef)).not.toBe(digest);
    const otherMx = liveZone('example.com', 1, {
      'www.example.com': [[1, '192.0.2.1', 300]],
      'example.com MX': [[2, '20 mx.example.com.', 300]],
    });
    expect(zoneLiveDigest(otherMx)).not.toBe(digest);
  });

  it('desired digests leave out where the YAML wrote things, and see every value', () => {
    const { desired } = reviewFixture();
    const [zone] = desired.zones;
    if (!zone) throw new Error('fixture');
    const digest = desiredDigests(desired).get('zone:example.com@dyn')?.digest;
    const moved = zone.records.map((set, i) => ({
      ...set,
      at: { file: 'other.yaml', line: 100 + i, col: 3 },
    }));
    expect(
      desiredDigests(oneProviderDesired({ ...desired, zones: [{ ...zone, records: moved }] })).get(
        'zone:example.com@dyn',
      )?.digest,
    ).toBe(digest);
    const ttl = zone.records.map((set) => ({ ...set, ttl: set.ttl + 1 }));
    expect(
      desiredDigests(oneProviderDesired({ ...desired, zones: [{ ...zone, records: ttl }] })).get(
        'zone:example.com@dyn',
      )?.digest,
    ).not.toBe(digest);
  });

  it('leaves the WAF rate-limit window out: the same account read twice fingerprints the same', () => {
    const { plan, desired, live } = reviewFixture();
    const waf = live.waf
      ? { ...live.waf, rateLimit: { limit: 500, remaining: 12, resetSeconds: 5 } }
      : undefined;
    expect(planFingerprints(plan, desired, { ...live, ...(waf ? { waf } : {}) })).toEqual(plan.fingerprints);
  });

  it('a saved plan reads back as it was written; its ops are checked by their provider’s schema', () => {
    const { plan } = reviewFixture();
    const read = parsePlanFile(renderPlanJson(plan), 'plan.json', FAKE_OP_SCHEMAS);
    expect(read.steps).toEqual(plan.steps);
    expect(read.fingerprints).toEqual(plan.fingerprints);
    expect(read.needsApproval).toEqual(plan.needsApproval);
    expect(read).not.toHaveProperty('convertedFrom');
    expect(() => parsePlanFile('{"formatVersion": 2}', 'p.json', FAKE_OP_SCHEMAS)).toThrow(
      /p.json: not a plan edgeplan can apply/,
    );
    const tampered = JSON.parse(renderPlanJson(plan));
    tampered.steps[0].ops[0].kind = 'drop-everything';
    expect(() => parsePlanFile(JSON.stringify(tampered), 'p.json', FAKE_OP_SCHEMAS)).toThrow(
      /steps\.0\.ops\.0\.kind/,
    );
  });
});

/** The fingerprints of the fixture's plan recomputed against another live state. */
function recomputed(live: LiveState): PlanFingerprints {
  const { desired } = reviewFixture();
  const fingerprints = reviewPlan(desired, live).fingerprints;
  if (!fingerprints) throw new Error('no fingerprints');
  return fingerprints;
}

describe('staleness', () => {
  it('a fresh plan: same desired state, same live state', () => {
    const { plan, desired, live } = reviewFixture();
    const fp = plan.fingerprints;
    if (!fp) throw new Error('no fingerprints');
    expect(desiredMismatches(fp, desired)).toEqual([]);
    expect(movedTargets(fp, recomputed(live), plan.implicitProvider)).toEqual([]);
  });

  it('names each target that moved and how, changed in the plan or in the recomputed one', () => {
    const { plan, live } = reviewFixture();
    const fp = plan.fingerprints;
    if (!fp) throw new Error('no fingerprints');
    const shop = live.waf?.webapps.shop;
    if (!live.waf || !shop) throw new Error('fixture');
    const now: LiveState = oneProviderLive({
      ...dynLive(live),
      zones: {
        'example.com': liveZone('example.com', 42, { 'example.com': [[1, '192.0.2.7', 3600]] }),
        'example.org': liveZone('example.org', 1, {}),
      },
      secondaryZones: [
        {
          zone: 'new.example.net',
          masters: ['203.0.113.9'],
          contactNickname: '',
          tsigKeyName: '',
          active: 'Y',
        },
      ],
      waf: {
        ...live.waf,
        webapps: { shop: { ...shop, bots: shop.bots.map((bot) => ({ ...bot, enabled: false })) } },
      },
    });
    expect(movedTargets(fp, recomputed(now), plan.implicitProvider)).toEqual([
      'secondary:legacy.example.net: existed when planned, is gone now',
      'secondary:new.example.net: not in the plan, exists now (created since, or outside its scope)',
      'webapp:shop: its enabled good bots changed since the plan',
      'zone:example.com: serial 41 → 42, and its records differ from the ones planned',
      'zone:example.org: did not exist when planned, exists now (serial 1)',
    ]);
  });

  it('a publish that left the managed records as planned is not a move; records that moved at the same serial are', () => {
    const { plan, live } = reviewFixture();
    const fp = plan.fingerprints;
    const { zones } = dynLive(live);
    const zone = zones['example.com'];
    if (!fp || !zone) throw new Error('fixture');
    const bumped = withDynLive(live, {
      zones: {
        ...zones,
        'example.com': { ...zone, serial: 43, unsupported: ['example.com SSHFP', 'x.example.com LOC'] },
      },
    });
    expect(movedTargets(fp, recomputed(bumped), plan.implicitProvider)).toEqual([]);
    const edited = withDynLive(live, {
      zones: { ...zones, 'example.com': { ...zone, records: zone.records.slice(1) } },
    });
    expect(movedTargets(fp, recomputed(edited), plan.implicitProvider)).toEqual([
      'zone:example.com: its records differ from the ones planned (serial 41)',
    ]);
  });

  it('a target neither plan changes may move', () => {
    const { plan } = reviewFixture();
    const fp = plan.fingerprints;
    if (!fp) throw new Error('no fingerprints');
    const unchanged = { ...fp, targets: fp.targets.map((t) => ({ ...t, changed: false })) };
    const moved = {
      ...unchanged,
      targets: unchanged.targets.map((t) => ({ ...t, live: digestOf('moved') })),
    };
    expect(movedTargets(unchanged, moved, plan.implicitProvider)).toEqual([]);
    expect(movedTargets(fp, moved, plan.implicitProvider)).toHaveLength(
      fp.targets.filter((t) => t.changed).length,
    );
  });

  it('names desired-state changes: edited, added and removed targets, and settings', () => {
    const { plan, desired } = reviewFixture();
    const fp = plan.fingerprints;
    if (!fp) throw new Error('no fingerprints');
    const [first, second] = desired.zones;
    if (!first || !second) throw new Error('fixture');
    const edited = {
      ...desired,
      zones: [
        { ...first, defaultTtl: 60 },
        { ...second, zone: 'example.info' },
      ],
    };
    expect(desiredMismatches(fp, edited)).toEqual([
      'zone:example.com: its desired state changed since the plan',
      'zone:example.info: in the current desired state, not in the plan',
      "zone:example.org: in the plan's desired state, not in the current one",
    ]);
    expect(
      desiredMismatches(
        fp,
        oneProviderDesired({ ...desired, manage: { secondaryZones: 'listed', geoServices: 'listed' } }),
      ),
    ).toEqual(['settings: `settings.*` (ownership or safety) changed since the plan']);
  });
});
