import { describe, expect, it, vi } from 'vitest';
import { oneProviderDesired } from '../../support/one-provider.js';
import { AT, aSet, BAD, desired, NO_SERVICES, ONE_PLACE, problems, tempTree } from '../helpers.js';

// Time budget: ten times its slowest test (0.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

describe('merging files', () => {
  it('reports a record and a default_ttl defined in two files at both places, each naming the other', async () => {
    const a = `${BAD}/across-files/a.yaml`;
    const b = `${BAD}/across-files/b.yaml`;
    expect(await problems(`${BAD}/across-files`)).toEqual([
      `${a}:3:5: EP1012 default_ttl of zone "example.com" is 300 here but 600 at ${b}:3:5`,
      `${a}:5:7: EP1011 record "www" of zone "example.com" is also defined at ${b}:5:7 as "www.example.com."; ${ONE_PLACE}`,
      `${b}:3:5: EP1012 default_ttl of zone "example.com" is 600 here but 300 at ${a}:3:5`,
      `${b}:5:7: EP1011 record "www.example.com." of zone "example.com" is also defined at ${a}:5:7 as "www"; ${ONE_PLACE}`,
    ]);
  });

  it('takes create: of a zone once across files, the same in any key order, and names both places if not', async () => {
    const create = (text: string) => `zones:\n  example.com:\n    create: ${text}\n`;
    const same = await tempTree({
      'a.yaml': create('{ contact: dns@example.net, serial_style: day }'),
      'b.yaml': create('{ serial_style: day, contact: dns@example.net }'),
    });
    expect((await desired(same)).zones[0]?.create).toEqual({
      contact: 'dns@example.net',
      serialStyle: 'day',
    });
    const other = await tempTree({ 'a.yaml': create('{ serial_style: day }'), 'b.yaml': create('{}') });
    expect(await problems(other)).toEqual([
      `${other}/a.yaml:3:5: EP1012 create of zone "example.com" is {"serial_style":"day"} here but {} at ${other}/b.yaml:3:5`,
      `${other}/b.yaml:3:5: EP1012 create of zone "example.com" is {} here but {"serial_style":"day"} at ${other}/a.yaml:3:5`,
    ]);
  });

  it('refuses one name in two files even with different types: a name is defined in one place', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n',
      'b.yaml': 'zones:\n  example.com:\n    records:\n      www: { txt: [hello] }\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:4:7: EP1011 record "www" of zone "example.com" is also defined at ${dir}/b.yaml:4:7; ${ONE_PLACE}`,
      `${dir}/b.yaml:4:7: EP1011 record "www" of zone "example.com" is also defined at ${dir}/a.yaml:4:7; ${ONE_PLACE}`,
    ]);
  });

  it('merges one zone spelled differently in two files, with its records and unmanaged globs', async () => {
    const dir = await tempTree({
      '1.yaml':
        'zones:\n  example.com:\n    default_ttl: 60\n    records:\n      www: { a: [192.0.2.1] }\n    unmanaged: [old-*]\n',
      '2.yaml':
        'zones:\n  EXAMPLE.COM.:\n    default_ttl: 60\n    records:\n      api: { a: [192.0.2.2] }\n    unmanaged: [legacy-*]\n',
    });
    expect(await desired(dir)).toEqual(
      oneProviderDesired({
        ...NO_SERVICES,
        zones: [
          {
            zone: 'example.com',
            at: AT,
            defaultTtl: 60,
            records: [aSet('api.example.com', 60, '192.0.2.2'), aSet('www.example.com', 60, '192.0.2.1')],
            unmanaged: [{ name: 'old-*' }, { name: 'legacy-*' }],
          },
        ],
      }),
    );
  });

  it('applies a default_ttl given in one file to records of the zone in another file', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  example.com:\n    default_ttl: 120\n',
      'b.yaml': 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n',
    });
    expect((await desired(dir)).zones[0]?.records).toEqual([aSet('www.example.com', 120, '192.0.2.1')]);
  });

  it('checks an unmanaged glob from one file against records from another', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  example.com:\n    unmanaged: [legacy-*]\n',
      'b.yaml': 'zones:\n  example.com:\n    records:\n      legacy-app: { a: [192.0.2.1] }\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/b.yaml:4:7: EP1502 record "legacy-app" matches unmanaged glob "legacy-*" of its zone; a name cannot be both managed and unmanaged`,
    ]);
  });

  it('reports problems of every file, not only the first invalid one', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  example.com:\n    records:\n      www: { a: [1.2.3] }\n',
      'b.yaml': 'zones: [\n',
      'c.yaml': 'zones:\n  example.net:\n    ttl: 5\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/a.yaml:4:18: EP1104 record "www" A: "1.2.3" is not an IPv4 address`,
      `${dir}/b.yaml:2:1: EP1005 invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`,
      `${dir}/c.yaml:3:5: EP1101 unknown key "ttl" in zone "example.net"; did you mean default_ttl? (expected default_ttl, records, unmanaged, manage, absent, create, providers, templates, same_as)`,
    ]);
  });
});
