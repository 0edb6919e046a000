import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from '../helpers.js';

/**
 * The edges of the geo_services rules: which plain records clash with a node, node names that are not names, a
 * group whose countries are not all strings, and service names that are blank.
 */

async function geoProblems(yaml: string): Promise<string[]> {
  const dir = await tempTree({ 'dns.yaml': yaml });
  return (await problems(join(dir, 'dns.yaml'))).map((line) => line.replaceAll(`${dir}/`, ''));
}

const SERVICE = `geo_services:
  Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.50] }]
`;

describe('geo_services rules, edges', () => {
  it('a node may carry plain records of a type no geo service answers (TXT), not of one it does', async () => {
    const yaml = (records: string) => `zones:
  example.com:
    records:
      geo: { ${records} }
      www: { a: [192.0.2.1] }
${SERVICE}    nodes: [{ zone: example.com, fqdn: geo.example.com }]
  Bad:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.50] }]
    nodes: [{ zone: example.com, fqdn: "bad..example.com" }]
`;
    expect(await geoProblems(yaml('txt: ["v=spf1 -all"]'))).toEqual([
      'dns.yaml:12:40: node name "bad..example.com" is not valid: it has an empty label (two dots in a row, or a leading dot)',
    ]);
    const withAaaa = await geoProblems(yaml('txt: ["x"], aaaa: ["2001:db8::1"]'));
    const noAaaa = 'a node linked to a geo service carries no plain AAAA records';
    expect(withAaaa).toEqual([
      `dns.yaml:4:7: record geo.example.com is a node of geo service "Web" at dns.yaml:9:40; ${noAaaa}`,
      `dns.yaml:9:40: node geo.example.com also has plain AAAA records under zones at dns.yaml:4:7; ${noAaaa}`,
      'dns.yaml:12:40: node name "bad..example.com" is not valid: it has an empty label (two dots in a row, or a leading dot)',
    ]);
    const both = 'a node linked to a geo service carries no plain A, AAAA records';
    expect(await geoProblems(yaml('a: [192.0.2.9], aaaa: ["2001:db8::1"]'))).toEqual([
      `dns.yaml:4:7: record geo.example.com is a node of geo service "Web" at dns.yaml:9:40; ${both}`,
      `dns.yaml:9:40: node geo.example.com also has plain A, AAAA records under zones at dns.yaml:4:7; ${both}`,
      'dns.yaml:12:40: node name "bad..example.com" is not valid: it has an empty label (two dots in a row, or a leading dot)',
    ]);
  });

  it('a blank geo service name is refused', async () => {
    expect(await geoProblems(SERVICE.replace('  Web:', '  " ":'))).toContain(
      'dns.yaml:2:3: a geo service name must not be empty',
    );
  });

  it('an empty node name or zone is the schema’s problem alone; an invalid node is not also "listed twice"', async () => {
    const nodes =
      '[{ zone: example.com, fqdn: "" }, { zone: "", fqdn: www.example.com }, ' +
      '{ zone: example.com, fqdn: "bad..example.com" }, { zone: example.com, fqdn: "bad..example.com" }]';
    const invalid =
      'node name "bad..example.com" is not valid: it has an empty label (two dots in a row, or a leading dot)';
    expect(
      await geoProblems(`zones:\n  example.com:\n    records: {}\n${SERVICE}    nodes: ${nodes}\n`),
    ).toEqual([
      'dns.yaml:7:40: fqdn must not be empty, got ""',
      'dns.yaml:7:54: zone must not be empty, got ""',
      `dns.yaml:7:110: ${invalid}`,
      `dns.yaml:7:159: ${invalid}`,
    ]);
  });

  it('skips what the schema refuses (a group that is not a map, a name or country that is not a string) and checks the rest', async () => {
    const long = `${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.example.com`;
    const yaml = `zones:
  example.com:
    records: {}
geo_services:
  Web:
    groups: ["x", { name: 5, countries: [1, "@@"], a: [192.0.2.50] }, { name: All, countries: ["@@"], a: [192.0.2.51] }]
    nodes: [{ zone: example.com, fqdn: ${long} }]
  Other:
    groups: x
`;
    expect(await geoProblems(yaml)).toEqual([
      'dns.yaml:6:14: groups[0] must be a map, got "x"',
      'dns.yaml:6:27: name must be a string, got 5',
      'dns.yaml:6:42: countries[0] must be a country, region or special code, got 1',
      'dns.yaml:6:96: country @@ is already in group "" at dns.yaml:6:45; a country may be in one group of a service',
      `dns.yaml:7:40: node name "${long}" is not valid: the full name has 316 characters (at most 253)`,
      'dns.yaml:9:13: groups must be a list of groups, got "x"',
    ]);
  });
});

describe('geo_services rules: an apex node is checked against its own service only', () => {
  it('accepts an apex node whose service serves A, beside another service whose group serves CNAME', async () => {
    const yaml = `zones:
  example.com:
    records: { www: { a: [192.0.2.1] } }
geo_services:
  Apex:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.50] }]
    nodes: [{ zone: example.com, fqdn: example.com }]
  Elsewhere:
    groups: [{ name: All, countries: ["@@"], cname: web.example.net. }]
    nodes: [{ zone: example.com, fqdn: cdn.example.com }]
`;
    const dir = await tempTree({ 'dns.yaml': yaml });
    const loaded = await desired(join(dir, 'dns.yaml'));
    expect(loaded.geoServices?.map((service) => service.name)).toEqual(['Apex', 'Elsewhere']);
    const cnameAtApex = yaml.replace('a: [192.0.2.50] }]', 'cname: web.example.net. }]');
    expect(await geoProblems(cnameAtApex)).toEqual([
      expect.stringContaining(
        'node example.com is its zone\'s apex, but group "All" of geo service "Apex" serves CNAME',
      ),
    ]);
  });
});

describe('geo_services rules on a service the schema refuses', () => {
  it('reports the missing and mistyped parts (names, countries, nodes) as the schema does, and no rule adds to them', async () => {
    const yaml = `zones:
  example.com:
    records: { www: { a: [192.0.2.1] } }
geo_services:
  Bare:
    groups: [{ a: [192.0.2.50] }, { name: 7, countries: [1] }, { name: 8, countries: ["@@"], a: [192.0.2.51] }]
    nodes: [{}, { zone: example.com }, { zone: example.com, fqdn: 5 }, { zone: 6, fqdn: www.example.com }]
  Empty: {}
`;
    expect(await geoProblems(yaml)).toEqual([
      'dns.yaml:6:14: groups[0] is missing required key "countries"',
      'dns.yaml:6:14: groups[0] is missing required key "name"',
      'dns.yaml:6:35: groups[1] must hold at least one record type (a, aaaa, cname), got a map',
      'dns.yaml:6:43: name must be a string, got 7',
      'dns.yaml:6:58: countries[0] must be a country, region or special code, got 1',
      'dns.yaml:6:72: name must be a string, got 8',
      'dns.yaml:7:13: nodes[0] is missing required key "fqdn"',
      'dns.yaml:7:13: nodes[0] is missing required key "zone"',
      'dns.yaml:7:17: nodes[1] is missing required key "fqdn"',
      'dns.yaml:7:67: fqdn must be a string, got 5',
      'dns.yaml:7:80: zone must be a string, got 6',
      'dns.yaml:8:3: geo service "Empty" is missing required key "groups"',
    ]);
  });
});
