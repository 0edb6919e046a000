/**
 * One live zone as the document import writes: its default TTL, each name's sets (one map, or one map per TTL),
 * what goes under `unmanaged` (whole names, or names with types) and the notes that list what is left alone.
 * That the document loads back as the live zone is proved in test/config/import-round-trip.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { literalGlob, zoneDocument } from '../../src/import/zone-document.js';
import type { ZoneInventory } from '../../src/model/inventory.js';
import type { LiveRecordSet } from '../../src/model/record-set.js';
import { nameMatches } from '../../src/model/unmanaged.js';

const ZONE = 'example.com';

/** A live set at `name` (relative, `@` the apex) whose records have the TTLs given beside their values. */
const set = (name: string, type: string, ...records: [string, number][]): LiveRecordSet => ({
  fqdn: name === '@' ? ZONE : `${name}.${ZONE}`,
  type,
  records: records.map(([value, ttl]) => ({ value, ttl })),
});

const live = (...records: LiveRecordSet[]): ZoneInventory => ({ zone: ZONE, records, unsupported: [] });

const UNMANAGED = 'the name is written under unmanaged, left as it is';

describe('zoneDocument: default TTL and TTLs', () => {
  it('takes the most common set TTL as the default, and writes a ttl only where a set differs', () => {
    const { document } = zoneDocument(
      live(
        set('a', 'A', ['192.0.2.1', 600]),
        set('b', 'A', ['192.0.2.2', 300]),
        set('c', 'A', ['192.0.2.3', 300]),
      ),
    );
    expect(document).toEqual({
      default_ttl: 300,
      records: { a: { a: ['192.0.2.1'], ttl: 600 }, b: { a: ['192.0.2.2'] }, c: { a: ['192.0.2.3'] } },
    });
  });

  it('takes the smallest of the most common TTLs, whatever their order', () => {
    const sets = [set('a', 'A', ['192.0.2.1', 300]), set('b', 'A', ['192.0.2.2', 60])];
    expect(zoneDocument(live(...sets)).document.default_ttl).toBe(60);
    expect(zoneDocument(live(...sets.reverse())).document.default_ttl).toBe(60);
    const more = [
      set('a', 'A', ['192.0.2.1', 60]),
      set('b', 'A', ['192.0.2.2', 300]),
      set('c', 'A', ['192.0.2.3', 300]),
    ];
    expect(zoneDocument(live(...more)).document.default_ttl).toBe(300);
  });

  it('gives an empty zone the default TTL of 3600 and no unmanaged key', () => {
    expect(zoneDocument(live())).toEqual({
      document: { default_ttl: 3600, records: {} },
      notes: [],
      warnings: [],
    });
  });

  it('writes a name whose sets differ in TTL as one map per TTL, in TTL order, types in key order', () => {
    const { document } = zoneDocument(
      live(
        set('@', 'TXT', ['"b"', 3600]),
        set('@', 'MX', ['10 mail.example.com.', 60]),
        set('@', 'AAAA', ['2001:db8::1', 300]),
        set('@', 'A', ['192.0.2.1', 300]),
        set('www', 'A', ['192.0.2.1', 300]),
      ),
    );
    const apex = document.records['@'];
    expect(apex).toEqual([
      { mx: [{ preference: 10, exchange: 'mail.example.com.' }], ttl: 60 },
      { a: ['192.0.2.1'], aaaa: ['2001:db8::1'] },
      { txt: ['b'], ttl: 3600 },
    ]);
    expect(Array.isArray(apex) ? apex.map((map) => Object.keys(map)) : []).toEqual([
      ['mx', 'ttl'],
      ['a', 'aaaa'],
      ['txt', 'ttl'],
    ]);
  });

  it('writes names in order, and a type that holds one value as that value', () => {
    const { document } = zoneDocument(
      live(
        set('www', 'CNAME', ['web.example.net.', 300]),
        set('b', 'A', ['192.0.2.1', 300]),
        set('@', 'A', ['192.0.2.2', 300]),
      ),
    );
    expect(Object.keys(document.records)).toEqual(['@', 'b', 'www']);
    expect(document.records.www).toEqual({ cname: 'web.example.net.' });
  });
});

describe('zoneDocument: what goes under unmanaged', () => {
  it('a set whose records differ in TTL: the whole name, with its other sets', () => {
    const { document, notes } = zoneDocument(
      live(
        set('mixed', 'A', ['192.0.2.2', 600], ['192.0.2.1', 300]),
        set('mixed', 'TXT', ['"kept out too"', 300]),
        set('www', 'A', ['192.0.2.3', 300]),
      ),
    );
    expect(document).toEqual({
      default_ttl: 300,
      records: { www: { a: ['192.0.2.3'] } },
      unmanaged: ['mixed'],
    });
    expect(notes).toEqual([
      `zone:${ZONE}: mixed.${ZONE} A has records with different TTLs (300, 600); ${UNMANAGED}`,
    ]);
  });

  it('a set with TTL 0 or no records, never one with TTL 1', () => {
    const { document, notes } = zoneDocument(
      live(set('zero', 'A', ['192.0.2.1', 0]), set('empty', 'A'), set('one', 'A', ['192.0.2.1', 1])),
    );
    expect(document).toEqual({
      default_ttl: 1,
      records: { one: { a: ['192.0.2.1'] } },
      unmanaged: ['empty', 'zero'],
    });
    expect(notes).toEqual([
      `zone:${ZONE}: zero.${ZONE} A has TTL 0; ${UNMANAGED}`,
      `zone:${ZONE}: empty.${ZONE} A has no records; ${UNMANAGED}`,
    ]);
  });

  it('a type that holds one value holding several, and not one holding one', () => {
    const { document, notes } = zoneDocument(
      live(
        set('two', 'CNAME', ['a.example.net.', 300], ['b.example.net.', 300]),
        set('one', 'CNAME', ['a.example.net.', 300]),
        set('many', 'A', ['192.0.2.1', 300], ['192.0.2.2', 300]),
      ),
    );
    expect(document.records).toEqual({
      many: { a: ['192.0.2.1', '192.0.2.2'] },
      one: { cname: 'a.example.net.' },
    });
    expect(document.unmanaged).toEqual(['two']);
    expect(notes).toEqual([
      `zone:${ZONE}: two.${ZONE} CNAME has 2 records, where the type holds one; ${UNMANAGED}`,
    ]);
  });

  it('misplaced types by name with their types sorted, unless the whole name is unmanaged', () => {
    const { document } = zoneDocument(
      live(
        set('@', 'DS', ['60485 5 1 2bb183af5f22588179a53b0a98631fad1a292118', 300]),
        set('@', 'CNAME', ['web.example.net.', 300]),
        set('@', 'A', ['192.0.2.1', 300]),
        set('lone', 'DS', ['60485 5 1 2bb183af5f22588179a53b0a98631fad1a292118', 300]),
        set('lone', 'A', ['192.0.2.1', 300], ['192.0.2.2', 60]),
        set('b(1)', 'A', ['192.0.2.1', 0]),
        set('a*', 'A', ['192.0.2.1', 0]),
      ),
    );
    expect(document.records).toEqual({ '@': { a: ['192.0.2.1'] } });
    expect(document.unmanaged).toEqual(['a\\*', 'b\\(1\\)', 'lone', { name: '\\@', types: ['CNAME', 'DS'] }]);
  });
});

describe('zoneDocument: misplaced types', () => {
  it('writes the names with misplaced types in name order, whatever the order of the sets', () => {
    const ds = '60485 5 1 2bb183af5f22588179a53b0a98631fad1a292118';
    const { document } = zoneDocument(live(set('lone', 'DS', [ds, 300]), set('@', 'DS', [ds, 300])));
    expect(document.unmanaged).toEqual([
      { name: '\\@', types: ['DS'] },
      { name: 'lone', types: ['DS'] },
    ]);
  });
});

describe('zoneDocument: names a delegation hides', () => {
  it('writes a set below a delegation that is not its glue, and a name server without glue, under unmanaged', () => {
    const { document, notes } = zoneDocument(
      live(
        set('lab', 'NS', ['ns1.lab.example.com.', 300]),
        set('ns1.lab', 'A', ['192.0.2.53', 300]),
        set('www.lab', 'A', ['192.0.2.80', 300]),
        set('dev', 'NS', ['ns1.dev.example.com.', 300]),
      ),
    );
    expect(document).toEqual({
      default_ttl: 300,
      records: {
        dev: { ns: ['ns1.dev.example.com.'] },
        lab: { ns: ['ns1.lab.example.com.'] },
        'ns1.lab': { a: ['192.0.2.53'] },
      },
      unmanaged: ['ns1.dev', 'www.lab'],
    });
    expect(notes).toEqual([
      `zone:${ZONE}: www.lab.${ZONE} A lies below the delegation lab.${ZONE} and is not its glue (resolvers never ` +
        `see it); ${UNMANAGED}`,
      `zone:${ZONE}: ns1.dev.${ZONE}, a name server of the delegation dev.${ZONE} inside it, has no address in the ` +
        `zone (no glue); ${UNMANAGED}`,
    ]);
  });
});

describe('zoneDocument: notes on what the provider does not let edgeplan manage', () => {
  it('counts and names the unsupported sets when the provider reads no data of them', () => {
    const { notes } = zoneDocument({ ...live(), unsupported: [`${ZONE} LOC`, `x.${ZONE} HINFO`] });
    expect(notes).toEqual([
      `zone:${ZONE}: 2 record sets of types edgeplan does not manage, left as they are:`,
      `  ${ZONE} LOC`,
      `  x.${ZONE} HINFO`,
    ]);
  });

  it('writes each foreign record as a zone file line when the provider reads them', () => {
    const { notes } = zoneDocument({
      ...live(),
      unsupported: [`${ZONE} LOC`],
      foreign: [
        { fqdn: ZONE, type: 'LOC', ttl: 300, rdata: '52 22 23.000 N 4 53 32.000 E -2.00m 0.00m 10000m 10m' },
        { fqdn: ZONE, type: 'LOC', ttl: 300, rdata: '1 2 3.000 N 4 5 6.000 E 0.00m 1m 10000m 10m' },
      ],
    });
    expect(notes).toEqual([
      `zone:${ZONE}: 2 records of types edgeplan does not manage, left as they are:`,
      `  ${ZONE}. 300 LOC 52 22 23.000 N 4 53 32.000 E -2.00m 0.00m 10000m 10m`,
      `  ${ZONE}. 300 LOC 1 2 3.000 N 4 5 6.000 E 0.00m 1m 10000m 10m`,
    ]);
  });

  it('names none when there are no unsupported records, even if foreign is given', () => {
    expect(zoneDocument({ ...live(), foreign: [] }).notes).toEqual([]);
  });

  it('counts and names the sets the provider keeps for itself, after the others', () => {
    const { notes } = zoneDocument({
      ...live(set('zero', 'A', ['192.0.2.1', 0])),
      unsupported: [`${ZONE} LOC`],
      providerOwned: [`${ZONE} SOA`, `${ZONE} NS`],
    });
    expect(notes).toEqual([
      `zone:${ZONE}: zero.${ZONE} A has TTL 0; ${UNMANAGED}`,
      `zone:${ZONE}: 1 record sets of types edgeplan does not manage, left as they are:`,
      `  ${ZONE} LOC`,
      `zone:${ZONE}: 2 record sets the provider keeps for itself or does not serve, left as they are:`,
      `  ${ZONE} SOA`,
      `  ${ZONE} NS`,
    ]);
    expect(zoneDocument({ ...live(), providerOwned: [] }).notes).toEqual([]);
  });
});

describe('literalGlob', () => {
  const SPECIAL = '\\*?[]{}()!+@|,^$';

  it('escapes every character a glob gives a meaning, and nothing else', () => {
    expect(literalGlob(`a${SPECIAL}b.-_`)).toBe(`a${[...SPECIAL].map((c) => `\\${c}`).join('')}b.-_`);
  });

  it('matches, as unmanaged names are matched, exactly the name it was made from', () => {
    for (const name of [...SPECIAL].flatMap((c) => [`x${c}y`, c, `${c}a${c}`])) {
      const glob = literalGlob(name);
      expect(nameMatches(name, glob), name).toBe(true);
      expect(nameMatches(`${name}z`, glob), name).toBe(false);
      expect(nameMatches('xy', glob), name).toBe(false);
    }
  });
});

describe('zoneDocument: names that end in the zone name twice', () => {
  // RFC 1035 section 5.1: a name without its trailing dot is relative to $ORIGIN, so `mx.example.com` written in
  // the file of example.com is served as mx.example.com.example.com.
  it('writes the name absolute, as served, and warns with the name likely meant', () => {
    const doubled = set('mx.example.com', 'A', ['192.0.2.1', 300]);
    const apexTwice = set('example.com', 'TXT', ['"x"', 300]);
    const { document, warnings } = zoneDocument(
      live(doubled, apexTwice, set('www', 'A', ['192.0.2.2', 300])),
    );
    expect(Object.keys(document.records)).toEqual([
      'example.com.example.com.',
      'mx.example.com.example.com.',
      'www',
    ]);
    expect(warnings).toEqual([
      'zone:example.com: example.com.example.com is written as "example.com.example.com." as the zone serves it; ' +
        'its name ends in the zone\'s name twice: likely "example.com." written without its trailing dot in the ' +
        "zone's source",
      'zone:example.com: mx.example.com.example.com is written as "mx.example.com.example.com." as the zone serves ' +
        'it; its name ends in the zone\'s name twice: likely "mx.example.com." written without its trailing dot in ' +
        "the zone's source",
    ]);
  });

  it('writes a doubled name that goes under unmanaged absolute too', () => {
    const { document } = zoneDocument(
      live(set('mx.example.com', 'A', ['192.0.2.1', 300], ['192.0.2.2', 60])),
    );
    expect(document.unmanaged).toEqual(['mx.example.com.example.com.']);
  });

  it('warns of nothing for a name that holds the zone name only once', () => {
    expect(zoneDocument(live(set('example', 'A', ['192.0.2.1', 300]))).warnings).toEqual([]);
  });
});

describe('zoneDocument: a CNAME with other data beside it', () => {
  // RFC 1034 §3.6.2, RFC 2181 §10.1: a CNAME stands alone at its name, DNSSEC's own records aside.
  const cname = set('www', 'CNAME', ['web.example.net.', 300]);

  it('writes the name under unmanaged when it has a managed type beside the CNAME', () => {
    const { document, notes } = zoneDocument(live(cname, set('www', 'A', ['192.0.2.1', 300])));
    expect(document).toEqual({ default_ttl: 3600, records: {}, unmanaged: ['www'] });
    expect(notes).toEqual([
      `zone:example.com: www.example.com CNAME has A beside it, where a CNAME must stand alone; ${UNMANAGED}`,
    ]);
  });

  it('writes the name under unmanaged when a type the provider does not read is beside the CNAME', () => {
    const { document } = zoneDocument({ ...live(cname), unsupported: ['www.example.com LOC'] });
    expect(document.unmanaged).toEqual(['www']);
    expect(document.records).toEqual({});
  });

  it("writes the CNAME as usual beside DNSSEC's own records, or beside data at another name", () => {
    const { document } = zoneDocument({
      ...live(cname, set('web', 'A', ['192.0.2.1', 300])),
      unsupported: ['www.example.com RRSIG', 'www.example.com NSEC', 'other.example.com LOC'],
    });
    expect(document.records).toEqual({ web: { a: ['192.0.2.1'] }, www: { cname: 'web.example.net.' } });
    expect(document.unmanaged).toBeUndefined();
  });
});

describe('zoneDocument: allow_lints for the lint errors a live set has', () => {
  it('writes the lints to allow on the map that holds the set, sorted, once each', () => {
    const allow = new Map([
      ['example.com TXT', ['spf-twice']],
      ['a.example.com CNAME', ['cname-loop', 'cname-loop']],
    ]);
    const { document } = zoneDocument(
      live(
        set('@', 'TXT', ['"v=spf1 -all"', 300], ['"v=spf1 ~all"', 300]),
        set('@', 'MX', ['10 mail.example.net.', 60]),
        set('a', 'CNAME', ['b.example.com.', 300]),
        set('b', 'A', ['192.0.2.1', 300]),
      ),
      allow,
    );
    expect(document.records).toEqual({
      '@': [
        { mx: [{ preference: 10, exchange: 'mail.example.net.' }], ttl: 60 },
        { txt: ['v=spf1 -all', 'v=spf1 ~all'], allow_lints: ['spf-twice'] },
      ],
      a: { cname: 'b.example.com.', allow_lints: ['cname-loop'] },
      b: { a: ['192.0.2.1'] },
    });
  });
});
