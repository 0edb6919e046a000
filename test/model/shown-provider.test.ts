import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/dns.js';
import { type DnsProviderSpec, IMPLICIT_PROVIDER } from '../../src/model/dns-provider-spec.js';
import {
  implicitProviderOf,
  providerOfShown,
  shownJson,
  shownOn,
  shownProvider,
  shownProviderSpecs,
  shownTarget,
  shownTargetText,
} from '../../src/model/shown-provider.js';

const named = (name: string, type = name): DnsProviderSpec => ({ name, type, options: {} });

function desired(dnsProviders: DnsProviderSpec[], geoProvider?: string): DesiredState {
  return { zones: [], dnsProviders, ...(geoProvider === undefined ? {} : { geoProvider }) };
}

describe('how targets show their DNS provider', () => {
  it('knows the implicit provider from its spec, never from its name', () => {
    expect(implicitProviderOf(desired([IMPLICIT_PROVIDER]))).toBe('dyn');
    expect(implicitProviderOf(desired([named('dyn'), named('pdns', 'powerdns')]))).toBeUndefined();
  });

  it('the implicit provider shows none; a provider written under providers: shows its name, even one named dyn', () => {
    expect(shownProvider('dyn', 'dyn')).toBeUndefined();
    expect(shownProvider('dyn', undefined)).toBe('dyn');
    expect(shownProvider('pdns', 'dyn')).toBe('pdns');
    expect(shownOn('dyn', 'dyn')).toBe('');
    expect(shownOn('pdns', undefined)).toBe(' on pdns');
  });

  it('reads a shown provider back to the name its live state and provider are kept under', () => {
    expect(providerOfShown(undefined)).toBe(IMPLICIT_PROVIDER.name);
    expect(providerOfShown('pdns')).toBe('pdns');
  });

  it('shows a target without its provider only on the implicit one; services name none', () => {
    const zone = { kind: 'zone', name: 'example.com', provider: 'dyn' } as const;
    expect(shownTarget(zone, 'dyn')).toStrictEqual({ kind: 'zone', name: 'example.com' });
    expect(shownTarget(zone, undefined)).toStrictEqual(zone);
    expect(shownTargetText(zone, 'dyn')).toBe('zone:example.com');
    expect(shownTargetText({ ...zone, kind: 'secondary', provider: 'pdns' }, 'dyn')).toBe(
      'secondary:example.com@pdns',
    );
    expect(shownTargetText({ kind: 'geo', name: 'Web' }, 'dyn')).toBe('geo:Web');
  });

  it('drops the implicit provider from what is on a DNS provider, keeps a step’s writer and every other one', () => {
    const plan = {
      steps: [
        { kind: 'zone', provider: 'dyn', target: { kind: 'zone', name: 'a.test', provider: 'dyn' } },
        { kind: 'secondary', provider: 'dyn', target: { kind: 'secondary', name: 'dyn', provider: 'dyn' } },
      ],
      zones: [
        { zone: 'a.test', provider: 'dyn', serial: 1 },
        { zone: 'b.test', provider: 'pdns', serial: 2 },
      ],
      geo: { kind: 'geo', name: 'Web', provider: 'dyn' },
    };
    expect(shownJson(plan, 'dyn')).toEqual({
      steps: [
        { kind: 'zone', provider: 'dyn', target: { kind: 'zone', name: 'a.test' } },
        { kind: 'secondary', provider: 'dyn', target: { kind: 'secondary', name: 'dyn' } },
      ],
      zones: [
        { zone: 'a.test', serial: 1 },
        { zone: 'b.test', provider: 'pdns', serial: 2 },
      ],
      geo: { kind: 'geo', name: 'Web', provider: 'dyn' },
    });
    expect(shownJson(plan, undefined)).toBe(plan);
  });

  it('digests the providers section only when it was written: a plan of the implicit provider digests as before', () => {
    expect(shownProviderSpecs(desired([IMPLICIT_PROVIDER], 'dyn'))).toBeUndefined();
    const specs = [named('dyn'), named('pdns', 'powerdns')];
    expect(shownProviderSpecs(desired(specs, 'dyn'))).toEqual({ providers: specs, geoProvider: 'dyn' });
    expect(shownProviderSpecs(desired(specs))).toEqual({ providers: specs, geoProvider: null });
  });
});
