import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { LiveState } from '../../../src/model/live.js';
import { movedTargets } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { reviewPlan } from '../helpers/review-fixture.js';

/**
 * A webapp the desired state names by its id, or by its name in other letter case, is fingerprinted under that
 * key and re-checked like any other: a saved plan whose webapp changed live since is stale.
 */

const hex = (c: string) => c.repeat(32);
const at = { file: 'waf.yaml', line: 1, col: 1 };

function desiredFor(ref: string): DesiredState {
  return oneProviderDesired({
    zones: [],
    waf: { webapps: [{ ref, at, mode: 'exact', allow: [{ ref: 'Googlebot', at }] }] },
  });
}

function liveFor(ref: string, enabled: string[]): LiveState {
  return oneProviderLive({
    zones: {},
    waf: {
      webapps: {
        [ref]: {
          id: hex('a'),
          name: 'shop',
          bots: ['Bingbot', 'Googlebot'].map((name, i) => ({
            id: hex(String(i)),
            name,
            enabled: enabled.includes(name),
          })),
        },
      },
      accountWebapps: ['shop'],
      readRequests: 1,
      rateLimit: null,
    },
  });
}

describe('staleness of a webapp named by id or in other letter case', () => {
  for (const ref of [hex('a'), 'SHOP', 'shop']) {
    it(`webapp:${ref.length === 32 ? '<id>' : ref} moved when its enabled bots changed live, not otherwise`, () => {
      const desired = desiredFor(ref);
      const planned = reviewPlan(desired, liveFor(ref, ['Bingbot']));
      expect(planned.steps.map((s) => s.target)).toEqual([{ kind: 'webapp', name: ref }]);
      const same = reviewPlan(desired, liveFor(ref, ['Bingbot']));
      const moved = reviewPlan(desired, liveFor(ref, []));
      if (!planned.fingerprints || !same.fingerprints || !moved.fingerprints)
        throw new Error('no fingerprints');
      expect(movedTargets(planned.fingerprints, same.fingerprints, planned.implicitProvider)).toEqual([]);
      expect(movedTargets(planned.fingerprints, moved.fingerprints, planned.implicitProvider)).toEqual([
        `webapp:${ref}: its enabled good bots changed since the plan`,
      ]);
    });
  }
});
