import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { GeoService } from '../../../src/model/geo.js';
import type { LiveState } from '../../../src/model/live.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import { computePlan, parseTargets, scopeDesired, scopeLive } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

/**
 * `--target` with `manage: all`: the plan of the scoped desired and live state deletes an unlisted live secondary
 * zone or geo service only when a pattern of its kind matches its name.
 */

const secondary = (zone: string): LiveSecondaryZone => ({
  zone,
  masters: ['203.0.113.1'],
  contactNickname: '',
  tsigKeyName: '',
  active: 'Y',
});
const geo = (name: string): GeoService => ({
  name,
  groups: [{ name: 'Everyone', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.80'] }] }],
  nodes: [],
});

const desired: DesiredState = oneProviderDesired({
  zones: [desiredZone('example.com', { 'www.example.com': [['192.0.2.1']] })],
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'all', geoServices: 'all' },
});
const live: LiveState = oneProviderLive({
  zones: { 'example.com': liveZone('example.com', 1, { 'www.example.com': [[1, '192.0.2.2', 3600]] }) },
  secondaryZones: [secondary('legacy.example'), secondary('partner.example')],
  geoServices: [geo('Legacy Web'), geo('Partner Web')],
});

/** The changes of the scoped plan, as `kind:name action`. */
function scopedChanges(...patterns: string[]): string[] {
  const scope = parseTargets(patterns);
  const plan = computePlan(scopeDesired(desired, scope), scopeLive(live, scope, desired), fakeProviders());
  return plan.changes.map(({ address, action }) => {
    const name = 'fqdn' in address ? address.fqdn : 'name' in address ? address.name : address.zone;
    return `${address.kind}:${name} ${action}`;
  });
}

describe('--target under manage: all', () => {
  it('a zone pattern alone deletes no secondary zone and no geo service', () => {
    expect(scopedChanges('zone:example.com')).toEqual(['record-set:www.example.com update']);
  });

  it('a secondary pattern deletes only the unlisted secondary zones it matches, and no geo service', () => {
    expect(scopedChanges('secondary:legacy*')).toEqual(['secondary:legacy.example delete']);
  });

  it('a geo pattern deletes only the unlisted geo services it matches, and no secondary zone', () => {
    expect(scopedChanges('geo:partner*')).toEqual(['geo:Partner Web delete']);
  });

  it('patterns of every kind delete what each matches, and only that', () => {
    expect(scopedChanges('secondary:*', 'geo:legacy*').sort()).toEqual([
      'geo:Legacy Web delete',
      'secondary:legacy.example delete',
      'secondary:partner.example delete',
    ]);
  });

  it('a secondary pattern keeps the listed secondary zones it matches: only the unlisted one is deleted', () => {
    const listed: DesiredState = oneProviderDesired({
      ...desired,
      secondaryZones: [
        { zone: 'partner.example', masters: ['203.0.113.1'], contactNickname: null, tsigKeyName: null },
      ],
    });
    const scope = parseTargets(['secondary:*']);
    const scoped = scopeDesired(listed, scope);
    expect(scoped.secondaryZones?.map((z) => z.zone)).toEqual(['partner.example']);
    const plan = computePlan(scoped, scopeLive(live, scope, scoped), fakeProviders());
    expect(
      plan.changes.map(({ address, action }) => [
        address.kind,
        action,
        address.kind === 'secondary' && address.zone,
      ]),
    ).toEqual([['secondary', 'delete', 'legacy.example']]);
  });

  it('a webapp pattern alone reads and deletes nothing of the DNS services', () => {
    const scope = parseTargets(['webapp:shop']);
    expect(scopeDesired(desired, scope).manage).toEqual({ secondaryZones: 'listed', geoServices: 'listed' });
    expect(scopedChanges('webapp:shop')).toEqual([]);
  });
});

describe('--target and a renamed geo service', () => {
  const renamed: DesiredState = oneProviderDesired({
    ...desired,
    geoServices: [{ ...geo('World Web'), renamedFrom: 'Legacy Web' }],
  });

  it('a pattern of the new name keeps the live service under its old name: one rename, not a create', () => {
    const scope = parseTargets(['geo:World Web']);
    const scoped = scopeDesired(renamed, scope);
    const plan = computePlan(scoped, scopeLive(live, scope, scoped), fakeProviders());
    expect(
      plan.changes.map((c) => [c.address, c.action, c.before && 'name' in c.before && c.before.name]),
    ).toEqual([[{ kind: 'geo', name: 'World Web' }, 'update', 'Legacy Web']]);
  });
});
