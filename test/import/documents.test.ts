/**
 * The files `edgeplan import` writes for an account, as text: which files, in which order, what each holds and how
 * it is laid out, and what is listed as not imported. The round trip (the files load back as live state) is proved
 * in test/config/import-round-trip.test.ts and import-geo-options.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { importDocuments } from '../../src/import/documents.js';
import type { GeoService } from '../../src/model/geo.js';
import type { DnsInventory, WafInventory, ZoneInventory } from '../../src/model/inventory.js';
import type { LiveSecondaryZone } from '../../src/model/secondary.js';
import type { LiveWebapp } from '../../src/model/waf.js';
import { hasControl, hostileText } from '../plan/helpers/hostile.js';

// Time budget: property runs; its slowest test took 1.8 s on the shared 2-core machine at load 18.
vi.setConfig({ testTimeout: 20_000 });

const HEADER =
  '# Written by `edgeplan import` from live state. `edgeplan plan` on these files shows no changes.';

const zone = (name: string, ...unsupported: string[]): ZoneInventory => ({
  zone: name,
  records: [
    { fqdn: name, type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] },
    { fqdn: `www.${name}`, type: 'CNAME', records: [{ value: `${name}.`, ttl: 60 }] },
  ],
  unsupported,
});

const secondary = (name: string, nickname = '', key = ''): LiveSecondaryZone => ({
  zone: name,
  masters: ['192.0.2.53', '192.0.2.54'],
  contactNickname: nickname,
  tsigKeyName: key,
  active: 'Y',
});

const service = (name: string): GeoService => ({
  name,
  groups: [{ name: 'EU', countries: ['DE', 'FR'], records: [{ type: 'A', values: ['192.0.2.1'] }] }],
  nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
});

const dns = (given: Partial<DnsInventory>): DnsInventory => ({
  zones: [],
  secondaryZones: [],
  geoServices: [],
  ...given,
});

const webapp = (id: string, name: string, bots: LiveWebapp['bots'] = []): LiveWebapp => ({ id, name, bots });

const ZONE_FILE = [
  HEADER,
  '# zone:example.com: 1 record sets of types edgeplan does not manage, left as they are:',
  '#   example.com LOC',
  '',
  'zones:',
  '  example.com:',
  '    default_ttl: 60',
  '    records:',
  '      "@": { a: [ 192.0.2.1 ], ttl: 300 }',
  '      www: { cname: "@" }',
  '',
].join('\n');

describe('importDocuments: one file per kind', () => {
  // Made in each test, not when the file is collected: a failure here must fail a test.
  const account = () =>
    importDocuments(
      dns({
        zones: [zone('example.com', 'example.com LOC')],
        secondaryZones: [secondary('copy.example'), secondary('keyed.example', 'ops', 'k1')],
        geoServices: [{ service: service('Web'), problems: [] }],
      }),
      { webapps: [webapp('a3', 'Blog')] },
      false,
    );

  it('writes a zone file, then secondary zones, geo services and the WAF, each with the header', () => {
    expect(account().files.map((f) => f.name)).toEqual([
      'example.com.yaml',
      'secondary-zones.yaml',
      'geo-services.yaml',
      'waf.yaml',
    ]);
    expect(account().files[0]?.text).toBe(ZONE_FILE);
    expect(account().notImported).toEqual([
      'zone:example.com: 1 record sets of types edgeplan does not manage, left as they are:',
      '  example.com LOC',
    ]);
  });

  it('writes a secondary zone’s contact and TSIG key only when it has them', () => {
    expect(account().files[1]?.text).toBe(
      [
        HEADER,
        '',
        'secondary_zones:',
        '  copy.example:',
        '    masters: [ 192.0.2.53, 192.0.2.54 ]',
        '  keyed.example:',
        '    masters: [ 192.0.2.53, 192.0.2.54 ]',
        '    contact_nickname: ops',
        '    tsig_key_name: k1',
        '',
      ].join('\n'),
    );
  });

  it('writes geo groups and nodes one flow map a line', () => {
    expect(account().files[2]?.text).toBe(
      [
        HEADER,
        '',
        'geo_services:',
        '  Web:',
        '    groups:',
        '      - { name: EU, countries: [ DE, FR ], a: [ 192.0.2.1 ] }',
        '    nodes:',
        '      - { zone: example.com, fqdn: geo.example.com }',
        '',
      ].join('\n'),
    );
  });

  it('writes a webapp with mode exact and an empty allow list when no bot is enabled', () => {
    expect(account().files[3]?.text).toBe(
      [
        HEADER,
        '',
        'waf:',
        '  webapps:',
        '    Blog:',
        '      good_bots:',
        '        mode: exact',
        '        allow: []',
        '',
      ].join('\n'),
    );
  });
});

describe('importDocuments: everything in one file', () => {
  it('writes every zone, then the other kinds, under one header with every zone’s notes', () => {
    const { files, notImported } = importDocuments(
      dns({
        zones: [zone('a.example', 'a.example LOC'), zone('b.example', 'b.example HINFO')],
        secondaryZones: [secondary('copy.example')],
      }),
      { webapps: [webapp('a3', 'Blog')] },
      true,
    );
    expect(files.map((f) => f.name)).toEqual(['edgeplan.yaml']);
    expect(files[0]?.text).toBe(
      [
        HEADER,
        '# zone:a.example: 1 record sets of types edgeplan does not manage, left as they are:',
        '#   a.example LOC',
        '# zone:b.example: 1 record sets of types edgeplan does not manage, left as they are:',
        '#   b.example HINFO',
        '',
        'zones:',
        '  a.example:',
        '    default_ttl: 60',
        '    records:',
        '      "@": { a: [ 192.0.2.1 ], ttl: 300 }',
        '      www: { cname: "@" }',
        '  b.example:',
        '    default_ttl: 60',
        '    records:',
        '      "@": { a: [ 192.0.2.1 ], ttl: 300 }',
        '      www: { cname: "@" }',
        'secondary_zones:',
        '  copy.example:',
        '    masters: [ 192.0.2.53, 192.0.2.54 ]',
        'waf:',
        '  webapps:',
        '    Blog:',
        '      good_bots:',
        '        mode: exact',
        '        allow: []',
        '',
      ].join('\n'),
    );
    expect(notImported).toHaveLength(4);
  });

  it('writes no zones key when there is no zone', () => {
    const { files } = importDocuments(undefined, { webapps: [webapp('a3', 'Blog')] }, true);
    expect(files[0]?.text).toMatch(/^waf:$/m);
    expect(files[0]?.text).not.toContain('zones');
  });

  it('writes no file when there is nothing to write', () => {
    expect(importDocuments(dns({}), { webapps: [] }, true)).toEqual({
      files: [],
      notImported: [],
      warnings: [],
    });
    expect(importDocuments(undefined, undefined, true)).toEqual({ files: [], notImported: [], warnings: [] });
  });
});

describe('importDocuments: what is not written', () => {
  it('writes no file for a kind that has nothing', () => {
    const { files } = importDocuments(dns({ zones: [zone('example.com')] }), { webapps: [] }, false);
    expect(files.map((f) => f.name)).toEqual(['example.com.yaml']);
    expect(importDocuments(undefined, undefined, false)).toEqual({
      files: [],
      notImported: [],
      warnings: [],
    });
  });

  it('leaves out a geo service with problems, whole, and lists it', () => {
    const { files, notImported } = importDocuments(
      dns({
        geoServices: [
          { service: service('Bad'), problems: ['group EU: MX records', 'country XX'] },
          { service: service('Good'), problems: [] },
        ],
      }),
      undefined,
      false,
    );
    expect(files.map((f) => f.name)).toEqual(['geo-services.yaml']);
    expect(files[0]?.text).toContain('\n  Good:\n');
    expect(files[0]?.text).not.toContain('Bad');
    expect(notImported).toEqual(['geo:Bad: not imported (group EU: MX records; country XX); left as it is']);
  });

  it('writes no geo file when every service has problems', () => {
    const { files } = importDocuments(
      dns({ geoServices: [{ service: service('Bad'), problems: ['country XX'] }] }),
      undefined,
      false,
    );
    expect(files).toEqual([]);
  });

  it('lists each webapp the WAF client may not read', () => {
    const { files, notImported } = importDocuments(
      undefined,
      { webapps: [], unreadable: ['Secret (a9)', 'Other (a8)'] },
      false,
    );
    expect(files).toEqual([]);
    expect(notImported).toEqual([
      'webapp:Secret (a9): not imported (the WAF API client may not access it: 403); left as it is',
      'webapp:Other (a8): not imported (the WAF API client may not access it: 403); left as it is',
    ]);
  });
});

describe('importDocuments: zone names as file names', () => {
  it('accepts labels of letters, digits, `-` and `_`, up to the longest DNS name', () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    const names = ['_tcp.Ex-1.example', 'x', longest];
    const { files, notImported } = importDocuments(
      dns({ zones: names.map((n) => zone(n)) }),
      undefined,
      false,
    );
    expect(files.map((f) => f.name)).toEqual(names.map((n) => `${n}.yaml`));
    expect(notImported).toEqual([]);
  });

  it('refuses a name longer than a DNS name, an empty label, a trailing dot, a space, a control character', () => {
    const tooLong = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    const names = [tooLong, 'a..example', 'example.', '', 'a b.example'];
    const { files, notImported } = importDocuments(
      dns({ zones: [...names, 'x\u001b.example'].map((n) => zone(n)) }),
      undefined,
      false,
    );
    expect(files).toEqual([]);
    expect(notImported).toEqual(
      [...names, 'x\\x1b.example'].map((n) => `zone ${n}: not imported (its name cannot be a file name)`),
    );
  });
});

describe('importDocuments: geo services', () => {
  const geoText = (services: GeoService[]) =>
    importDocuments(
      dns({ geoServices: services.map((s) => ({ service: s, problems: [] })) }),
      undefined,
      false,
    ).files[0]?.text;

  it('writes a single-valued type as one value, weights and labels as maps, serve counts and TTLs by type', () => {
    const text = geoText([
      {
        name: 'Web',
        ttl: 30,
        active: true,
        groups: [
          {
            name: 'EU',
            countries: ['DE'],
            records: [
              {
                type: 'A',
                values: ['192.0.2.1', '192.0.2.2', '192.0.2.3'],
                weights: [0, 2],
                labels: ['', '', 'c'],
              },
              { type: 'AAAA', values: ['2001:db8::1'], serveCount: 1, ttl: 90 },
              { type: 'CNAME', values: ['web.example.net.'], ttl: 60 },
            ],
          },
        ],
        nodes: [],
      },
    ]);
    expect(text).toBe(
      [
        HEADER,
        '',
        'geo_services:',
        '  Web:',
        '    ttl: 30',
        '    active: true',
        '    groups:',
        '      - { name: EU, countries: [ DE ], a: [ { value: 192.0.2.1, weight: 0 }, { value: 192.0.2.2, weight: 2 }, ' +
          '{ value: 192.0.2.3, label: c } ], aaaa: [ 2001:db8::1 ], cname: web.example.net., serve_count: { aaaa: 1 }, ' +
          'ttl: { aaaa: 90, cname: 60 } }',
        '',
      ].join('\n'),
    );
  });

  it('writes an inactive service’s state, and no nodes key without nodes', () => {
    const text = geoText([{ ...service('Off'), active: false, nodes: [] }]);
    expect(text).toContain('\n  Off:\n    active: false\n    groups:\n');
    expect(text).not.toContain('nodes');
  });
});

describe('importDocuments: webapps and bots', () => {
  const wafText = (waf: WafInventory) => importDocuments(undefined, waf, false).files[0]?.text ?? '';

  it('keys a webapp by id when another has the same name in any case, else by name', () => {
    const text = wafText({ webapps: [webapp('a1', 'Shop'), webapp('a2', 'shop'), webapp('a3', 'Blog')] });
    expect(text.match(/^ {4}\S+:$/gm)).toEqual(['    a1:', '    a2:', '    Blog:']);
  });

  it('allows the enabled bots, by id when the catalogue has two of that name in any case', () => {
    const text = wafText({
      webapps: [
        webapp('a1', 'Shop', [
          { id: 'b1', name: 'Googlebot', enabled: true },
          { id: 'b2', name: 'googlebot', enabled: false },
          { id: 'b3', name: 'Bing', enabled: false },
          { id: 'b4', name: 'Yandex', enabled: true },
        ]),
      ],
    });
    expect(text).toContain('\n        allow: [ b1, Yandex ]\n');
  });
});

describe('importDocuments: layout', () => {
  it('never folds a long line, and writes a mixed unmanaged list one entry a line', () => {
    const long = 'x'.repeat(200);
    const { files } = importDocuments(
      dns({
        zones: [
          {
            zone: 'example.com',
            records: [
              { fqdn: 'example.com', type: 'TXT', records: [{ value: `"${long}"`, ttl: 300 }] },
              { fqdn: 'example.com', type: 'DS', records: [{ value: '1 8 2 ab', ttl: 300 }] },
              {
                fqdn: 'mixed.example.com',
                type: 'A',
                records: [
                  { value: '192.0.2.1', ttl: 300 },
                  { value: '192.0.2.2', ttl: 600 },
                ],
              },
            ],
            unsupported: [],
          },
        ],
      }),
      undefined,
      false,
    );
    const text = files[0]?.text ?? '';
    expect(text).toContain(`\n      "@": { txt: [ ${long} ] }\n`);
    expect(text).toContain('\n    unmanaged:\n      - mixed\n      - { name: \\@, types: [ DS ] }\n');
  });

  it('writes a name or webapp called like a record type, or `records`, in block style', () => {
    const { files } = importDocuments(
      dns({
        zones: [
          {
            // A relative `records` under a zone named `records` would end in the zone's name (written absolute).
            zone: 'records.test',
            records: [
              { fqdn: 'ns.records.test', type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] },
              { fqdn: 'records.records.test', type: 'A', records: [{ value: '192.0.2.2', ttl: 300 }] },
            ],
            unsupported: [],
          },
        ],
      }),
      { webapps: [webapp('a1', 'a'), webapp('a2', 'records')] },
      true,
    );
    expect(files[0]?.text.split('\n').slice(2)).toEqual([
      'zones:',
      '  records.test:',
      '    default_ttl: 300',
      '    records:',
      '      ns: { a: [ 192.0.2.1 ] }',
      '      records: { a: [ 192.0.2.2 ] }',
      'waf:',
      '  webapps:',
      '    a:',
      '      good_bots:',
      '        mode: exact',
      '        allow: []',
      '    records:',
      '      good_bots:',
      '        mode: exact',
      '        allow: []',
      '',
    ]);
  });
});

describe('importDocuments: live names in the notes', () => {
  it('writes each note escaped on a comment line of its own, whatever a live name holds', () => {
    fc.assert(
      fc.property(hostileText, hostileText, (name, held) => {
        const unsupported = [`${name}.example.com LOC`, `x.example.com TYPE65534`];
        const { files } = importDocuments(
          dns({
            zones: [{ ...zone('example.com', ...unsupported), providerOwned: [`${held}.example.com NS`] }],
          }),
          undefined,
          false,
        );
        const text = files[0]?.text ?? '';
        const head = text.slice(0, text.indexOf('\n\nzones:'));
        // The header, a line before each list of notes and one per name: none more, every one a comment.
        expect(head.split('\n')).toHaveLength(6);
        expect(head.split('\n').every((line) => line.startsWith('#'))).toBe(true);
        expect(hasControl(head)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
