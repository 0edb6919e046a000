import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/dns.js';
import type { GeoService } from '../../src/model/geo.js';
import type { LiveState } from '../../src/model/live.js';
import type { LiveWafState } from '../../src/model/waf.js';
import { planFingerprints } from '../../src/plan/fingerprint.js';
import { computePlan } from '../../src/plan/index.js';
import { movedTargets } from '../../src/plan/staleness.js';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { desiredZone, liveZone } from './helpers/builders.js';

const NOWHERE = { file: 'desired.yaml', line: 1, col: 1 };
const BOT = { id: '1'.repeat(32), name: 'Googlebot' };
const fqdn = (name: string) => `${name.toLowerCase()}.a.test`;
const geo = (name: string, address: string): GeoService => ({
  name,
  groups: [{ name, countries: ['DE'], addresses: [address] }],
  nodes: [],
});

/** Every name desired: a record set, a geo service and a webapp (Googlebot enabled). */
const desired: DesiredState = {
  zones: [
    desiredZone('a.test', Object.fromEntries(PROTOTYPE_KEYS.map((name) => [fqdn(name), [['192.0.2.1']]]))),
  ],
  geoServices: PROTOTYPE_KEYS.map((name) => geo(name, '192.0.2.9')),
  waf: {
    webapps: PROTOTYPE_KEYS.map((ref) => ({
      ref,
      at: NOWHERE,
      mode: 'exact',
      allow: [{ ref: 'Googlebot', at: NOWHERE }],
    })),
  },
};

/** What providers read: every name live as desired, except `__proto__` and `constructor`. */
function live(webapps = PROTOTYPE_KEYS): LiveState {
  const differs = (name: string) => name === '__proto__' || name === 'constructor';
  const nodes = PROTOTYPE_KEYS.filter((name) => name !== '__proto__').map((name) => [
    fqdn(name),
    [[1, differs(name) ? '192.0.2.2' : '192.0.2.1', 3600] as [number, string, number]],
  ]);
  const waf: LiveWafState = {
    webapps: Object.fromEntries(
      webapps.map((ref, i) => [
        ref,
        { id: String(i).padStart(32, '0'), name: ref, bots: [{ ...BOT, enabled: !differs(ref) }] },
      ]),
    ),
    accountWebapps: [...webapps],
    readRequests: 1,
    rateLimit: null,
  };
  return {
    zones: { 'a.test': liveZone('a.test', 7, Object.fromEntries(nodes)) },
    geoServices: PROTOTYPE_KEYS.map((name) => geo(name, differs(name) ? '192.0.2.8' : '192.0.2.9')),
    waf,
  };
}

describe('names that are members of every JavaScript object', () => {
  it('are planned like any other name', () => {
    const plan = computePlan(desired, live());
    expect(plan.zones[0]?.changes.map((c) => `${c.action} ${c.fqdn}`)).toEqual([
      'create __proto__.a.test',
      'update constructor.a.test',
    ]);
    expect(plan.steps.map((step) => step.id)).toEqual([
      'geo:__proto__',
      'geo:constructor',
      'zone:a.test',
      'webapp:__proto__',
      'webapp:constructor',
    ]);
  });

  it('a desired webapp the live state has no entry for fingerprints as absent, not as an inherited member', () => {
    const plan = computePlan(desired, live());
    const targets = planFingerprints(plan, desired, live([])).targets;
    const webapps = targets.filter((t) => t.target.startsWith('webapp:'));
    expect(webapps.map((t) => [t.target, t.live])).toEqual(
      PROTOTYPE_KEYS.map((ref) => [`webapp:${ref}`, null]),
    );
  });

  it('a saved target whose kind is such a name moves as "its live state", not as a function', () => {
    const target = { target: 'toString:x', changed: true, desired: null, live: `sha256:${'a'.repeat(64)}` };
    const planned = { desired: target.live, targets: [target] };
    const gone = { desired: target.live, targets: [{ ...target, live: null }] };
    expect(movedTargets(planned, gone)).toEqual(['toString:x: existed when planned, is gone now']);
    const changed = { desired: target.live, targets: [{ ...target, live: `sha256:${'b'.repeat(64)}` }] };
    expect(movedTargets(planned, changed)).toEqual(['toString:x: its live state changed since the plan']);
  });
});
