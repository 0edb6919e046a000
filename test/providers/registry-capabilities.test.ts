import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDnsProvider } from '../../src/connect/openers.js';
import type { DnsProvider } from '../../src/model/dns.js';
import type { ProviderOptions } from '../../src/model/dns-provider-spec.js';
import { DNS_PROVIDERS } from '../../src/providers/registry.js';

/**
 * A provider's capabilities and what it opens agree, for every registered provider: one that declares geo services
 * or secondary zones has their reader and their compiler, one that does not has neither (model/dns.ts: absent
 * exactly when the capability is false), so it can neither claim what it lacks nor carry an empty stub. Each is
 * opened as a run opens it (its plug-in, from the environment), with every set of options its capabilities depend
 * on; opening sends nothing, so the addresses lead nowhere.
 */

// Time budget: ten times its slowest test (3.4 s on 2 cores at load 18, most of it importing every provider's client
// for the first time), rounded up.
vi.setConfig({ testTimeout: 40_000 });

const KEY = `hmac-sha256:edgeplan:${Buffer.alloc(32, 7).toString('base64')}`;

interface Opening {
  options: ProviderOptions;
  env: Record<string, string>;
}

/** How each registered type opens here: every one, with each option its capabilities read. */
function openings(dir: string): Record<string, Opening[]> {
  const pdns = { EDGEPLAN_T_URL: 'http://127.0.0.1:9', EDGEPLAN_T_KEY: 'registry-capabilities-key' };
  const pdnsOptions = { url_env: 'EDGEPLAN_T_URL', api_key_env: 'EDGEPLAN_T_KEY' };
  const dnsUpdate = { dnsupdate_server_env: 'EDGEPLAN_T_DNS', dnsupdate_tsig_env: 'EDGEPLAN_T_TSIG' };
  return {
    dyn: [
      {
        options: {},
        env: {
          EDGEPLAN_DYN_URL: 'https://127.0.0.1:9/REST',
          EDGEPLAN_DYN_CUSTOMER: 'registry-capabilities',
          EDGEPLAN_DYN_USER: 'registry-capabilities',
          EDGEPLAN_DYN_PASSWORD: 'registry-capabilities-password',
        },
      },
    ],
    powerdns: [
      { options: pdnsOptions, env: pdns },
      { options: { ...pdnsOptions, alias: true }, env: pdns },
      {
        options: { ...pdnsOptions, ...dnsUpdate },
        env: { ...pdns, EDGEPLAN_T_DNS: '127.0.0.1:9', EDGEPLAN_T_TSIG: KEY },
      },
    ],
    rfc2136: [
      {
        options: { server_env: 'EDGEPLAN_T_DNS', tsig_env: 'EDGEPLAN_T_TSIG' },
        env: { EDGEPLAN_T_DNS: '127.0.0.1:9', EDGEPLAN_T_TSIG: KEY },
      },
    ],
    zonefile: [{ options: { directory: dir }, env: {} }],
  };
}

/** What a provider's capability flags say that its members do not bear out; empty when they agree. */
function capabilityMismatches(provider: DnsProvider): string[] {
  const parts = {
    geoServices: [provider.readGeoServices, provider.compileGeo],
    secondaryZones: [provider.readSecondaryZones, provider.compileSecondary],
  } as const;
  return Object.entries(parts).flatMap(([capability, members]) => {
    const declared = provider.capabilities[capability as keyof typeof parts];
    const present = members.map((member) => typeof member === 'function');
    if (present.every((is) => is === declared)) return [];
    return [`${capability} is ${declared}, its reader and compiler are ${present.join(' and ')}`];
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-capabilities-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the capabilities of every registered provider', () => {
  it('are opened here for every registered type, no more', () => {
    expect(Object.keys(openings(dir)).sort()).toEqual(DNS_PROVIDERS.map((plugin) => plugin.type).sort());
  });

  it('are what its plug-in declares, with the reader and compiler of each and none of what it lacks', async () => {
    const seen: Record<string, boolean[]> = { geoServices: [], secondaryZones: [] };
    for (const plugin of DNS_PROVIDERS) {
      for (const { options, env } of openings(dir)[plugin.type] ?? []) {
        const label = `${plugin.type} ${JSON.stringify(options)}`;
        const provider = await openDnsProvider({ name: plugin.type, type: plugin.type, options }, env);
        try {
          expect(provider.capabilities, label).toEqual(plugin.capabilities(options));
          expect(capabilityMismatches(provider), label).toEqual([]);
          seen.geoServices?.push(provider.capabilities.geoServices);
          seen.secondaryZones?.push(provider.capabilities.secondaryZones);
        } finally {
          await provider.close();
        }
      }
    }
    // Both ways of each capability are among the registered providers, so both halves of the check ran.
    expect(new Set(seen.geoServices)).toEqual(new Set([true, false]));
    expect(new Set(seen.secondaryZones)).toEqual(new Set([true, false]));
  });

  it('tells a provider that claims what it lacks, or carries a part it does not declare', () => {
    const base = { capabilities: { geoServices: true, secondaryZones: false } } as DnsProvider;
    const read = async () => [];
    expect(capabilityMismatches({ ...base, compileGeo: () => [] })).toEqual([
      'geoServices is true, its reader and compiler are false and true',
    ]);
    expect(
      capabilityMismatches({
        ...base,
        readGeoServices: read,
        compileGeo: () => [],
        readSecondaryZones: read,
      }),
    ).toEqual(['secondaryZones is false, its reader and compiler are true and false']);
    expect(capabilityMismatches({ ...base, readGeoServices: read, compileGeo: () => [] })).toEqual([]);
  });
});
