import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import { desired, problemsIn, tempTree, warningsIn } from '../helpers.js';

const REUSE = 'test/fixtures/reuse';

/** The zones without the places they were written: what they serve. */
function served(state: DesiredState) {
  return state.zones.map(({ at: _at, sameAs: _sameAs, templates: _templates, records, ...zone }) => ({
    ...zone,
    records: records.map(({ at: _place, source: _source, ...set }) => set),
  }));
}

describe('templates and same_as, expanded', () => {
  it('serve exactly what the zones written out in full serve: 30 zones, two templates, five mirrors', async () => {
    const templated = await desired(`${REUSE}/templated`);
    const expanded = await desired(`${REUSE}/expanded`);
    expect(templated.zones).toHaveLength(30);
    expect(served(templated)).toEqual(served(expanded));
  });

  it("says where a template's set was written and what it came through; the zone's own sets say nothing", async () => {
    const state = await desired(`${REUSE}/templated`);
    const set = (zone: string, fqdn: string, type: string) =>
      state.zones
        .find((one) => one.zone === zone)
        ?.records.find((one) => one.fqdn === fqdn && one.type === type);
    const mail = `${REUSE}/templated/templates/mail.yaml`;
    expect(set('brand01.example', '_dmarc.brand01.example', 'TXT')?.source).toEqual({
      at: { file: mail, line: 7, col: 15 },
      via: [{ kind: 'template', name: 'mail-google' }],
    });
    expect(set('brand01.example', 'brand01.example', 'MX')?.source?.at).toEqual({
      file: mail,
      line: 5,
      col: 7,
    });
    expect(set('brand01.example', 'brand01.example', 'A')?.source).toBeUndefined();
    // A mirror's sets: through same_as, then the source's template; its own sets have no source.
    expect(set('brand26.example', '_dmarc.brand26.example', 'TXT')).toMatchObject({
      values: ['"v=DMARC1; p=reject; rua=mailto:dmarc@brand26.example"'],
      source: {
        via: [
          { kind: 'same_as', zone: 'brand01.example' },
          { kind: 'template', name: 'mail-google' },
        ],
      },
    });
    expect(set('brand26.example', 'www.brand26.example', 'A')?.source?.via).toEqual([
      { kind: 'same_as', zone: 'brand01.example' },
    ]);
    expect(set('brand26.example', 'shop.brand26.example', 'A')?.source).toBeUndefined();
    // The override of brand02 wins over the template, and its mirror serves it too.
    expect(set('brand02.example', '_dmarc.brand02.example', 'TXT')?.values).toEqual(['"v=DMARC1; p=none"']);
    expect(set('brand27.example', '_dmarc.brand27.example', 'TXT')?.values).toEqual(['"v=DMARC1; p=none"']);
  });

  it('refuses a set given by a template and by the zone, naming both places', async () => {
    const dir = await tempTree({
      't.yaml': 'templates:\n  mail:\n    _dmarc: { txt: ["v=DMARC1; p=reject"] }\n',
      'z.yaml':
        'zones:\n  example.com:\n    templates: [mail]\n    records:\n      _dmarc: { txt: ["v=DMARC1; p=none"] }\n',
    });
    expect(await problemsIn(dir)).toEqual([
      `t.yaml:3:15: EP1219 record set "_dmarc TXT" of zone "example.com" is given by template "mail" and by the zone's records at z.yaml:5:17; write override: true in the zone's map of the set to replace the other one`,
      `z.yaml:5:17: EP1219 record set "_dmarc TXT" of zone "example.com" is given by the zone's records and by template "mail" at t.yaml:3:15; write override: true in the zone's map of the set to replace the other one`,
    ]);
  });

  it('refuses a set two templates give, naming both places, and takes an override of both', async () => {
    const templates = 'templates:\n  a:\n    "@": { txt: ["one"] }\n  b:\n    "@": { txt: ["two"] }\n';
    const dir = await tempTree({
      't.yaml': templates,
      'z.yaml': 'zones:\n  example.com:\n    templates: [a, b]\n    records: {}\n',
    });
    expect(await problemsIn(dir)).toEqual([
      `t.yaml:3:12: EP1219 record set "@ TXT" of zone "example.com" is given by template "a" and by template "b" at t.yaml:5:12; give the set in one template only, or in the zone's records with override: true`,
      `t.yaml:5:12: EP1219 record set "@ TXT" of zone "example.com" is given by template "b" and by template "a" at t.yaml:3:12; give the set in one template only, or in the zone's records with override: true`,
    ]);
    const overridden = await tempTree({
      't.yaml': templates,
      'z.yaml':
        'zones:\n  example.com:\n    templates: [a, b]\n    records: { "@": { txt: ["three"], override: true } }\n',
    });
    const state = await desired(overridden);
    expect(state.zones[0]?.records.map((set) => set.values)).toEqual([['"three"']]);
  });

  it('refuses a template no file defines, naming the closest one and where it is', async () => {
    const dir = await tempTree({
      't.yaml': 'templates:\n  mail-google:\n    "@": { txt: ["x"] }\n',
      'z.yaml': 'zones:\n  example.com:\n    templates: [mail-gogle]\n',
    });
    expect(await problemsIn(dir)).toEqual([
      `z.yaml:3:17: EP1220 template "mail-gogle" of zone "example.com" is not defined in any file; did you mean mail-google (t.yaml:2:3)?`,
    ]);
  });

  it('refuses a mirror of a mirror at both places, a missing source and a zone the same as itself', async () => {
    const dir = await tempTree({
      'z.yaml': [
        'zones:',
        '  a.example: { records: { www: { a: [192.0.2.1] } } }',
        '  b.example: { same_as: a.example }',
        '  c.example: { same_as: b.example }',
        '  d.example: { same_as: e.exampel }',
        '  e.example: { same_as: e.example }',
        '',
      ].join('\n'),
    });
    expect(await problemsIn(dir)).toEqual([
      `z.yaml:3:25: EP1221 zone "b.example" is same_as another zone, and zone "c.example" is the same as it at z.yaml:4:25; a mirror names the zone that holds the records`,
      `z.yaml:4:25: EP1221 zone "c.example" is the same as "b.example", which is itself same_as another zone at z.yaml:3:25; a mirror names the zone that holds the records`,
      `z.yaml:5:25: EP1221 same_as of zone "d.example" names "e.exampel", which is not a zone of this desired state; did you mean e.example or a.example or b.example?`,
      `z.yaml:6:25: EP1221 zone "e.example" cannot be the same as itself`,
    ]);
  });

  it('warns of an override that replaces nothing, and refuses override in a template', async () => {
    const dir = await tempTree({
      'z.yaml': 'zones:\n  example.com:\n    records: { www: { a: [192.0.2.1], override: true } }\n',
    });
    expect(await warningsIn(dir)).toEqual([
      `z.yaml:3:39: warning: EP1223 override: true at record "www" of zone "example.com" replaces nothing: no template or same_as zone of the zone gives these sets; remove it`,
    ]);
    const inTemplate = await tempTree({
      't.yaml': 'templates:\n  t:\n    www: { a: [192.0.2.1], override: true }\n',
    });
    expect(await problemsIn(inTemplate)).toEqual([
      `t.yaml:3:28: EP1223 override in template "t": only a zone's own sets replace a template's; remove it here`,
    ]);
  });

  it('replaces {zone} in names and values, and refuses any other "{" once, whatever uses the template', async () => {
    const dir = await tempTree({
      't.yaml':
        'templates:\n  t:\n    "mx.{zone}.": { txt: ["at {zone}"] }\n    x: { txt: ["{zone.name}"] }\n',
      'z.yaml': 'zones:\n  example.com: { templates: [t] }\n  example.net: { templates: [t] }\n',
    });
    expect(await problemsIn(dir)).toEqual([
      `t.yaml:4:16: EP1222 "{zone.name}" has a "{" that is not {zone}: a template replaces only {zone}, the name of the zone that uses it, and has no other syntax`,
    ]);
    const good = await tempTree({
      't.yaml': 'templates:\n  t:\n    "mx.{zone}.": { mx: [{ preference: 1, exchange: "mail.{zone}." }] }\n',
      'z.yaml': 'zones:\n  example.com: { templates: [t] }\n',
    });
    const state = await desired(good);
    expect(state.zones[0]?.records).toMatchObject([
      { fqdn: 'mx.example.com', type: 'MX', values: ['1 mail.example.com.'] },
    ]);
  });

  it('keeps the rules across a name whose sets come from several places (CNAME alone)', async () => {
    const dir = await tempTree({
      't.yaml': 'templates:\n  t:\n    www: { cname: web.example.net. }\n',
      'z.yaml': 'zones:\n  example.com:\n    templates: [t]\n    records: { www: { a: [192.0.2.1] } }\n',
    });
    const found = await problemsIn(dir);
    expect(found.some((line) => line.includes('EP1203'))).toBe(true);
  });

  it("serves the source's TTLs in a mirror with another default_ttl, and rebases names, not values", async () => {
    const dir = await tempTree({
      'z.yaml': [
        'zones:',
        '  a.example:',
        '    default_ttl: 300',
        '    records: { www: { cname: web.a.example. }, web: { a: [192.0.2.1] }, "ftp.a.example.": { cname: web } }',
        '  b.example: { same_as: a.example }',
        '',
      ].join('\n'),
    });
    const state = await desired(dir);
    expect(
      state.zones[1]?.records.map(({ fqdn, type, ttl, values }) => ({ fqdn, type, ttl, values })),
    ).toEqual([
      { fqdn: 'ftp.b.example', type: 'CNAME', ttl: 300, values: ['web.b.example.'] },
      { fqdn: 'web.b.example', type: 'A', ttl: 300, values: ['192.0.2.1'] },
      { fqdn: 'www.b.example', type: 'CNAME', ttl: 300, values: ['web.a.example.'] },
    ]);
  });
});

describe('templates and same_as, at the edges', () => {
  it("replaces only the overridden type of a template's name; the others still come from the template", async () => {
    const dir = await tempTree({
      't.yaml':
        'templates:\n  t:\n    "@": { mx: [{ preference: 1, exchange: mx.example.net. }], txt: ["t"] }\n',
      'z.yaml':
        'zones:\n  example.com:\n    templates: [t]\n    records: { "@": { txt: ["own"], override: true } }\n',
    });
    const state = await desired(dir);
    expect(
      state.zones[0]?.records.map(({ type, values, source }) => ({ type, values, via: source?.via })),
    ).toEqual([
      { type: 'MX', values: ['1 mx.example.net.'], via: [{ kind: 'template', name: 't' }] },
      { type: 'TXT', values: ['"own"'], via: undefined },
    ]);
  });

  it('merges sets of other types at one name, each with its own TTL: ttl is no set', async () => {
    const dir = await tempTree({
      't.yaml': 'templates:\n  t:\n    www: { aaaa: ["2001:db8::1"], ttl: 60 }\n',
      'z.yaml':
        'zones:\n  example.com:\n    templates: [t]\n    records: { www: { a: [192.0.2.1], ttl: 300 } }\n',
    });
    const state = await desired(dir);
    expect(state.zones[0]?.records.map(({ type, ttl }) => `${type} ${ttl}`)).toEqual(['A 300', 'AAAA 60']);
  });

  it('takes override: false as no override: the set given twice is refused', async () => {
    const dir = await tempTree({
      't.yaml': 'templates:\n  t:\n    www: { a: [192.0.2.1] }\n',
      'z.yaml':
        'zones:\n  example.com:\n    templates: [t]\n    records: { www: { a: [192.0.2.2], override: false } }\n',
    });
    expect((await problemsIn(dir)).map((line) => line.split(' ')[1])).toEqual(['EP1219', 'EP1219']);
  });

  it('refuses a template defined twice and one listed twice, at both places', async () => {
    const dir = await tempTree({
      'a.yaml': 'templates:\n  t:\n    www: { a: [192.0.2.1] }\n',
      'b.yaml':
        'templates:\n  t:\n    web: { a: [192.0.2.2] }\nzones:\n  example.com: { templates: [t, t] }\n',
    });
    expect(await problemsIn(dir)).toEqual([
      'a.yaml:2:3: EP1011 template "t" is also defined at b.yaml:2:3',
      'b.yaml:2:3: EP1011 template "t" is also defined at a.yaml:2:3',
      'b.yaml:5:33: EP1108 template "t" is listed twice in zone "example.com"; first at b.yaml:5:30',
    ]);
  });

  it('says so when no file has templates at all', async () => {
    const dir = await tempTree({ 'z.yaml': 'zones:\n  example.com: { templates: [mail] }\n' });
    expect(await problemsIn(dir)).toEqual([
      'z.yaml:2:30: EP1220 template "mail" of zone "example.com" is not defined in any file; no file has templates:',
    ]);
  });

  it("gives a mirror's sets the source's TTL only where the zones' default TTLs differ", async () => {
    const dir = await tempTree({
      'z.yaml': [
        'zones:',
        '  a.example: { records: { www: { a: [192.0.2.1] }, web: { a: [192.0.2.2], ttl: 60 } } }',
        '  b.example: { same_as: a.example, default_ttl: 300, records: { own: { a: [192.0.2.3] } } }',
        '  c.example: { same_as: a.example }',
        '',
      ].join('\n'),
    });
    const state = await desired(dir);
    const ttls = (zone: string) =>
      state.zones.find((one) => one.zone === zone)?.records.map(({ fqdn, ttl }) => `${fqdn} ${ttl}`);
    expect(ttls('b.example')).toEqual(['own.b.example 300', 'web.b.example 60', 'www.b.example 3600']);
    expect(ttls('c.example')).toEqual(['web.c.example 60', 'www.c.example 3600']);
  });

  it("refuses a mirror's own set that the source gives too, unless it overrides; warns of an idle override", async () => {
    const zones = (own: string) =>
      `zones:\n  a.example: { records: { www: { a: [192.0.2.1] } } }\n  b.example: { same_as: a.example, records: { ${own} } }\n`;
    const twice = await tempTree({ 'z.yaml': zones('www: { a: [192.0.2.9] }') });
    expect(await problemsIn(twice)).toEqual([
      'z.yaml:2:34: EP1219 record set "www A" of zone "b.example" is given by zone "a.example" (same_as) and by the zone\'s records at z.yaml:3:54; write override: true in the zone\'s map of the set to replace the other one',
      'z.yaml:3:54: EP1219 record set "www A" of zone "b.example" is given by the zone\'s records and by zone "a.example" (same_as) at z.yaml:2:34; write override: true in the zone\'s map of the set to replace the other one',
    ]);
    const replaced = await desired(
      await tempTree({ 'z.yaml': zones('www: { a: [192.0.2.9], override: true }') }),
    );
    expect(replaced.zones[1]?.records.map((set) => set.values)).toEqual([['192.0.2.9']]);
    const idle = await tempTree({ 'z.yaml': zones('api: { a: [192.0.2.9], override: true }') });
    expect((await warningsIn(idle)).map((line) => line.split(' ').slice(1, 3).join(' '))).toEqual([
      'warning: EP1223',
    ]);
  });
});

describe('templates and same_as: what the schema refuses, hints and zones without either', () => {
  it('a template or same_as the schema refuses gives the schema problem alone', async () => {
    const dir = await tempTree({
      'z.yaml':
        'templates:\n  bad: 3\n  odd:\n    www: 3\nzones:\n  a.example: { templates: [bad, odd, 3] }\n' +
        '  b.example: { same_as: 3 }\n',
    });
    expect((await problemsIn(dir)).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'z.yaml:2:8: EP1103',
      'z.yaml:4:10: EP1103',
      'z.yaml:6:38: EP1103',
      'z.yaml:7:25: EP1103',
    ]);
  });

  it('names the templates a missing one is close to, each at its place, or none when none is close', async () => {
    const dir = await tempTree({
      't.yaml': 'templates:\n  mail-a: {}\n  mail-b: {}\n  caa-letsencrypt: {}\n',
      'z.yaml':
        'zones:\n  a.example: { templates: [mail-c, zzzzzzzzzzzz] }\n  b.example: { same_as: zzzzzzzz.test }\n',
    });
    expect(await problemsIn(dir)).toEqual([
      'z.yaml:2:28: EP1220 template "mail-c" of zone "a.example" is not defined in any file; did you mean mail-a (t.yaml:2:3) or mail-b (t.yaml:3:3)?',
      'z.yaml:2:36: EP1220 template "zzzzzzzzzzzz" of zone "a.example" is not defined in any file',
      'z.yaml:3:25: EP1221 same_as of zone "b.example" names "zzzzzzzz.test", which is not a zone of this desired state',
    ]);
  });

  it('a zone using neither keeps its own records as written, and says when it gives none', async () => {
    const state = await desired(
      await tempTree({
        'z.yaml': 'zones:\n  a.example: { default_ttl: 300 }\n  b.example: { records: {} }\n',
      }),
    );
    expect(state.zones.map((zone) => [zone.zone, zone.recordsGiven])).toEqual([
      ['a.example', false],
      ['b.example', undefined],
    ]);
  });

  it('warns of an override in a zone using neither, in any of its names or maps', async () => {
    const dir = await tempTree({
      'z.yaml':
        'zones:\n  a.example:\n    records:\n      www: [{ a: [192.0.2.1] }, { aaaa: ["2001:db8::1"], ttl: 60, override: true }]\n' +
        '      api: { a: [192.0.2.2] }\n',
    });
    expect((await warningsIn(dir)).map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'z.yaml:4:67: warning: EP1223',
    ]);
  });
});
