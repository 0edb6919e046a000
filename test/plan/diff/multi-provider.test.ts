import { describe, expect, it } from 'vitest';
import type { DesiredState, DesiredZone, LiveZone } from '../../../src/model/dns.js';
import { IMPLICIT_PROVIDER } from '../../../src/model/dns-provider-spec.js';
import { dnsParts } from '../../../src/model/dns-providers.js';
import type { LiveState } from '../../../src/model/live.js';
import { compareTargets, parseTarget, targetText } from '../../../src/model/target.js';
import {
  computePlan,
  desiredDigests,
  type PlanProviders,
  parseTargets,
  planFingerprints,
  scopeDesired,
} from '../../../src/plan/index.js';
import { DYN, oneProviderDesired } from '../../support/one-provider.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const zone = (name: string, providers?: string[]): DesiredZone => ({
  zone: name,
  defaultTtl: 3600,
  records: [{ fqdn: `www.${name}`, type: 'A', ttl: 300, values: ['192.0.2.1'] }],
  unmanaged: [],
  ...(providers ? { providers } : { providers: [DYN] }),
});

const liveZone = (name: string, values: string[]): LiveZone => ({
  zone: name,
  serial: 7,
  serialStyle: 'increment',
  records: [
    {
      fqdn: `www.${name}`,
      type: 'A',
      records: values.map((value, i) => ({ ref: `r${i}`, ttl: 300, value })),
    },
  ],
  unsupported: [],
});

/** example.com on both providers, only.org on pdns alone. */
const DESIRED: DesiredState = {
  zones: [zone('example.com', ['dyn', 'pdns']), zone('only.org', ['pdns'])],
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'listed', geoServices: 'listed' },
  dnsProviders: [
    { name: 'dyn', type: 'dyn', options: {} },
    { name: 'pdns', type: 'powerdns', options: { url_env: 'EDGEPLAN_U', api_key_env: 'EDGEPLAN_K' } },
  ],
  geoProvider: 'dyn',
};

/** example.com in sync on dyn, stale on pdns; only.org absent on pdns. */
const LIVE: LiveState = {
  dns: {
    dyn: { zones: { 'example.com': liveZone('example.com', ['192.0.2.1']) } },
    pdns: { zones: { 'example.com': liveZone('example.com', ['192.0.2.9']), 'only.org': null } },
  },
};

function providers() {
  const dyn = fakeProviders();
  const pdns = fakeProviders();
  const compiler = (fake: typeof dyn, name: string) => {
    const dns = fake.dns?.[DYN];
    if (!dns) throw new Error('fakeProviders gives a DNS compiler');
    return { ...dns, name };
  };
  const plan: PlanProviders = { dns: { dyn: compiler(dyn, 'dyn'), pdns: compiler(pdns, 'pdns') } };
  return { dyn, pdns, plan };
}

describe('targets on a DNS provider', () => {
  it('print and read as kind:name@provider for zones and secondary zones only', () => {
    expect(targetText({ kind: 'zone', name: 'example.com', provider: 'pdns' })).toBe('zone:example.com@pdns');
    expect(parseTarget('zone:example.com@pdns')).toEqual({
      kind: 'zone',
      name: 'example.com',
      provider: 'pdns',
    });
    expect(parseTarget('secondary:x.example@dyn')).toEqual({
      kind: 'secondary',
      name: 'x.example',
      provider: 'dyn',
    });
    expect(parseTarget('geo:ops@home')).toEqual({ kind: 'geo', name: 'ops@home' });
    expect(parseTarget('zone:example.com')).toEqual({ kind: 'zone', name: 'example.com' });
    expect(parseTarget('zone:@pdns')).toBeNull();
    expect(parseTarget('zone:example.com@')).toBeNull();
    const sorted = [
      { kind: 'zone' as const, name: 'b.example', provider: 'dyn' },
      { kind: 'zone' as const, name: 'a.example', provider: 'pdns' },
      { kind: 'zone' as const, name: 'a.example', provider: 'dyn' },
    ].sort(compareTargets);
    expect(sorted.map(targetText)).toEqual([
      'zone:a.example@dyn',
      'zone:a.example@pdns',
      'zone:b.example@dyn',
    ]);
  });

  it('--target zone:name matches the zone on every provider, zone:name@p on one', () => {
    const both = scopeDesired(DESIRED, parseTargets(['zone:example.com']));
    expect(both.zones.map((z) => [z.zone, z.providers])).toEqual([['example.com', ['dyn', 'pdns']]]);
    const one = scopeDesired(DESIRED, parseTargets(['zone:*@pdns']));
    expect(one.zones.map((z) => [z.zone, z.providers])).toEqual([
      ['example.com', ['pdns']],
      ['only.org', ['pdns']],
    ]);
    expect(scopeDesired(DESIRED, parseTargets(['zone:only.org@dyn'])).zones).toEqual([]);
  });
});

describe('a plan over several DNS providers', () => {
  it('splits the desired state per provider; a state without providers: is one part, on the implicit provider', () => {
    expect(dnsParts(DESIRED).map((part) => [part.name, part.desired.zones.map((z) => z.zone)])).toEqual([
      ['dyn', ['example.com']],
      ['pdns', ['example.com', 'only.org']],
    ]);
    const { dnsProviders: _p, geoProvider: _g, ...rest } = DESIRED;
    const single = oneProviderDesired({
      ...rest,
      zones: rest.zones.map((zone) => ({ ...zone, providers: [DYN] })),
    });
    const parts = dnsParts(single);
    expect(parts.map((part) => [part.spec, part.name, part.implicit, part.desired.zones])).toEqual([
      [IMPLICIT_PROVIDER, DYN, DYN, single.zones],
    ]);
  });

  it('diffs each provider against its own live state, compiles with its own compiler, one step per target', () => {
    const { dyn, pdns, plan: planProviders } = providers();
    const plan = computePlan(DESIRED, LIVE, planProviders);
    expect(plan.steps.map((step) => [step.id, step.provider])).toEqual([
      ['zone:example.com@pdns', 'pdns'],
      ['zone:only.org@pdns', 'pdns'],
    ]);
    expect(dyn.calls.zones).toEqual([]);
    expect(pdns.calls.zones.map((input) => input.zone)).toEqual(['example.com', 'only.org']);
    const providerOf = (address: object) => ('provider' in address ? address.provider : undefined);
    expect(
      plan.changes.map((change) => [change.address.kind, providerOf(change.address), change.action]),
    ).toEqual([
      ['record-set', 'pdns', 'update'],
      ['zone', 'pdns', 'create'],
      ['record-set', 'pdns', 'create'],
    ]);
  });

  it('lists zones and secondary zones by name, then provider, not provider by provider', () => {
    const secondary = (name: string, on: string[]) => ({
      zone: name,
      masters: ['192.0.2.53'],
      contactNickname: null,
      tsigKeyName: null,
      providers: on,
    });
    const desired: DesiredState = oneProviderDesired({
      ...DESIRED,
      zones: [zone('a.example', ['dyn', 'pdns']), zone('b.example', ['dyn'])],
      secondaryZones: [secondary('c.example', ['dyn', 'pdns']), secondary('d.example', ['dyn'])],
    });
    const absent = { zones: { 'a.example': null, 'b.example': null }, secondaryZones: [] };
    const live: LiveState = { dns: { dyn: absent, pdns: absent } };
    const plan = computePlan(desired, live, providers().plan);
    const onProvider = (z: { zone: string; provider?: string }) => `${z.zone}@${z.provider}`;
    expect(plan.zones.map(onProvider)).toEqual(['a.example@dyn', 'a.example@pdns', 'b.example@dyn']);
    expect(
      plan.changes.map(
        (change) => `${change.address.kind} ${'zone' in change.address ? onProvider(change.address) : ''}`,
      ),
    ).toEqual([
      'zone a.example@dyn',
      'record-set a.example@dyn',
      'zone a.example@pdns',
      'record-set a.example@pdns',
      'zone b.example@dyn',
      'record-set b.example@dyn',
      'secondary c.example@dyn',
      'secondary c.example@pdns',
      'secondary d.example@dyn',
    ]);
  });

  it('keys desired digests and live fingerprints per provider', () => {
    const digests = desiredDigests(DESIRED);
    expect([...digests.keys()]).toEqual([
      'zone:example.com@dyn',
      'zone:example.com@pdns',
      'zone:only.org@pdns',
    ]);
    expect(digests.get('zone:example.com@dyn')?.digest).toBe(digests.get('zone:example.com@pdns')?.digest);
    const { plan: planProviders } = providers();
    const plan = computePlan(DESIRED, LIVE, planProviders);
    const fingerprints = planFingerprints(plan, DESIRED, LIVE);
    const live = Object.fromEntries(fingerprints.targets.map((t) => [targetText(t.target), t.live]));
    expect(live['zone:example.com@dyn']).not.toBeNull();
    expect(live['zone:example.com@dyn']).not.toBe(live['zone:example.com@pdns']);
    expect(live['zone:only.org@pdns']).toBeNull();
  });
});
