import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../../src/config/desired/read-records.js';
import { loadDesiredState } from '../../../src/config/index.js';
import { mergeDocuments } from '../../../src/config/read/merge.js';
import { parseYamlFile } from '../../../src/config/read/parse-yaml.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { tempTree } from '../helpers.js';

/**
 * Which record maps and geo groups are read (read-records.ts), and how messages name them: a name's own map or the
 * maps of its list (one per TTL), never a scalar or a list item that is no map; every geo group that is a map,
 * named by its `name` or else by its place in `groups`. Every problem is reported at once, at its place.
 */

async function load(yaml: string) {
  const dir = await tempTree({ 'dns.yaml': yaml });
  const result = await loadDesiredState([join(dir, 'dns.yaml')]);
  return { result, dir };
}

async function problemsOf(yaml: string): Promise<string[]> {
  const { result, dir } = await load(yaml);
  if (result.ok) throw new Error('expected problems, but it loaded');
  return result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${dir}/`, ''));
}

describe('record maps and geo groups with problems', () => {
  it('names each record and group where its values are read, and skips what is no map', async () => {
    const yaml = `zones:
  example.com:
    records:
      www: { a: [192.0.2.1, 192.0.2.500] }
      two:
        - { ttl: 60, a: [192.0.2.2] }
        - { ttl: 120, txt: ["x"], a: [192.0.2.300] }
        - "not a map"
      plain: "scalar"
      none: []
geo_services:
  Web:
    groups:
      - { name: All, countries: ["@@"], a: [192.0.2.50] }
      - { countries: ["DE"], a: [192.0.2.999], cname: [rel] }
      - "x"
    nodes: [{ zone: example.com, fqdn: geo.example.com }]
  Flat: "x"
  NoGroups: { groups: "x" }
`;
    expect(await problemsOf(yaml)).toEqual([
      'dns.yaml:4:29: record "www" A: "192.0.2.500" is not an IPv4 address',
      'dns.yaml:7:35: record "two": A is also given in another item of its list, at dns.yaml:6:22; each type is ' +
        'given in one item, whose TTL it has',
      'dns.yaml:7:39: record "two" A: "192.0.2.300" is not an IPv4 address',
      'dns.yaml:8:11: record "two"[2] must be a map, got "not a map"',
      'dns.yaml:9:14: record "plain" must be a map of record types, or a list of such maps (one per TTL), got "scalar"',
      'dns.yaml:10:13: record "none" must list at least two record-set maps, one per TTL (types that share a TTL ' +
        'are one map, no list), got an empty list',
      'dns.yaml:15:9: groups[1] is missing required key "name"',
      'dns.yaml:15:34: groups[1] of geo service "Web" A: "192.0.2.999" is not an IPv4 address',
      'dns.yaml:15:48: groups[1] of geo service "Web": CNAME must be alone in its group, but it has A at dns.yaml:15:30',
      'dns.yaml:15:55: cname must be a CNAME value, or a map of value with weight and label, got a list',
      'dns.yaml:16:9: groups[2] must be a map, got "x"',
      'dns.yaml:18:9: geo service "Flat" must be a map, got "x"',
      'dns.yaml:19:23: groups must be a list of groups, got "x"',
    ]);
  });

  it('names a group by its name when that is a string, and refuses a relative name there: a group has no zone', async () => {
    const yaml = `geo_services:
  Web:
    groups:
      - { name: All, countries: ["@@"], a: [192.0.2.1, 192.0.2.1] }
      - { name: DE, countries: ["DE"], cname: rel }
      - { name: 5, countries: ["FR"], a: [192.0.2.999] }
    nodes: []
`;
    expect(await problemsOf(yaml)).toEqual([
      'dns.yaml:4:56: group "All" of geo service "Web" A: value 192.0.2.1 is listed twice: also at dns.yaml:4:45',
      'dns.yaml:5:47: group "DE" of geo service "Web" CNAME: a name in this value is relative to a zone, but a geo ' +
        'group serves nodes of any zone: write names absolute, ending in "."',
      'dns.yaml:6:17: name must be a string, got 5',
      'dns.yaml:6:43: groups[2] of geo service "Web" A: "192.0.2.999" is not an IPv4 address',
    ]);
  });
});

describe('record maps and geo groups that load', () => {
  it('gives each set the place of its map: the name for a map, the item for a list; names relative to the zone', async () => {
    const { result, dir } = await load(`zones:
  example.com:
    records:
      www: { a: [192.0.2.1], txt: ["x"] }
      alias: { cname: www }
      two:
        - { ttl: 60, a: [192.0.2.2] }
        - { ttl: 120, txt: ["y"] }
geo_services:
  Web:
    groups:
      - { name: All, countries: ["@@"], a: [{ value: 192.0.2.7, weight: 3 }] }
      - { name: DE, countries: ["DE"], cname: t.example.net. }
    nodes: [{ zone: example.com, fqdn: geo.example.com }]
`);
    if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
    const file = join(dir, 'dns.yaml');
    const at = (line: number, col: number) => ({ file, line, col });
    expect(result.desired.zones[0]?.records).toEqual([
      { fqdn: 'alias.example.com', type: 'CNAME', ttl: 3600, values: ['www.example.com.'], at: at(5, 7) },
      { fqdn: 'two.example.com', type: 'A', ttl: 60, values: ['192.0.2.2'], at: at(7, 11) },
      { fqdn: 'two.example.com', type: 'TXT', ttl: 120, values: ['"y"'], at: at(8, 11) },
      { fqdn: 'www.example.com', type: 'A', ttl: 3600, values: ['192.0.2.1'], at: at(4, 7) },
      { fqdn: 'www.example.com', type: 'TXT', ttl: 3600, values: ['"x"'], at: at(4, 7) },
    ]);
    expect(result.desired.geoServices?.[0]?.groups).toEqual([
      { name: 'All', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.7'], weights: [3] }] },
      { name: 'DE', countries: ['DE'], records: [{ type: 'CNAME', values: ['t.example.net.'] }] },
    ]);
  });
});

describe('readRecords', () => {
  it('reads the names whose value is a map or a list with maps, and the groups that are maps', () => {
    const parsed = parseYamlFile(
      'dns.yaml',
      `zones:
  example.com:
    records:
      www: { a: [192.0.2.1] }
      plain: "scalar"
      none: ["x"]
      two: [{ ttl: 60, a: [192.0.2.2] }, "x", { ttl: 120, txt: ["y"] }]
geo_services:
  Web:
    groups: ["x", { name: All, countries: ["@@"], a: [192.0.2.50] }, { countries: ["DE"] }]
  NoGroups: { nodes: [] }
  Flat: "x"
  Scalar: { groups: "x" }
`,
    );
    if (!parsed.root) throw new Error('not parsed');
    const read = readRecords(mergeDocuments([parsed.root]).merged);
    expect(read.diagnostics).toEqual([]);
    expect(read.records.map(({ record, sets }) => [record.name, sets.map((set) => set.type.type)])).toEqual([
      ['www', ['A']],
      ['two', ['A', 'TXT']],
    ]);
    expect(read.geoGroups.map(({ index, label, sets }) => [index, label, sets.length])).toEqual([
      [1, 'group "All" of geo service "Web"', 1],
      [2, 'groups[2] of geo service "Web"', 0],
    ]);
  });

  it("reads a record value written as a map as the value itself (value maps are a geo group's only)", () => {
    const parsed = parseYamlFile(
      'dns.yaml',
      `zones:
  example.com:
    records:
      '@': { caa: [{ flags: 0, tag: issue, value: ca.example.net }] }
`,
    );
    if (!parsed.root) throw new Error('not parsed');
    const read = readRecords(mergeDocuments([parsed.root]).merged);
    expect(read.diagnostics).toEqual([]);
    expect(
      read.records.flatMap(({ sets }) => sets.map((set) => set.values.map((placed) => placed.value))),
    ).toEqual([['0 issue "ca.example.net"']]);
  });
});
