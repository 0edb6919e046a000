import { appendFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../../src/config/index.js';
import {
  DYN_LIKE,
  desired,
  ONE_PLACE,
  problems,
  problemsWith,
  providerLike,
  RECORD_SET_KEYS,
  TYPE_KEYS,
  tempTree,
} from '../helpers.js';

/**
 * A record name whose types have different TTLs: a list of record-set maps, one per TTL. Each item's sets get its
 * TTL (else the zone's default_ttl) and point at the item; everything else reads as a name's one map does.
 */

/** A one-file desired state: `lines` are the lines under `records:` of zone example.com (default_ttl 600). */
async function zone(...lines: string[]): Promise<string> {
  const text = [
    'zones:',
    '  example.com:',
    '    default_ttl: 600',
    '    records:',
    ...lines.map((l) => `      ${l}`),
    '',
  ].join('\n');
  return `${await tempTree({ 'z.yaml': text })}/z.yaml`;
}

describe('a record name as a list of record-set maps, one per TTL', () => {
  it("gives each item's sets its TTL, else the zone's, and points them at the item", async () => {
    const file = await zone(
      '"@":',
      '  - { a: [192.0.2.1], aaaa: ["2001:db8::1"] }',
      '  - { mx: [{ preference: 10, exchange: mail }], ttl: 3600 }',
      'api:',
      '  - a: [192.0.2.2]',
      '    ttl: 60',
      '  - txt: [hello]',
      'www: { a: [192.0.2.3], ttl: 300 }',
    );
    const at = (line: number, col: number) => ({ file, line, col });
    expect((await desired(file)).zones[0]?.records).toEqual([
      { fqdn: 'api.example.com', type: 'A', ttl: 60, values: ['192.0.2.2'], at: at(9, 11) },
      { fqdn: 'api.example.com', type: 'TXT', ttl: 600, values: ['"hello"'], at: at(11, 11) },
      { fqdn: 'example.com', type: 'A', ttl: 600, values: ['192.0.2.1'], at: at(6, 11) },
      { fqdn: 'example.com', type: 'AAAA', ttl: 600, values: ['2001:db8::1'], at: at(6, 11) },
      { fqdn: 'example.com', type: 'MX', ttl: 3600, values: ['10 mail.example.com.'], at: at(7, 11) },
      { fqdn: 'www.example.com', type: 'A', ttl: 300, values: ['192.0.2.3'], at: at(12, 7) },
    ]);
  });

  it('gives the same sets as maps would, whatever the order of the items', async () => {
    const list = await zone(
      '"@": [{ mx: [{ preference: 10, exchange: mail }], ttl: 60 }, { a: [192.0.2.1] }]',
    );
    const maps = await zone('"@": { a: [192.0.2.1] }', 'mail: { a: [192.0.2.9] }');
    const sets = async (file: string) =>
      (await desired(file)).zones[0]?.records.map(({ at: _, ...set }) => set);
    expect((await sets(list))?.filter((set) => set.type === 'A')).toEqual(
      (await sets(maps))?.filter((set) => set.fqdn === 'example.com'),
    );
  });

  it('refuses a type in two items, at the second, naming the first', async () => {
    const file = await zone(
      '"@":',
      '  - { a: [192.0.2.1], txt: [one] }',
      '  - { mx: [{ preference: 10, exchange: mail }], ttl: 60 }',
      '  - { txt: [two], a: [192.0.2.2], ttl: 120 }',
      'www: [{ cname: one.example.net. }, { cname: two.example.net., ttl: 60 }]',
      'mail: { a: [192.0.2.25] }',
    );
    const tail = 'each type is given in one item, whose TTL it has';
    expect(await problems(file)).toEqual([
      `${file}:8:13: record "@": TXT is also given in another item of its list, at ${file}:6:29; ${tail}`,
      `${file}:8:25: record "@": A is also given in another item of its list, at ${file}:6:13; ${tail}`,
      `${file}:9:44: record "www": CNAME is also given in another item of its list, at ${file}:9:15; ${tail}`,
    ]);
  });

  it('refuses an empty list, a list of one map, and items that are not maps of record types', async () => {
    const file = await zone(
      'none: []',
      'one: [{ a: [192.0.2.1] }]',
      'bad:',
      '  - { a: [192.0.2.1] }',
      '  - { ttl: 60 }',
      '  - "txt: hello"',
      '  - { addresses: [192.0.2.2], ttl: 0 }',
      'odd: 42',
    );
    const two =
      'must list at least two record-set maps, one per TTL (types that share a TTL are one map, no list)';
    expect(await problems(file)).toEqual([
      `${file}:5:13: record "none" ${two}, got an empty list`,
      `${file}:6:12: record "one" ${two}, got a list`,
      `${file}:9:11: record "bad"[1] must hold at least one record type (${TYPE_KEYS}), got a map`,
      `${file}:10:11: record "bad"[2] must be a map, got "txt: hello"`,
      `${file}:11:13: unknown key "addresses" in record "bad"[3] (expected ${RECORD_SET_KEYS})`,
      `${file}:11:42: ttl must be an integer between 1 and 2147483647, got 0`,
      `${file}:12:12: record "odd" must be a map of record types, or a list of such maps (one per TTL), got 42`,
    ]);
  });

  it('reports a value problem in an item where it is written', async () => {
    const file = await zone(
      'www:',
      '  - { a: [192.0.2.1] }',
      '  - { mx: [{ preference: 70000, exchange: mail }], ttl: 60 }',
    );
    expect(await problems(file)).toEqual([
      `${file}:7:32: preference must be an integer between 0 and 65535, got 70000`,
    ]);
  });
});

describe('the rules of a name hold across the items of its list', () => {
  const DS =
    '{ key_tag: 60485, algorithm: 5, digest_type: 1, digest: 2BB183AF5F22588179A53B0A98631FAD1A292118 }';

  it('CNAME alone at its name and off the apex, ALIAS only at the apex, nothing below a delegation', async () => {
    const file = await zone(
      '"@":',
      '  - { cname: web.example.net. }',
      '  - { a: [192.0.2.1], ttl: 60 }',
      'www:',
      '  - { cname: web.example.net. }',
      '  - { alias: lb.example.net., ttl: 60 }',
      'sub:',
      '  - { ns: [ns1.example.net., ns2.example.net.] }',
      `  - { ds: [${DS}], ttl: 86400 }`,
      'host.sub: { a: [192.0.2.5] }',
    );
    expect(await problems(file)).toEqual([
      `${file}:6:13: record "@": CNAME is not allowed at the zone apex`,
      `${file}:6:13: record "@": CNAME must be alone at its name, but it has A at ${file}:7:13`,
      `${file}:9:13: record "www": CNAME must be alone at its name, but it has ALIAS at ${file}:10:13`,
      `${file}:10:13: record "www": ALIAS is allowed only at the zone apex ("@")`,
      `${file}:14:19: record "host.sub": A is below "sub", which its NS records at ${file}:12:13 delegate; ` +
        'below a delegated name a zone holds only glue, the addresses (A, AAAA) of the name servers the ' +
        'delegation names, and no NS record of "sub" names host.sub.example.com.',
    ]);
  });

  it("checks the provider's types and per-name limits in every item", async () => {
    const small: LoadOptions = providerLike('small', {
      recordTypes: ['A'],
      geoServices: true,
      secondaryZones: true,
      maxRecordsPerName: { A: 2 },
    });
    const file = await zone(
      '"@":',
      '  - { txt: [hello] }',
      '  - { a: [192.0.2.1, 192.0.2.2, 192.0.2.3], ttl: 60 }',
    );
    expect(await problemsWith(small, file)).toEqual([
      `${file}:6:13: record "@": the DNS provider small does not support record type TXT: leave it out of the zones this provider serves, or serve them from a provider that holds TXT (docs/record-types.md lists which)`,
      `${file}:7:13: record "@" has 3 A values, but the DNS provider small allows at most 2 A records per name`,
    ]);
    const many = Array.from({ length: 14 }, (_, i) => `192.0.2.${i + 1}`).join(', ');
    const dyn = await zone('"@":', '  - { txt: [hello] }', `  - { a: [${many}], ttl: 60 }`);
    expect(await problemsWith(DYN_LIKE, dyn)).toEqual([
      `${dyn}:7:13: record "@" has 14 A values, but the DNS provider dyn allows at most 13 A records per name`,
    ]);
  });

  it('defines a name in one place across files, and never both managed and unmanaged', async () => {
    const dir = await tempTree({
      'a.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      www:',
        '        - { a: [192.0.2.1] }',
        '        - { txt: [hello], ttl: 60 }',
        '      legacy-1: [{ a: [192.0.2.2] }, { txt: [old], ttl: 60 }]',
        '    unmanaged: ["legacy-*"]',
        '',
      ].join('\n'),
      'b.yaml':
        'zones:\n  example.com:\n    records:\n      www.example.com.: { mx: [{ preference: 1, exchange: mx }] }\n',
    });
    const [a, b] = [`${dir}/a.yaml`, `${dir}/b.yaml`];
    expect(await problems(dir)).toEqual([
      `${a}:4:7: record "www" of zone "example.com" is also defined at ${b}:4:7 as "www.example.com."; ${ONE_PLACE}`,
      `${a}:7:7: record "legacy-1" matches unmanaged glob "legacy-*" of its zone; a name cannot be both managed and unmanaged`,
      `${b}:4:7: record "www.example.com." of zone "example.com" is also defined at ${a}:4:7 as "www"; ${ONE_PLACE}`,
    ]);
  });

  it('keeps plain records of a geo node out of every item', async () => {
    const file = await zone(
      'geo:',
      '  - { a: [192.0.2.1] }',
      '  - { txt: [hello], ttl: 60 }',
      'mail:',
      '  - { mx: [{ preference: 1, exchange: geo }] }',
      '  - { txt: [hello], ttl: 60 }',
    );
    await appendFile(
      file,
      'geo_services:\n  Web:\n    groups: [{ name: All, countries: ["@@"], a: [192.0.2.9] }]\n' +
        '    nodes: [{ zone: example.com, fqdn: geo.example.com }, { zone: example.com, fqdn: mail.example.com }]\n',
    );
    const tail = 'a node linked to a geo service carries no plain A records';
    expect(await problems(file)).toEqual([
      `${file}:5:7: record geo.example.com is a node of geo service "Web" at ${file}:14:40; ${tail}`,
      `${file}:14:40: node geo.example.com also has plain A records under zones at ${file}:5:7; ${tail}`,
    ]);
  });
});
