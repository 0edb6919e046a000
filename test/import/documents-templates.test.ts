/**
 * The files `edgeplan import --find-templates` writes: `templates.yaml` first, zones that list templates or mirror
 * another, the same layout as every imported file; without the option the files are what they always were.
 */
import { describe, expect, it } from 'vitest';
import { importDocuments } from '../../src/import/documents.js';
import type { DnsInventory, ZoneInventory } from '../../src/model/inventory.js';

const HEADER =
  '# Written by `edgeplan import` from live state. `edgeplan plan` on these files shows no changes.';

/** A brand zone: Google mail, a DMARC report address in the zone, and its own web address. */
const brand = (name: string, web: string, extra: ZoneInventory['records'] = []): ZoneInventory => ({
  zone: name,
  records: [
    { fqdn: name, type: 'A', records: [{ value: web, ttl: 300 }] },
    { fqdn: name, type: 'MX', records: [{ value: '1 smtp.google.com.', ttl: 300 }] },
    {
      fqdn: `_dmarc.${name}`,
      type: 'TXT',
      records: [{ value: `"v=DMARC1; p=reject; rua=mailto:d@${name}"`, ttl: 300 }],
    },
    ...extra,
  ],
  unsupported: [],
});

const dns = (zones: ZoneInventory[]): DnsInventory => ({ zones, secondaryZones: [], geoServices: [] });

const ZONES = dns([
  brand('a.example', '192.0.2.1'),
  brand('b.example', '192.0.2.2'),
  brand('c.example', '192.0.2.3'),
  brand('d.example', '192.0.2.1'),
]);

describe('importDocuments with findTemplates', () => {
  it('writes templates.yaml first, each zone with the templates it uses and what is its own', () => {
    const { files, shared } = importDocuments(ZONES, undefined, false, new Map(), { minZones: 3 });
    expect(files.map((f) => f.name)).toEqual([
      'templates.yaml',
      'a.example.yaml',
      'b.example.yaml',
      'c.example.yaml',
      'd.example.yaml',
    ]);
    expect(files[0]?.text.split('\n')).toEqual([
      HEADER,
      '',
      'templates:',
      '  mail-google:',
      '    "@": { mx: [ { preference: 1, exchange: smtp.google.com. } ], ttl: 300 }',
      '    _dmarc: { txt: [ "v=DMARC1; p=reject; rua=mailto:d@{zone}" ], ttl: 300 }',
      '',
    ]);
    expect(files[2]?.text.split('\n')).toEqual([
      HEADER,
      '',
      'zones:',
      '  b.example:',
      '    default_ttl: 300',
      '    templates: [ mail-google ]',
      '    records:',
      '      "@": { a: [ 192.0.2.2 ] }',
      '',
    ]);
    expect(files[4]?.text.split('\n')).toEqual([
      HEADER,
      '',
      'zones:',
      '  d.example:',
      '    default_ttl: 300',
      '    same_as: a.example',
      '    records: {}',
      '',
    ]);
    expect(shared).toEqual([
      'template mail-google: 2 record sets, 3 zones',
      'zone d.example: same_as a.example',
    ]);
  });

  it('puts the templates first in the single file', () => {
    const { files } = importDocuments(ZONES, undefined, true, new Map(), { minZones: 3 });
    const text = files[0]?.text ?? '';
    expect(files.map((f) => f.name)).toEqual(['edgeplan.yaml']);
    expect(text.indexOf('\ntemplates:\n')).toBeGreaterThan(0);
    expect(text.indexOf('\ntemplates:\n')).toBeLessThan(text.indexOf('\nzones:\n'));
    expect(text).toContain('    same_as: a.example\n');
  });

  it('writes no templates.yaml when nothing is shared, and says so', () => {
    const two = dns([brand('a.example', '192.0.2.1'), brand('b.example', '192.0.2.2')]);
    const found = importDocuments(two, undefined, false, new Map(), { minZones: 3 });
    expect(found.shared).toEqual([]);
    expect(found.files).toEqual(importDocuments(two, undefined, false).files);
  });

  it('writes byte for byte what it always did without the option', () => {
    const plain = importDocuments(ZONES, undefined, false);
    expect(plain.shared).toBeUndefined();
    expect(plain.files.map((f) => f.name)).toEqual([
      'a.example.yaml',
      'b.example.yaml',
      'c.example.yaml',
      'd.example.yaml',
    ]);
    expect(plain.files[3]?.text).toContain(
      '      _dmarc: { txt: [ v=DMARC1; p=reject; rua=mailto:d@d.example ] }\n',
    );
  });
});
