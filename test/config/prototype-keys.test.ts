import { describe, expect, it } from 'vitest';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { desired, problems, tempTree } from './helpers.js';

/** Names that are members of every JavaScript object: each must be a name like any other. */
const NAMES = PROTOTYPE_KEYS;

/** Every name as a key of the map at `indent`, with the YAML `value` lines below it. */
const entries = (indent: string, value: (name: string) => string[]) =>
  NAMES.flatMap((name) => [`${indent}${name}:`, ...value(name).map((line) => `${indent}  ${line}`)]);

describe('names that are members of every JavaScript object', () => {
  it('load as record names, geo services, geo groups and webapps', async () => {
    const dir = await tempTree({
      'desired.yaml': [
        'zones:',
        '  a.test:',
        '    records:',
        ...entries('      ', () => ['a: [192.0.2.1]', 'txt: [hello]']),
        '  constructor.test: {}',
        'geo_services:',
        ...entries('  ', (name) => ['groups:', `  - { name: ${name}, countries: [DE], a: [192.0.2.9] }`]),
        'waf:',
        '  webapps:',
        ...entries('    ', () => ['good_bots: { allow: [Googlebot] }']),
        '',
      ].join('\n'),
    });
    const state = await desired(dir);
    expect(state.zones.map((zone) => zone.zone)).toEqual(['a.test', 'constructor.test']);
    const fqdns = NAMES.map((name) => `${name.toLowerCase()}.a.test`).sort();
    expect(state.zones[0]?.records.map((set) => `${set.fqdn} ${set.type}`)).toEqual(
      fqdns.flatMap((fqdn) => [`${fqdn} A`, `${fqdn} TXT`]),
    );
    const sorted = [...NAMES].sort();
    expect(state.geoServices?.map((service) => service.name)).toEqual(sorted);
    expect(state.geoServices?.map((service) => service.groups[0]?.name)).toEqual(sorted);
    expect(state.waf?.webapps.map((webapp) => webapp.ref)).toEqual(sorted);
  });

  it('load as record names that hold a list of maps, one per TTL', async () => {
    const dir = await tempTree({
      'desired.yaml': [
        'zones:',
        '  a.test:',
        '    records:',
        ...entries('      ', () => ['- { a: [192.0.2.1] }', '- { txt: [hello], ttl: 60 }']),
        '',
      ].join('\n'),
    });
    const state = await desired(dir);
    const fqdns = NAMES.map((name) => `${name.toLowerCase()}.a.test`).sort();
    expect(state.zones[0]?.records.map((set) => `${set.fqdn} ${set.type} ${set.ttl}`)).toEqual(
      fqdns.flatMap((fqdn) => [`${fqdn} A 3600`, `${fqdn} TXT 60`]),
    );
  });

  it('are checked like any other name: problems inside a `__proto__` entry are reported where written', async () => {
    const dir = await tempTree({
      'desired.yaml': [
        'zones:',
        '  a.test:',
        '    records:',
        '      __proto__: { a: 192.0.2.1, ttl: 0 }',
        '      toString: { cname: web.example.net., a: [192.0.2.1] }',
        'geo_services:',
        '  __proto__: { groups: [] }',
        '  constructor: { groups: [{ name: __proto__, countries: [XX], a: [192.0.2.1] }] }',
        '',
      ].join('\n'),
    });
    const file = `${dir}/desired.yaml`;
    expect(await problems(dir)).toEqual([
      `${file}:4:23: EP1103 a must be a list of A values, got "192.0.2.1"`,
      `${file}:4:39: EP1103 ttl must be an integer between 1 and 2147483647, got 0`,
      `${file}:5:19: EP1203 record "toString": CNAME must be alone at its name, but it has A at ${file}:5:44`,
      `${file}:7:24: EP1103 groups must list at least one group, got an empty list`,
      expect.stringMatching(new RegExp(`^${file}:8:58: EP1109 "XX" is not a country code`)),
    ]);
  });
});
