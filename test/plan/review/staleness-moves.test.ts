import { describe, expect, it } from 'vitest';
import type { Target } from '../../../src/model/target.js';
import { movedTargets, type PlanFingerprints } from '../../../src/plan/index.js';
import type { TargetFingerprint } from '../../../src/plan/review-types.js';
import { DYN } from '../../support/one-provider.js';

/** Every way a target can move between a saved plan and today, and the moves that do not count. */

const zone: Target = { kind: 'zone', name: 'example.com', provider: DYN };
const geo: Target = { kind: 'geo', name: 'Web' };
const secondary: Target = { kind: 'secondary', name: 'p.example', provider: DYN };

/** Moves as a plan of the implicit provider shows them: its targets without a provider. */
const moved = (planned: PlanFingerprints, current: PlanFingerprints) => movedTargets(planned, current, DYN);
const fp = (...targets: TargetFingerprint[]): PlanFingerprints => ({ desired: 'd', targets });
const t = (
  target: Target,
  live: string | null,
  changed = true,
  serial?: number | null,
): TargetFingerprint => ({
  target,
  changed,
  desired: 'x',
  live,
  ...(serial !== undefined ? { serial } : {}),
});

describe('movedTargets', () => {
  it('a zone that was live when planned and is gone now moved', () => {
    expect(moved(fp(t(zone, 'a', true, 41)), fp(t(zone, null, true, null)))).toEqual([
      'zone:example.com: existed when planned (serial 41), is gone now',
    ]);
  });

  it('a geo service or secondary zone that appeared, vanished or changed moved, each said its way', () => {
    expect(moved(fp(t(geo, null)), fp(t(geo, 'b')))).toEqual([
      'geo:Web: did not exist when planned, exists now',
    ]);
    expect(moved(fp(t(secondary, 'a')), fp(t(secondary, null)))).toEqual([
      'secondary:p.example: existed when planned, is gone now',
    ]);
    expect(moved(fp(t(geo, 'a')), fp(t(geo, 'b')))).toEqual([
      'geo:Web: its groups or linked nodes changed since the plan',
    ]);
    expect(moved(fp(t(secondary, 'a')), fp(t(secondary, 'b')))).toEqual([
      'secondary:p.example: its masters, contact or TSIG key changed since the plan',
    ]);
  });

  it('a target neither plan changes may move freely; one only today’s plan changes counts', () => {
    expect(moved(fp(t(geo, 'a', false)), fp(t(geo, 'b', false)))).toEqual([]);
    expect(moved(fp(t(geo, 'a', false)), fp(t(geo, 'b', true)))).toEqual([
      'geo:Web: its groups or linked nodes changed since the plan',
    ]);
    expect(moved(fp(t(zone, 'a', false, 1)), fp(t(zone, 'b', true, 2)))).toEqual([
      'zone:example.com: serial 1 → 2, and its records differ from the ones planned',
    ]);
  });

  it('nothing moved when the live digests are equal, whatever the serial', () => {
    expect(moved(fp(t(zone, 'a', true, 1)), fp(t(zone, 'a', true, 2)))).toEqual([]);
    expect(moved(fp(t(geo, null)), fp(t(geo, null)))).toEqual([]);
    expect(moved(fp(), fp(t(geo, null)))).toEqual([]);
  });

  it('a zone on one side only: appeared (out of the file’s scope) or gone, with its serial', () => {
    expect(moved(fp(), fp(t(zone, 'a', true, 5)))).toEqual([
      'zone:example.com: did not exist when planned, exists now (serial 5)',
    ]);
    expect(moved(fp(t(zone, 'a', true, 5)), fp())).toEqual([
      'zone:example.com: existed when planned (serial 5), is gone now',
    ]);
  });

  it('a target the file has unchanged and today’s fingerprints lack did not move', () => {
    expect(moved(fp(t(geo, 'a', false)), fp())).toEqual([]);
    expect(moved(fp(t(geo, 'a', true)), fp())).toEqual(['geo:Web: existed when planned, is gone now']);
  });
});
