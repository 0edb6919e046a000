import { describe, expect, it } from 'vitest';
import { recordSets, tellingLiveSize } from '../../../src/cli/services/live-size.js';
import type { DnsProvider, LiveDnsState, LiveZone } from '../../../src/model/dns.js';

/** A zone of `count` record sets (only their number matters here). */
function zone(name: string, count: number): LiveZone {
  const records = Array.from({ length: count }, (_, i) => ({ fqdn: `r${i}.${name}` }));
  return { zone: name, serial: 1, serialStyle: 'increment', records } as unknown as LiveZone;
}

/** A provider whose zone reads answer `live`; the other members are what the wrapper must keep as they are. */
function provider(live: LiveDnsState): DnsProvider {
  return {
    name: 'files',
    readZones: async () => live,
    close: async () => {},
  } as unknown as DnsProvider;
}

describe('tellingLiveSize', () => {
  it('tells the record sets of each zone read, once it returned, and returns the read unchanged', async () => {
    const live: LiveDnsState = { zones: { 'a.example': zone('a.example', 3), 'b.example': null } };
    const told: number[] = [];
    const original = provider(live);
    const wrapped = tellingLiveSize({ dns: { files: original } }, (n) => told.push(n));
    const files = wrapped.dns?.files;
    expect(told).toEqual([]);
    expect(await files?.readZones(['a.example', 'b.example'])).toBe(live);
    expect(told).toEqual([3]);
    expect(files?.name).toBe('files');
    expect(files?.close).toBe(original.close);
  });

  it('adds every zone of one read', () => {
    expect(
      recordSets({ zones: { 'a.example': zone('a.example', 2), 'c.example': zone('c.example', 5) } }),
    ).toBe(7);
    expect(recordSets({ zones: {} })).toBe(0);
  });

  it('leaves providers without DNS as they are', () => {
    const providers = {};
    expect(tellingLiveSize(providers, () => {})).toBe(providers);
  });
});
