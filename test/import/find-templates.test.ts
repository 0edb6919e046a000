/**
 * Which record sets of imported zones become templates, which zones become mirrors, and what each zone keeps as its
 * own. That expanding the result gives back every zone exactly is the property test beside this file.
 */
import { describe, expect, it } from 'vitest';
import { findTemplates, type ImportedZone } from '../../src/import/find-templates.js';
import type { ZoneDocument } from '../../src/import/zone-document.js';

const MX = {
  mx: [{ preference: 1, exchange: 'smtp.google.com.' }],
  txt: ['v=spf1 include:_spf.google.com ~all'],
};
const CAA = { caa: [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }] };

/** A zone named `n.example` whose records are `records(zone)`. */
const zone = (
  n: number,
  records: (zone: string) => ZoneDocument['records'],
  defaultTtl = 3600,
): ImportedZone => {
  const name = `z${n}.example`;
  return { zone: name, document: { default_ttl: defaultTtl, records: records(name) } };
};

const brand = (web: string) => (z: string) => ({
  '@': { ...MX, a: [web] },
  _dmarc: { txt: [`v=DMARC1; p=reject; rua=mailto:dmarc@${z}`] },
});

describe('findTemplates: templates', () => {
  it('makes one template of the sets that the same zones share, {zone} where a value names the zone', () => {
    const zones = [1, 2, 3].map((n) => zone(n, brand(`192.0.2.${n}`)));
    const found = findTemplates(zones);
    expect(found.templates).toEqual({
      'mail-google': {
        '@': { ...MX, ttl: 3600 },
        _dmarc: { txt: ['v=DMARC1; p=reject; rua=mailto:dmarc@{zone}'], ttl: 3600 },
      },
    });
    expect(found.zones[1]).toEqual({
      zone: 'z2.example',
      document: { default_ttl: 3600, templates: ['mail-google'], records: { '@': { a: ['192.0.2.2'] } } },
    });
    expect(found.summary).toEqual(['template mail-google: 3 record sets, 3 zones']);
  });

  it('needs the sets in at least --min-zones zones (3 unless told)', () => {
    const zones = [1, 2].map((n) => zone(n, brand(`192.0.2.${n}`)));
    expect(findTemplates(zones).templates).toEqual({});
    // Strictly: a zone that uses no template is written as it was, with no key added.
    expect(findTemplates(zones).zones).toStrictEqual(zones);
    expect(Object.keys(findTemplates(zones, 2).templates)).toEqual(['mail-google']);
  });

  it('counts no mirror among the zones that share a set', () => {
    const mail = (web: string) => () => ({ '@': { ...MX, a: [web] } });
    const zones = [zone(1, mail('192.0.2.1')), zone(2, mail('192.0.2.2')), zone(3, mail('192.0.2.1'))];
    const found = findTemplates(zones);
    expect(found.templates).toEqual({});
    expect(found.zones[2]?.document).toEqual({ default_ttl: 3600, same_as: 'z1.example', records: {} });
    expect(Object.keys(findTemplates([...zones, zone(4, mail('192.0.2.4'))]).templates)).toEqual([
      'mail-google',
    ]);
  });

  it('makes a template per group of zones: sets that occur apart are apart', () => {
    const zones = [1, 2, 3, 4].map((n) =>
      zone(n, (z) => ({
        ...brand(`192.0.2.${n}`)(z),
        ...(n < 4 ? { '@': { ...MX, ...CAA, a: [`192.0.2.${n}`] } } : {}),
      })),
    );
    const found = findTemplates(zones);
    expect(Object.keys(found.templates)).toEqual(['caa-letsencrypt', 'mail-google']);
    expect(found.zones.map((z) => (z.document as { templates?: string[] }).templates)).toEqual([
      ['caa-letsencrypt', 'mail-google'],
      ['caa-letsencrypt', 'mail-google'],
      ['caa-letsencrypt', 'mail-google'],
      ['mail-google'],
    ]);
    expect(found.summary).toEqual([
      'template caa-letsencrypt: 1 record sets, 3 zones',
      'template mail-google: 3 record sets, 4 zones',
    ]);
  });

  it('shares no set whose TTL differs, and writes the TTL on every template set', () => {
    const zones = [1, 2, 3].map((n) =>
      zone(n, () => ({
        '@': { ...CAA, a: [`192.0.2.${n}`], ...(n === 3 ? { ttl: 300 } : {}) },
        www: { a: ['192.0.2.9'], ttl: 60 },
      })),
    );
    const found = findTemplates(zones);
    expect(found.templates).toEqual({ 'shared-1': { www: { a: ['192.0.2.9'], ttl: 60 } } });
    expect(found.zones[2]?.document.records).toEqual({ '@': { ...CAA, a: ['192.0.2.3'], ttl: 300 } });
  });

  it('keeps allow_lints, names of several TTLs and unmanaged on the zone', () => {
    const zones = [1, 2, 3].map((n) => ({
      zone: `z${n}.example`,
      document: {
        default_ttl: 3600,
        records: {
          '@': { ...CAA },
          www: { cname: 'x.example.net.', allow_lints: ['cname-target'] },
          multi: [{ a: ['192.0.2.1'] }, { txt: ['x'], ttl: 60 }],
        },
        unmanaged: ['legacy'],
      },
    }));
    const found = findTemplates(zones);
    expect(found.templates).toEqual({ 'caa-letsencrypt': { '@': { ...CAA, ttl: 3600 } } });
    expect(found.zones[0]?.document).toEqual({
      default_ttl: 3600,
      templates: ['caa-letsencrypt'],
      records: {
        www: { cname: 'x.example.net.', allow_lints: ['cname-target'] },
        multi: [{ a: ['192.0.2.1'] }, { txt: ['x'], ttl: 60 }],
      },
      unmanaged: ['legacy'],
    });
  });

  it('names templates apart when two would take one name', () => {
    const zones = [1, 2, 3, 4].map((n) =>
      zone(n, () => ({
        '@': { mx: [{ preference: 1, exchange: 'smtp.google.com.' }], a: [`192.0.2.${n}`] },
        ...(n < 4 ? { eu: { mx: [{ preference: 5, exchange: 'eu.google.com.' }] } } : {}),
      })),
    );
    expect(Object.keys(findTemplates(zones).templates)).toEqual(['mail-google', 'mail-google-2']);
    expect(findTemplates(zones).templates['mail-google-2']).toEqual({
      eu: { mx: [{ preference: 5, exchange: 'eu.google.com.' }], ttl: 3600 },
    });
  });
});

describe('findTemplates: which template is named first', () => {
  const google = (name: string) => ({ [name]: { mx: [{ preference: 1, exchange: 'smtp.google.com.' }] } });

  it('names the widest template first, wherever its sets stand in the zones', () => {
    // `@` (three zones) comes before `mail` (four zones) in every zone: the four-zone template is mail-google.
    const zones = [1, 2, 3, 4].map((n) =>
      zone(n, () => ({ ...(n < 4 ? google('@') : {}), ...google('mail'), own: { a: [`192.0.2.${n}`] } })),
    );
    const found = findTemplates(zones);
    expect(found.templates['mail-google']).toEqual({ mail: { ...google('mail').mail, ttl: 3600 } });
    expect(found.templates['mail-google-2']).toEqual({ '@': { ...google('@')['@'], ttl: 3600 } });
  });

  it('between templates as wide, names first the one whose first set comes first by name', () => {
    // Zones 1-3 share `b`, zones 2-4 share `a`; zone 1 lists `b` first, yet `a` is named first.
    const zones = [1, 2, 3, 4].map((n) =>
      zone(n, () => ({
        ...(n < 4 ? google('b') : {}),
        ...(n > 1 ? google('a') : {}),
        own: { a: [`192.0.2.${n}`] },
      })),
    );
    const found = findTemplates(zones);
    expect(Object.keys(found.templates['mail-google'] ?? {})).toEqual(['a']);
    expect(Object.keys(found.templates['mail-google-2'] ?? {})).toEqual(['b']);
  });

  it('names a template after its first set by name, and writes its names and types in order, the TTL last', () => {
    const zones = [1, 2, 3].map((n) =>
      zone(n, () => ({
        eu: { mx: [{ preference: 5, exchange: 'eu.outlook.com.' }], txt: ['eu'] },
        '@': {
          txt: ['v=spf1 -all'],
          mx: [{ preference: 1, exchange: 'smtp.google.com.' }],
          a: [`192.0.2.${n}`],
        },
      })),
    );
    const found = findTemplates(zones);
    expect(Object.keys(found.templates)).toEqual(['mail-google']);
    expect(JSON.stringify(found.templates['mail-google'])).toBe(
      JSON.stringify({
        '@': { mx: [{ preference: 1, exchange: 'smtp.google.com.' }], txt: ['v=spf1 -all'], ttl: 3600 },
        eu: { mx: [{ preference: 5, exchange: 'eu.outlook.com.' }], txt: ['eu'], ttl: 3600 },
      }),
    );
  });
});

describe('findTemplates: mirrors', () => {
  it('makes a zone equal to another same_as the lexically first of them', () => {
    const records = () => ({ '@': { ...MX, a: ['192.0.2.1'] }, www: { cname: 'front.cdn.example.' } });
    const zones = [3, 1, 2].map((n) => zone(n, records));
    const found = findTemplates(zones, 4);
    expect(found.zones).toEqual([
      { zone: 'z3.example', document: { default_ttl: 3600, same_as: 'z1.example', records: {} } },
      { zone: 'z1.example', document: zones[1]?.document },
      { zone: 'z2.example', document: { default_ttl: 3600, same_as: 'z1.example', records: {} } },
    ]);
    expect(found.templates).toEqual({});
    expect(found.summary).toEqual([
      'zone z3.example: same_as z1.example',
      'zone z2.example: same_as z1.example',
    ]);
  });

  it('makes zones that name themselves outside templates no mirrors: they share a template instead', () => {
    const zones = [3, 1, 2].map((n) => zone(n, brand('192.0.2.1')));
    const found = findTemplates(zones, 2);
    expect(found.zones.map((z) => z.document)).toEqual(
      [1, 2, 3].map(() => ({ default_ttl: 3600, templates: ['mail-google'], records: {} })),
    );
  });

  it('mirrors zones whose sets are the same in another order', () => {
    const zones = [
      zone(1, () => ({ '@': { ...CAA, a: ['192.0.2.1'] }, www: { a: ['192.0.2.2'] } })),
      zone(2, () => ({ www: { a: ['192.0.2.2'] }, '@': { a: ['192.0.2.1'], ...CAA } })),
    ];
    expect(findTemplates(zones).zones[1]?.document).toEqual({
      default_ttl: 3600,
      same_as: 'z1.example',
      records: {},
    });
  });

  it('dissolves only the groups whose source names itself outside templates', () => {
    const named = (z: string) => ({ '@': { txt: [`site ${z}`] } });
    const plain = () => ({ '@': { ...CAA } });
    const zones = [zone(1, named), zone(2, named), zone(3, plain), zone(4, plain)];
    const found = findTemplates(zones);
    expect(found.zones.map((z) => z.document.same_as)).toEqual([
      undefined,
      undefined,
      undefined,
      'z3.example',
    ]);
  });

  it('mirrors a zone that uses templates: the copy takes them as its own', () => {
    const zones = [1, 2, 3, 4].map((n) => zone(n, brand(`192.0.2.${n === 4 ? 1 : n}`)));
    const found = findTemplates(zones);
    expect(found.zones[3]?.document).toEqual({ default_ttl: 3600, same_as: 'z1.example', records: {} });
    expect(found.zones[0]?.document).toMatchObject({ templates: ['mail-google'] });
  });

  it('mirrors no zone whose own sets name it outside templates: the copy would say whose name it means', () => {
    const dmarc = [1, 2].map((n) => zone(n, brand('192.0.2.1')));
    expect(findTemplates(dmarc).zones).toEqual(dmarc);
    const apex = [1, 2].map((n) => zone(n, () => ({ '@': { mx: [{ preference: 0, exchange: '@' }] } })));
    expect(findTemplates(apex, 3).zones).toEqual(apex);
  });

  it('mirrors no zone with another default TTL, with unmanaged, with allow_lints, or with no records', () => {
    const records = () => ({ '@': { ...CAA } });
    const ttl = [zone(1, records, 3600), zone(2, records, 300)];
    expect(findTemplates(ttl).zones).toEqual(ttl);
    const unmanaged = [1, 2].map((n) => ({
      ...zone(n, records),
      document: { ...zone(n, records).document, unmanaged: ['x'] },
    }));
    expect(findTemplates(unmanaged).zones).toEqual(unmanaged);
    const allowed = [1, 2].map((n) =>
      zone(n, () => ({ '@': { ...CAA }, www: { cname: 'x.example.net.', allow_lints: ['cname-target'] } })),
    );
    expect(findTemplates(allowed).zones).toEqual(allowed);
    const empty = [1, 2].map((n) => zone(n, () => ({})));
    expect(findTemplates(empty).zones).toEqual(empty);
  });
});
