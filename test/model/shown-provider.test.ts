import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/dns.js';
import { type DnsProviderSpec, IMPLICIT_PROVIDER } from '../../src/model/dns-provider-spec.js';
import {
  providerOfShown,
  shownProvider,
  shownProviderSpecs,
  shownProviders,
} from '../../src/model/shown-provider.js';

const named = (name: string, type = name): DnsProviderSpec => ({ name, type, options: {} });

function desired(dnsProviders: DnsProviderSpec[], geoProvider?: string): DesiredState {
  return { zones: [], dnsProviders, ...(geoProvider === undefined ? {} : { geoProvider }) };
}

describe('how targets show their DNS provider', () => {
  it('the implicit provider shows none; a provider written under providers: shows its name, even one named dyn', () => {
    expect(shownProvider(IMPLICIT_PROVIDER)).toBeUndefined();
    expect(shownProvider(named('dyn'))).toBe('dyn');
    expect(shownProvider(named('pdns', 'powerdns'))).toBe('pdns');
  });

  it('reads a shown provider back to the name its live state and provider are kept under', () => {
    expect(providerOfShown(undefined)).toBe(IMPLICIT_PROVIDER.name);
    expect(providerOfShown('pdns')).toBe('pdns');
  });

  it('shows each provider a zone lists: none on the implicit one, by name on the others', () => {
    expect(shownProviders(desired([IMPLICIT_PROVIDER]), ['dyn'])).toEqual([undefined]);
    expect(shownProviders(desired([named('dyn'), named('pdns')]), ['dyn', 'pdns'])).toEqual(['dyn', 'pdns']);
  });

  it('digests the providers section only when it was written: a plan of the implicit provider digests as before', () => {
    expect(shownProviderSpecs(desired([IMPLICIT_PROVIDER], 'dyn'))).toBeUndefined();
    const specs = [named('dyn'), named('pdns', 'powerdns')];
    expect(shownProviderSpecs(desired(specs, 'dyn'))).toEqual({ providers: specs, geoProvider: 'dyn' });
    expect(shownProviderSpecs(desired(specs))).toEqual({ providers: specs, geoProvider: null });
  });
});
