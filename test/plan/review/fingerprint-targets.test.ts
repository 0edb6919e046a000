import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { GeoService } from '../../../src/model/geo.js';
import type { LiveState } from '../../../src/model/live.js';
import { DEFAULT_SAFETY } from '../../../src/model/safety.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import { shownTargetText } from '../../../src/model/shown-provider.js';
import { targetText } from '../../../src/model/target.js';
import type { LiveWebapp } from '../../../src/model/waf.js';
import {
  desiredDigests,
  desiredMismatches,
  desiredStateDigest,
  planFingerprints,
  secondaryLiveDigest,
  webappLiveDigest,
} from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive, withDynLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { reviewFixture, reviewPlan } from '../helpers/review-fixture.js';

/**
 * What each target's fingerprint covers, so that a saved plan is refused as stale exactly when something it
 * decided on moved: which targets are `changed`, which carry a serial, the live objects a `manage: all` plan
 * deletes, what a secondary zone's or webapp's digests see, and the settings in the desired state's digest.
 */

const desiredDigest = (desired: DesiredState, target: string) => desiredDigests(desired).get(target)?.digest;

const geo = (name: string, ip: string): GeoService => ({
  name,
  groups: [{ name: 'All', countries: ['@@'], records: [{ type: 'A', values: [ip] }] }],
  nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
});

describe('plan fingerprints per target', () => {
  it('lists each target once, in plan order; a target without steps is not `changed`', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        desiredZone('a.example', { 'www.a.example': [['192.0.2.1']] }),
        desiredZone('b.example', { 'www.b.example': [['192.0.2.2']] }),
      ],
    });
    const live: LiveState = oneProviderLive({
      zones: {
        'a.example': liveZone('a.example', 3, { 'www.a.example': [[1, '192.0.2.1', 3600]] }),
        'b.example': liveZone('b.example', 5, { 'www.b.example': [[2, '192.0.2.9', 3600]] }),
      },
    });
    const plan = reviewPlan(desired, live);
    const targets = plan.fingerprints?.targets ?? [];
    expect(
      targets.map((t) => [shownTargetText(t.target, plan.implicitProvider), t.changed, t.serial]),
    ).toEqual([
      ['zone:a.example', false, 3],
      ['zone:b.example', true, 5],
    ]);
  });

  it('lists the fixture’s targets once each, and only zones carry a serial', () => {
    const { plan } = reviewFixture();
    const targets = plan.fingerprints?.targets ?? [];
    expect(targets.map((t) => shownTargetText(t.target, plan.implicitProvider))).toEqual([
      'zone:example.com',
      'zone:example.org',
      'secondary:legacy.example.net',
      'secondary:partner.example.net',
      'geo:Global | Web',
      'webapp:shop',
    ]);
    for (const t of targets) expect('serial' in t).toBe(t.target.kind === 'zone');
  });

  it('fingerprints a geo service a manage: all plan deletes by its live digest, with no desired digest', () => {
    const { desired, live } = reviewFixture();
    const owned: DesiredState = { ...desired, manage: { secondaryZones: 'listed', geoServices: 'all' } };
    const withOld: LiveState = withDynLive(live, { geoServices: [geo('Old Web', '192.0.2.60')] });
    const fingerprints = reviewPlan(owned, withOld).fingerprints;
    const old = fingerprints?.targets.find((t) => targetText(t.target) === 'geo:Old Web');
    expect(old).toMatchObject({ changed: true, desired: null });
    expect(old?.live).toMatch(/^sha256:/);
    const moved = reviewPlan(
      owned,
      withDynLive(live, { geoServices: [geo('Old Web', '192.0.2.61')] }),
    ).fingerprints;
    expect(moved?.targets.find((t) => targetText(t.target) === 'geo:Old Web')?.live).not.toBe(old?.live);
  });

  it('reads a geo service from the DNS provider holding the geo services', () => {
    const desired: DesiredState = {
      zones: [],
      geoServices: [geo('Web', '192.0.2.50')],
      dnsProviders: [
        { name: 'dyn', type: 'dyn', options: {} },
        { name: 'pdns', type: 'powerdns', options: { url_env: 'EDGEPLAN_U', api_key_env: 'EDGEPLAN_K' } },
      ],
      geoProvider: 'dyn',
    };
    const live: LiveState = {
      dns: { dyn: { zones: {}, geoServices: [geo('Web', '192.0.2.51')] }, pdns: { zones: {} } },
    };
    const { plan } = reviewFixture();
    const [web] = planFingerprints({ ...plan, steps: [] }, desired, live).targets;
    expect(web?.target).toEqual({ kind: 'geo', name: 'Web' });
    expect(web?.live).toMatch(/^sha256:/);
  });
});

describe('live digests', () => {
  const secondary: LiveSecondaryZone = {
    zone: 'p.example',
    masters: ['203.0.113.1'],
    contactNickname: 'ops',
    tsigKeyName: 'key',
    active: 'Y',
  };

  it("a secondary zone's covers masters, contact and TSIG key, not its transfer status", () => {
    const digest = secondaryLiveDigest(secondary);
    expect(secondaryLiveDigest({ ...secondary, active: 'N' })).toBe(digest);
    for (const moved of [{ masters: ['203.0.113.2'] }, { contactNickname: 'dns' }, { tsigKeyName: 'other' }])
      expect(secondaryLiveDigest({ ...secondary, ...moved })).not.toBe(digest);
  });

  it("a webapp's covers its id, name and every bot with its enabled flag", () => {
    const webapp: LiveWebapp = {
      id: 'a'.repeat(32),
      name: 'shop',
      bots: [{ id: 'b'.repeat(32), name: 'Googlebot', enabled: true }],
    };
    const digest = webappLiveDigest(webapp);
    for (const moved of [
      { id: 'c'.repeat(32) },
      { name: 'shop2' },
      { bots: [{ id: 'b'.repeat(32), name: 'Googlebot', enabled: false }] },
    ])
      expect(webappLiveDigest({ ...webapp, ...moved })).not.toBe(digest);
  });
});

describe('desired digests', () => {
  it("a webapp's covers its mode and allow list, not where it was written", () => {
    const { desired } = reviewFixture();
    const [shop] = desired.waf?.webapps ?? [];
    if (!shop) throw new Error('fixture');
    const digestWith = (webapp: typeof shop) =>
      desiredDigest(oneProviderDesired({ ...desired, waf: { webapps: [webapp] } }), 'webapp:shop');
    const digest = digestWith(shop);
    expect(digestWith({ ...shop, at: { file: 'other.yaml', line: 9, col: 1 } })).toBe(digest);
    expect(digestWith({ ...shop, mode: 'additive' })).not.toBe(digest);
    expect(digestWith({ ...shop, allow: [{ ref: 'Googlebot', at: shop.at }] })).not.toBe(digest);
  });

  it("a secondary zone's covers its masters, not where it was written", () => {
    const { desired } = reviewFixture();
    const [partner] = desired.secondaryZones ?? [];
    if (!partner) throw new Error('fixture');
    const digestWith = (zone: typeof partner) =>
      desiredDigest(
        oneProviderDesired({ ...desired, secondaryZones: [zone] }),
        'secondary:partner.example.net@dyn',
      );
    const digest = digestWith(partner);
    expect(digestWith({ ...partner, at: { file: 'x.yaml', line: 2, col: 3 } })).toBe(digest);
    expect(digestWith({ ...partner, masters: ['198.51.100.2'] })).not.toBe(digest);
  });

  it("a zone's covers its create: settings once given", () => {
    const { desired } = reviewFixture();
    const [zone, ...rest] = desired.zones;
    if (!zone) throw new Error('fixture');
    const digestWith = (create: typeof zone.create) =>
      desiredDigest(
        oneProviderDesired({ ...desired, zones: [{ ...zone, ...(create ? { create } : {}) }, ...rest] }),
        'zone:example.com@dyn',
      );
    const contact = digestWith({ contact: 'ops', serialStyle: 'increment' });
    expect(contact).not.toBe(digestWith(undefined));
    expect(digestWith({ contact: 'dns', serialStyle: 'increment' })).not.toBe(contact);
  });

  it("the desired state's covers the safety policy and the providers section", () => {
    const { plan, desired } = reviewFixture();
    const fingerprints = plan.fingerprints;
    if (!fingerprints) throw new Error('no fingerprints');
    const digest = desiredStateDigest(desired);
    const safety: DesiredState = oneProviderDesired({
      ...desired,
      safety: { ...DEFAULT_SAFETY, zoneCreate: false },
    });
    expect(desiredStateDigest(safety)).not.toBe(digest);
    expect(desiredMismatches(fingerprints, safety)).toEqual([
      'settings: `settings.*` (ownership or safety) changed since the plan',
    ]);
    const { geoProvider: _held, ...noGeo } = desired;
    const providers: DesiredState = { ...noGeo, dnsProviders: [{ name: 'dyn', type: 'dyn', options: {} }] };
    expect(desiredStateDigest(providers)).not.toBe(digest);
    expect(desiredStateDigest({ ...providers, geoProvider: 'dyn' })).not.toBe(desiredStateDigest(providers));
    expect(desiredDigests(desired).size).toBe(fingerprints.targets.filter((t) => t.desired !== null).length);
  });

  it("the desired state's sees which policy, which geo provider, which allowed bots, and each target's value", () => {
    const { desired } = reviewFixture();
    const strict: DesiredState = oneProviderDesired({
      ...desired,
      safety: { ...DEFAULT_SAFETY, zoneCreate: true },
    });
    expect(
      desiredStateDigest(
        oneProviderDesired({ ...desired, safety: { ...DEFAULT_SAFETY, zoneCreate: false } }),
      ),
    ).not.toBe(desiredStateDigest(strict));
    const providers: DesiredState = { ...desired, dnsProviders: [{ name: 'dyn', type: 'dyn', options: {} }] };
    expect(desiredStateDigest(oneProviderDesired({ ...providers, geoProvider: 'a' }))).not.toBe(
      desiredStateDigest(oneProviderDesired({ ...providers, geoProvider: 'b' })),
    );
    const [shop] = desired.waf?.webapps ?? [];
    if (!shop) throw new Error('fixture');
    const allowing = (ref: string) =>
      desiredDigest(
        oneProviderDesired({ ...desired, waf: { webapps: [{ ...shop, allow: [{ ref, at: shop.at }] }] } }),
        'webapp:shop',
      );
    expect(allowing('Googlebot')).not.toBe(allowing('Bingbot'));
    const [zone, ...rest] = desired.zones;
    if (!zone) throw new Error('fixture');
    expect(
      desiredStateDigest(oneProviderDesired({ ...desired, zones: [{ ...zone, defaultTtl: 60 }, ...rest] })),
    ).not.toBe(desiredStateDigest(desired));
  });

  it("the desired state's does not depend on the order its zones come in (files read in another order)", () => {
    const { desired } = reviewFixture();
    expect(desired.zones.length).toBeGreaterThan(1);
    const reversed: DesiredState = oneProviderDesired({ ...desired, zones: [...desired.zones].reverse() });
    expect(desiredStateDigest(reversed)).toBe(desiredStateDigest(desired));
  });
});
