import { describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../../src/config/index.js';
import { DYN_CAPABILITIES } from '../../../src/providers/dyn/capabilities.js';
import { pdnsCapabilities } from '../../../src/providers/pdns/capabilities.js';
import { rfc2136Capabilities } from '../../../src/providers/rfc2136/capabilities.js';
import { BAD, desired, problemsWith, providerLike, tempTree } from '../helpers.js';

const file = `${BAD}/capabilities.yaml`;
const NO_RECORDS =
  'is inside zone "example.com" but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone\'s unmanaged)';

/** A small provider: A and MX only, two A records per name, no geo services, no secondary zones. */
const SMALL: LoadOptions = providerLike('small', {
  recordTypes: ['A', 'MX'],
  geoServices: false,
  secondaryZones: false,
  maxRecordsPerName: { A: 2 },
});

describe('provider capabilities', () => {
  it('refuses, where each is written, what the provider cannot do', async () => {
    expect(await problemsWith(SMALL, file)).toEqual([
      `${file}:5:9: record "@" has 3 A values, but the DNS provider small allows at most 2 A records per name`,
      // Lint warnings are reported with the problems (docs/lints.md).
      ...[14, 50, 87].map(
        (col, i) =>
          `${file}:6:${col}: warning: record "@" MX: mail${i > 0 ? i + 1 : ''}.example.com. ${NO_RECORDS}`,
      ),
      `${file}:7:14: record "www": the DNS provider small does not support record type CNAME: leave it out of the zones this provider serves, or serve them from a provider that holds CNAME (docs/record-types.md lists which)`,
      `${file}:10:3: secondary zone "partner.example.net": the DNS provider small does not support secondary zones`,
      `${file}:12:3: geo service "Global Web": the DNS provider small does not support geo services`,
      `${file}:14:46: group "Everyone" of geo service "Global Web": the DNS provider small does not support record type CNAME: leave it out of the zones this provider serves, or serve them from a provider that holds CNAME (docs/record-types.md lists which)`,
    ]);
  });

  it('allows every registered type, both services and any number of records without capabilities', async () => {
    const state = await desired(file);
    expect(state.zones[0]?.records.map((set) => `${set.type} ${set.values.length}`)).toEqual([
      'A 3',
      'MX 3',
      'A 2',
      'CNAME 1',
    ]);
    expect(state.secondaryZones).toHaveLength(1);
    expect(state.geoServices).toHaveLength(1);
  });
});

describe('values a provider refuses although their type allows them', () => {
  it('are problems at the value, with what the provider takes', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      "@":',
        '        caa:',
        '          - { flags: 0, tag: issue, value: letsencrypt.org }',
        '          - { flags: 0, tag: contactemail, value: hostmaster@example.com }',
      ].join('\n'),
    });
    const caaOnly: LoadOptions = providerLike('dyn', {
      recordTypes: ['CAA'],
      geoServices: false,
      secondaryZones: false,
      maxRecordsPerName: {},
      valueProblem: (type, value) => (type === 'CAA' && value.includes('contactemail') ? 'refuses it' : null),
    });
    expect(await problemsWith(caaOnly, `${dir}/zones.yaml`)).toEqual([
      `${dir}/zones.yaml:7:13: record "@" CAA: the DNS provider dyn refuses it`,
    ]);
  });
});

describe('types a provider does not hold', () => {
  it('are refused once each, by the provider name, with what to do instead (Dyn has no HTTPS or SVCB)', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      "@": { https: [{ priority: 1, target: ., params: { alpn: "h2,h3", ipv4hint: 192.0.2.1 } }] }',
        '      _dns: { svcb: [{ priority: 1, target: dns.example.net., params: { alpn: h2 } }] }',
      ].join('\n'),
    });
    const dyn: LoadOptions = providerLike('dyn', DYN_CAPABILITIES);
    const advice = (type: string) =>
      `the service has no ${type} records (RFC 9460); serve this zone from a provider that holds them ` +
      `(powerdns, rfc2136, zonefile), or publish the same endpoints as A/AAAA records and leave ${type} out of this zone`;
    expect(await problemsWith(dyn, `${dir}/zones.yaml`)).toEqual([
      `${dir}/zones.yaml:4:14: record "@": the DNS provider dyn does not support record type HTTPS: ${advice('HTTPS')}`,
      `${dir}/zones.yaml:5:15: record "_dns": the DNS provider dyn does not support record type SVCB: ${advice('SVCB')}`,
    ]);
  });
});

describe('DNSKEY, which a DNS server keeps with its own signing keys', () => {
  const zone = [
    'zones:',
    '  example.com:',
    '    records:',
    '      "@": { dnskey: [{ flags: 257, protocol: 3, algorithm: 13, public_key: mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ== }] }',
  ].join('\n');

  it("is refused once by PowerDNS, which serves a signed zone's DNSKEY set from its keystore, not records", async () => {
    const dir = await tempTree({ 'zones.yaml': zone });
    expect(await problemsWith(providerLike('powerdns', pdnsCapabilities()), `${dir}/zones.yaml`)).toEqual([
      `${dir}/zones.yaml:4:14: record "@": the DNS provider powerdns does not support record type DNSKEY: ` +
        "PowerDNS serves a signed zone's DNSKEY set from its own keys (pdnsutil secure-zone / add-zone-key) and " +
        'ignores DNSKEY records there: leave dnskey out of this zone and manage the keys there',
    ]);
  });

  it('is refused once over RFC 2136, whose servers keep it with their DNSSEC signing', async () => {
    const dir = await tempTree({ 'zones.yaml': zone });
    expect(await problemsWith(providerLike('rfc2136', rfc2136Capabilities()), `${dir}/zones.yaml`)).toEqual([
      `${dir}/zones.yaml:4:14: record "@": the DNS provider rfc2136 does not support record type DNSKEY: ` +
        "a server keeps a zone's DNSKEY set with its DNSSEC signing (BIND's dnssec-policy, Knot's dnssec-signing), " +
        'and BIND refuses one sent by UPDATE: leave dnskey out of this zone and manage the keys on the server',
    ]);
  });

  it('is held by Dyn and zone files', async () => {
    const dir = await tempTree({ 'zones.yaml': zone });
    const state = await desired(`${dir}/zones.yaml`);
    expect(state.zones[0]?.records.map((set) => set.type)).toEqual(['DNSKEY']);
    expect(DYN_CAPABILITIES.recordTypes).toContain('DNSKEY');
  });
});
