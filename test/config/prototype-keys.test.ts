import { describe, expect, it } from 'vitest';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { desired, problems, tempTree } from './helpers.js';

/** Every name a key of the map under `indent`, each with `value` (YAML lines) below it. */
const entries = (indent: string, value: (name: string) => string[]) =>
  PROTOTYPE_KEYS.flatMap((name) => [`${indent}${name}:`, ...value(name).map((line) => `${indent}  ${line}`)]);

describe('names that are members of every JavaScript object', () => {
  it('load as record sets, geo services and webapps like any other name', async () => {
    const dir = await tempTree({
      'desired.yaml': [
        'zones:',
        '  a.test:',
        '    records:',
        ...entries('      ', () => ['a: [192.0.2.1]']),
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
    const fqdns = PROTOTYPE_KEYS.map((name) => `${name.toLowerCase()}.a.test`).sort();
    expect(state.zones[0]?.records.map((set) => set.fqdn)).toEqual(fqdns);
    expect(state.geoServices?.map((service) => service.name)).toEqual(PROTOTYPE_KEYS);
    expect(state.geoServices?.map((service) => service.groups[0]?.name)).toEqual(PROTOTYPE_KEYS);
    expect(state.waf?.webapps.map((webapp) => webapp.ref)).toEqual(PROTOTYPE_KEYS);
  });

  it('are checked like any other name: problems under `__proto__` are reported where they are written', async () => {
    const dir = await tempTree({
      'desired.yaml': [
        'zones:',
        '  a.test:',
        '    records:',
        '      __proto__: { a: 192.0.2.1, ttl: 0 }',
        'geo_services:',
        '  __proto__: { groups: [] }',
        'waf:',
        '  webapps:',
        '    __proto__: { good_bots: { mode: strict, allow: [] } }',
        '',
      ].join('\n'),
    });
    const file = `${dir}/desired.yaml`;
    expect(await problems(dir)).toEqual([
      `${file}:4:23: a must be a list of IPv4 addresses, got "192.0.2.1"`,
      `${file}:4:39: ttl must be an integer between 1 and 2147483647, got 0`,
      `${file}:6:24: groups must list at least one group, got an empty list`,
      `${file}:9:37: mode must be one of exact, additive, got "strict"`,
    ]);
  });
});
