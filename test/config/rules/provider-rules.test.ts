import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadOptions, loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import type { ProviderOptions } from '../../../src/model/dns-provider-spec.js';
import { IMPLICIT_PROVIDER } from '../../../src/model/dns-provider-spec.js';
import type { DnsCapabilities } from '../../../src/model/provider.js';
import { RECORD_TYPES } from '../../../src/model/record-types/index.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';
import { catalogueWith, tempTree } from '../helpers.js';

/** As the CLI passes them: Dyn supports geo services, PowerDNS does not (and no ALIAS unless `alias: true`). */
type CapabilitiesOf = (type: string, options: ProviderOptions) => DnsCapabilities;
const capabilitiesOf: CapabilitiesOf = (type, options) => ({
  recordTypes: RECORD_TYPES.map((t) => t.type).filter(
    (t) => type === 'dyn' || options.alias || t !== 'ALIAS',
  ),
  geoServices: type === 'dyn',
  secondaryZones: true,
  secondaryZoneContacts: type === 'dyn',
  maxRecordsPerName: Object.fromEntries(type === 'dyn' ? [['A', 13]] : []),
});
const OPTIONS: LoadOptions = { catalogue: catalogueWith(capabilitiesOf) };

const PROVIDERS = `providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, server: localhost }
`;

async function load(yaml: string, options: LoadOptions = OPTIONS) {
  const dir = await tempTree({ 'desired.yaml': yaml });
  const result = await loadDesiredState([dir], options);
  const file = join(dir, 'desired.yaml');
  return result.ok
    ? { ok: true as const, desired: result.desired }
    : {
        ok: false as const,
        problems: result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${file}:`, '')),
      };
}

describe('providers: in the desired state', () => {
  it('puts each zone on the providers it lists, sorted, with the specs sorted by name', async () => {
    const result = await load(`${PROVIDERS}zones:
  example.com:
    providers: [pdns, dyn]
    records: { "@": { a: [192.0.2.1] } }
  only-pdns.com:
    providers: [pdns]
    records: { www: { cname: web.example.net. } }
`);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.desired.zones.map((zone) => [zone.zone, zone.providers])).toEqual([
      ['example.com', ['dyn', 'pdns']],
      ['only-pdns.com', ['pdns']],
    ]);
    const declaredIn = expect.stringMatching(/desired\.yaml$/);
    expect(result.desired.dnsProviders).toEqual([
      { name: 'dyn', type: 'dyn', options: {}, declaredIn },
      {
        name: 'pdns',
        type: 'powerdns',
        options: { url_env: 'EDGEPLAN_PDNS_URL', api_key_env: 'EDGEPLAN_PDNS_API_KEY', server: 'localhost' },
        declaredIn,
      },
    ]);
    expect(result.desired.geoProvider).toBe('dyn');
  });

  it('defaults a zone to the one provider configured', async () => {
    const result = await load(`providers:
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
zones:
  example.com: { records: { "@": { a: [192.0.2.1] } } }
secondary_zones:
  partner.example.net: { masters: [192.0.2.53] }
`);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.desired.zones[0]?.providers).toEqual(['pdns']);
    expect(result.desired.secondaryZones?.[0]?.providers).toEqual(['pdns']);
    expect(result.desired.geoProvider).toBeUndefined();
  });

  it('without providers:, puts everything on the one Dyn provider the loader creates', async () => {
    const result = await load('zones:\n  example.com: { records: { "@": { a: [192.0.2.1] } } }\n');
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.desired.dnsProviders).toEqual([IMPLICIT_PROVIDER]);
    expect(IMPLICIT_PROVIDER).toEqual({ name: 'dyn', type: 'dyn', options: {}, implicit: true });
    expect(result.desired.zones[0]?.providers).toEqual(['dyn']);
    expect(result.desired.geoProvider).toBe('dyn');
  });

  it('reports every problem of the section and the lists at once, where each is written', async () => {
    const result = await load(`providers:
  dyn: { type: dyn, server: X }
  dyn2: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL }
  Bad@Name: { type: powerdns, url_env: EDGEPLAN_A, api_key_env: EDGEPLAN_B }
zones:
  example.com:
    providers: [pdns, nope, pdns]
    records: { "@": { a: [192.0.2.1] } }
  unlisted.com:
    records: { "@": { a: [192.0.2.1] } }
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '2:3: EP1217 provider "dyn" reads EDGEPLAN_DYN_URL, EDGEPLAN_DYN_CUSTOMER, EDGEPLAN_DYN_USER, EDGEPLAN_DYN_PASSWORD by default, which provider "dyn2" reads too; a variable serves one role of one provider only: give it its own url_env, customer_env, user_env, password_env',
      '2:21: EP1302 server is for powerdns providers',
      '3:3: EP1217 provider "dyn2" reads EDGEPLAN_DYN_URL, EDGEPLAN_DYN_CUSTOMER, EDGEPLAN_DYN_USER, EDGEPLAN_DYN_PASSWORD by default, which provider "dyn" reads too; a variable serves one role of one provider only: give it its own url_env, customer_env, user_env, password_env',
      '4:3: EP1302 provider "pdns" of type powerdns needs api_key_env',
      '5:3: EP1106 provider name "Bad@Name" is not valid: use lower-case letters, digits, "-" and "_"',
      '8:23: EP1303 zone "example.com": provider "nope" is not under providers:',
      '8:29: EP1303 zone "example.com": provider "pdns" is listed twice',
      '10:3: EP1303 zone "unlisted.com" must list its providers: several are configured (dyn, dyn2, pdns, Bad@Name)',
    ]);
  });

  it('refuses a providers list without a providers: section', async () => {
    const result = await load('zones:\n  example.com:\n    providers: [pdns]\n');
    expect(result.ok ? [] : result.problems).toEqual([
      '3:5: EP1303 zone "example.com" lists providers, but the desired state has no providers: section',
    ]);
  });

  it('checks each zone against each of its providers: geo nodes and ALIAS are not for PowerDNS', async () => {
    const result = await load(`${PROVIDERS}zones:
  example.com:
    providers: [dyn, pdns]
    records: { "@": { alias: web.example.net. } }
  dyn-only.com:
    providers: [dyn]
    records: { "@": { alias: web.example.net. } }
geo_services:
  Global Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
    nodes: [{ zone: example.com, fqdn: geo.example.com }, { zone: dyn-only.com, fqdn: geo.dyn-only.com }]
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '7:23: EP1301 record "@": the DNS provider pdns does not support record type ALIAS: leave it out of the zones this provider serves, or serve them from a provider that holds ALIAS (docs/record-types.md lists which)',
      '14:40: EP1304 geo service "Global Web": node geo.example.com is in zone "example.com", which is on "pdns"; geo services are dyn\'s alone',
    ]);
  });

  it('refuses geo services when no provider supports them', async () => {
    const result = await load(`providers:
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
geo_services:
  Global Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '4:3: EP1304 geo service "Global Web": none of the providers supports geo services',
    ]);
  });

  it('refuses a contact or TSIG key name on a secondary zone on PowerDNS, where it has neither', async () => {
    const result = await load(`${PROVIDERS}secondary_zones:
  partner.example.net:
    providers: [dyn, pdns]
    masters: [192.0.2.53]
    contact_nickname: ops
  dyn-only.example.net: { providers: [dyn], masters: [192.0.2.53], tsig_key_name: k }
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '8:5: EP1301 secondary zone "partner.example.net": the DNS provider pdns has no contact_nickname on a secondary zone; leave it out',
    ]);
  });

  it('refuses every field of the other type, naming the type it is for', async () => {
    const result = await load(`providers:
  dyn:
    type: dyn
    api_key_env: EDGEPLAN_K
    server: localhost
    alias: true
    zone_kind: Native
    nameservers: [ns1.example.net.]
    soa_edit_api: EPOCH
  pdns:
    type: powerdns
    url_env: EDGEPLAN_PDNS_URL
    api_key_env: EDGEPLAN_PDNS_API_KEY
    customer_env: EDGEPLAN_C
    user_env: EDGEPLAN_U
    password_env: EDGEPLAN_P
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '4:5: EP1302 api_key_env is for powerdns providers',
      '5:5: EP1302 server is for powerdns providers',
      '6:5: EP1302 alias is for powerdns providers',
      '7:5: EP1302 zone_kind is for powerdns providers',
      '8:5: EP1302 nameservers is for powerdns and zonefile providers',
      '9:5: EP1302 soa_edit_api is for powerdns providers',
      '14:5: EP1302 customer_env is for dyn providers',
      '15:5: EP1302 user_env is for dyn providers',
      '16:5: EP1302 password_env is for dyn providers',
    ]);
  });

  it('leaves a provider without a known type, or that is not a map, to the schema alone', async () => {
    const result = await load(`providers:
  nameless: { customer_env: EDGEPLAN_C, server: localhost }
  bind: { type: bind, customer_env: EDGEPLAN_C, server: localhost }
  flat: powerdns
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '2:3: EP1102 nameless is missing required key "type"',
      '3:17: EP1103 type must be one of dyn, powerdns, rfc2136, zonefile, got "bind"',
      '4:9: EP1103 flat must be a map, got "powerdns"',
    ]);
  });

  it('names every variable a powerdns provider lacks', async () => {
    const result = await load('providers:\n  pdns: { type: powerdns, server: localhost }\n');
    expect(result.ok ? [] : result.problems).toEqual([
      '2:3: EP1302 provider "pdns" of type powerdns needs url_env and api_key_env',
    ]);
  });

  it('refuses two providers reading one variable: each secret goes only to its own address', async () => {
    const result = await load(`providers:
  pdns-a: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, server: a }
  pdns-b: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, server: b }
zones:
  example.com: { providers: [pdns-a, pdns-b], records: { "@": { a: [192.0.2.1] } } }
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '2:38: EP1217 url_env: EDGEPLAN_PDNS_URL is also the server address of provider "pdns-b" (url_env at 3:38), and a variable serves one role of one provider only',
      '2:70: EP1217 api_key_env: EDGEPLAN_PDNS_API_KEY is also the API key of provider "pdns-b" (api_key_env at 3:70), and a variable serves one role of one provider only',
      '3:38: EP1217 url_env: EDGEPLAN_PDNS_URL is also the server address of provider "pdns-a" (url_env at 2:38), and a variable serves one role of one provider only',
      '3:70: EP1217 api_key_env: EDGEPLAN_PDNS_API_KEY is also the API key of provider "pdns-a" (api_key_env at 2:70), and a variable serves one role of one provider only',
    ]);
  });

  it('checks the providers list of a secondary zone, and asks for one when several providers are configured', async () => {
    const result = await load(`${PROVIDERS}secondary_zones:
  partner.example.net: { providers: [dyn, nope], masters: [192.0.2.53] }
  unlisted.example.net: { masters: [192.0.2.53] }
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '5:43: EP1303 secondary zone "partner.example.net": provider "nope" is not under providers:',
      '6:3: EP1303 secondary zone "unlisted.example.net" must list its providers: several are configured (dyn, pdns)',
    ]);
  });

  it("names every provider without geo services that a geo node's zone is on", async () => {
    const result = await load(`providers:
  dyn: { type: dyn }
  pdns-a: { type: powerdns, url_env: EDGEPLAN_A_URL, api_key_env: EDGEPLAN_A_KEY }
  pdns-b: { type: powerdns, url_env: EDGEPLAN_B_URL, api_key_env: EDGEPLAN_B_KEY }
zones:
  example.com: { providers: [pdns-b, pdns-a, dyn], records: { www: { a: [192.0.2.1] } } }
geo_services:
  Global Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
    nodes: [{ zone: example.com, fqdn: geo.example.com }]
`);
    expect(result.ok ? [] : result.problems).toEqual([
      '10:40: EP1304 geo service "Global Web": node geo.example.com is in zone "example.com", which is on "pdns-a", "pdns-b"; geo services are dyn\'s alone',
    ]);
  });

  it('counts the providers that support geo services as their types say', async () => {
    const yaml = `providers:
  dyn: { type: dyn }
  dyn2:
    { type: dyn, url_env: EDGEPLAN_DYN2_URL, customer_env: EDGEPLAN_DYN2_CUSTOMER, user_env: EDGEPLAN_DYN2_USER, password_env: EDGEPLAN_DYN2_PASSWORD }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
zones:
  example.com: { providers: [dyn], records: { www: { a: [192.0.2.1] } } }
geo_services:
  Global Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
`;
    const everyone: CapabilitiesOf = (type, options) => ({
      ...capabilitiesOf(type, options),
      geoServices: true,
    });
    const problemsOf = async (options: LoadOptions) => {
      const result = await load(yaml, options);
      return result.ok ? [] : result.problems;
    };
    expect(await problemsOf({ catalogue: catalogueWith(everyone) })).toEqual([
      '9:3: EP1304 geo service "Global Web": geo services are held by one provider, but dyn and dyn2 and pdns all support them',
    ]);
    expect(await problemsOf({ catalogue: PROVIDER_CATALOGUE })).toEqual([
      '9:3: EP1304 geo service "Global Web": geo services are held by one provider, but dyn and dyn2 all support them',
    ]);
  });

  it('checks the geo groups against the provider that holds the geo services', async () => {
    const noAaaa: CapabilitiesOf = (type, options) => ({
      ...capabilitiesOf(type, options),
      recordTypes: capabilitiesOf(type, options).recordTypes.filter((t) => type !== 'dyn' || t !== 'AAAA'),
    });
    const result = await load(
      `${PROVIDERS}zones:
  example.com: { providers: [dyn], records: { www: { a: [192.0.2.1] } } }
geo_services:
  Global Web:
    groups: [{ name: All, countries: ["@@"], aaaa: ["2001:db8::7"] }]
    nodes: [{ zone: example.com, fqdn: geo.example.com }]
`,
      { catalogue: catalogueWith(noAaaa) },
    );
    expect(result.ok ? [] : result.problems).toEqual([
      '8:46: EP1301 group "All" of geo service "Global Web": the DNS provider dyn does not support record type AAAA: leave it out of the zones this provider serves, or serve them from a provider that holds AAAA (docs/record-types.md lists which)',
    ]);
  });
});
