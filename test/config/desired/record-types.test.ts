import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from '../helpers.js';

/** A one-file desired state: `lines` are the record lines of zone example.com. */
async function zone(...lines: string[]): Promise<string> {
  const text = ['zones:', '  example.com:', '    records:', ...lines.map((l) => `      ${l}`), ''].join('\n');
  return `${await tempTree({ 'z.yaml': text })}/z.yaml`;
}

describe('record sets of every type', () => {
  it('reads each type of a name through the registry: canonical values, in the type order, sets by type', async () => {
    const file = await zone(
      '"@":',
      '  ttl: 300',
      '  a: [192.0.2.10, 192.0.2.9]',
      '  mx: [{ preference: 20, exchange: MAIL2 }, { preference: 10, exchange: "@" }, { preference: 10, exchange: .}]',
      '  txt: ["v=spf1 -all", "say \\"hi\\""]',
      'www: { cname: Web.Example.NET. }',
    );
    const [example] = (await desired(file)).zones;
    const at = (line: number, col: number) => ({ file, line, col });
    expect(example?.records).toEqual([
      { fqdn: 'example.com', type: 'A', ttl: 300, values: ['192.0.2.9', '192.0.2.10'], at: at(4, 7) },
      {
        fqdn: 'example.com',
        type: 'MX',
        ttl: 300,
        values: ['10 .', '10 example.com.', '20 mail2.example.com.'],
        at: at(4, 7),
      },
      {
        fqdn: 'example.com',
        type: 'TXT',
        ttl: 300,
        values: ['"say \\"hi\\""', '"v=spf1 -all"'],
        at: at(4, 7),
      },
      { fqdn: 'www.example.com', type: 'CNAME', ttl: 3600, values: ['web.example.net.'], at: at(9, 7) },
    ]);
  });

  it('splits TXT longer than 255 octets into strings, as one value', async () => {
    const file = await zone(`long: { txt: ["${'x'.repeat(300)}"] }`);
    const set = (await desired(file)).zones[0]?.records[0];
    expect(set?.values).toEqual([`"${'x'.repeat(255)}" "${'x'.repeat(45)}"`]);
  });

  it('reads a name relative to the zone in a value (one label, or "@")', async () => {
    const file = await zone('www: { cname: "@" }', 'ftp: { cname: www }');
    expect((await desired(file)).zones[0]?.records.map((set) => set.values)).toEqual([
      ['www.example.com.'],
      ['example.com.'],
    ]);
  });

  it('reports a value problem at the value, or at the field inside it the type names', async () => {
    const file = await zone(
      'www: { cname: web.example.net }',
      '"@": { mx: [{ preference: 10, exchange: mail.example.net }], a: [192.0.2.1, 10.0.0] }',
    );
    const dots = (name: string) =>
      `"${name}" has dots but no trailing dot: write "${name}." for that name, or one label relative to the zone`;
    expect(await problems(file)).toEqual([
      `${file}:4:21: record "www" CNAME: ${dots('web.example.net')}`,
      `${file}:5:47: record "@" MX: ${dots('mail.example.net')}`,
      `${file}:5:83: record "@" A: "10.0.0" is not an IPv4 address`,
    ]);
  });

  it('refuses a value repeated after canonicalisation, naming the first place', async () => {
    const file = await zone('www: { txt: [hello, world, hello] }', 'web: { a: [192.0.2.1, 192.0.2.2] }');
    expect(await problems(file)).toEqual([
      `${file}:4:34: record "www" TXT: value "hello" is listed twice: also at ${file}:4:20`,
    ]);
  });

  it('refuses a name with no record type (with its other problems), and a type given an empty list', async () => {
    const file = await zone('www: { ttl: 60 }', 'api: {}', 'web: { mx: [] }', 'ftp: { ttl: "60" }');
    const noType = (line: number, name: string) =>
      expect.stringMatching(
        new RegExp(`^${file}:${line}:12: record "${name}" must hold at least one record type \\(a, `),
      );
    expect(await problems(file)).toEqual([
      noType(4, 'www'),
      noType(5, 'api'),
      `${file}:6:18: mx must list at least one MX value, got an empty list`,
      noType(7, 'ftp'),
      `${file}:7:19: ttl must be an integer between 1 and 2147483647, got "60"`,
    ]);
  });
});

describe('geo groups', () => {
  const service = (group: string) =>
    tempTree({
      'geo.yaml': [
        'geo_services:',
        '  Global Web:',
        '    groups:',
        `      - { name: Europe, countries: [DE], ${group} }`,
        '      - { name: Everyone, countries: ["@@"], a: [192.0.2.70, 192.0.2.7] }',
        '',
      ].join('\n'),
    }).then((dir) => `${dir}/geo.yaml`);

  it('serve any type the service allows there, through the same registry', async () => {
    const state = await desired(await service('cname: EU.Example.NET.'));
    expect(state.geoServices?.[0]?.groups).toEqual([
      { name: 'Europe', countries: ['DE'], records: [{ type: 'CNAME', values: ['eu.example.net.'] }] },
      { name: 'Everyone', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.7', '192.0.2.70'] }] },
    ]);
  });

  it('refuse a name relative to a zone, since a service serves nodes of any zone', async () => {
    for (const target of ['eu', '"@"']) {
      const file = await service(`cname: ${target}`);
      expect(await problems(file)).toEqual([
        `${file}:4:49: group "Europe" of geo service "Global Web" CNAME: a name in this value is relative to a zone, but a geo group serves nodes of any zone: write names absolute, ending in "."`,
      ]);
    }
  });

  it('refuse a type a group cannot serve', async () => {
    const file = await service('mx: [{ preference: 10, exchange: mail.example.net. }]');
    expect(await problems(file)).toEqual([
      expect.stringMatching(
        new RegExp(`^${file}:4:42: unknown key "mx" in groups\\[0\\] \\(expected name, countries, a, `),
      ),
    ]);
  });
});
