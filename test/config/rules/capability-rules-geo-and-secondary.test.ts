import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../../src/config/index.js';
import { problemsWith, providerLike, tempTree } from '../helpers.js';

/**
 * Capability refusals a provider's own tests do not reach: a value refused inside a geo group, and secondary-zone
 * fields on a provider without them, each reported once and only where it applies.
 */

const GEO_AND_SECONDARY = `zones:
  example.com:
    records: {}
secondary_zones:
  partner.example.net: { masters: [203.0.113.1], tsig_key_name: partner-key }
geo_services:
  Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.66] }]
`;

async function problemsOf(options: LoadOptions, yaml: string): Promise<string[]> {
  const dir = await tempTree({ 'dns.yaml': yaml });
  return (await problemsWith(options, join(dir, 'dns.yaml'))).map((line) => line.replaceAll(`${dir}/`, ''));
}

const capabilities = (secondaryZones: boolean) => ({
  recordTypes: ['A'],
  geoServices: true,
  secondaryZones,
  secondaryZoneContacts: false,
  maxRecordsPerName: {},
  valueProblem: (type: string, value: string) =>
    type === 'A' && value === '192.0.2.66' ? 'refuses 192.0.2.66' : null,
});

describe('provider capabilities, edges', () => {
  it('refuses a value in a geo group as in a zone, and a TSIG key name on a provider without it', async () => {
    expect(await problemsOf(providerLike('p', capabilities(true)), GEO_AND_SECONDARY)).toEqual([
      'dns.yaml:5:50: secondary zone "partner.example.net": the DNS provider p has no tsig_key_name on a secondary zone; leave it out',
      'dns.yaml:8:50: group "All" of geo service "Web" A: the DNS provider p refuses 192.0.2.66',
    ]);
  });

  it('refuses secondary zones once where the provider has none, not also their fields', async () => {
    expect(await problemsOf(providerLike('p', capabilities(false)), GEO_AND_SECONDARY)).toEqual([
      'dns.yaml:5:3: secondary zone "partner.example.net": the DNS provider p does not support secondary zones',
      'dns.yaml:8:50: group "All" of geo service "Web" A: the DNS provider p refuses 192.0.2.66',
    ]);
  });
});
