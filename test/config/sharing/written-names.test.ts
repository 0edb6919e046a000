import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from '../helpers.js';

/** Record names and `unmanaged` entries are written the same way: relative, `@`, or absolute inside the zone. */
describe('names as users write them', () => {
  it('takes absolute record names and unmanaged entries inside the zone, relative to it in the model', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  example.com:\n    unmanaged: ["_acme-challenge.example.com.", "Example.com.", "legacy-*"]\n' +
        '    records:\n      Mail.Example.com.: { a: [192.0.2.25] }\n',
    });
    const zone = (await desired(join(dir, 'dns.yaml'))).zones[0];
    expect(zone?.unmanaged).toEqual([{ name: '_acme-challenge' }, { name: '@' }, { name: 'legacy-*' }]);
    expect(zone?.records.map((set) => set.fqdn)).toEqual(['mail.example.com']);
  });

  it('names an absolute unmanaged entry as written when a record matches it', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  example.com:\n    unmanaged: ["www.example.com."]\n    records:\n      www: { a: [192.0.2.1] }\n',
    });
    expect(await problems(join(dir, 'dns.yaml'))).toEqual([
      `${dir}/dns.yaml:5:7: EP1502 record "www" matches unmanaged glob "www.example.com." of its zone; a name cannot be both managed and unmanaged`,
    ]);
  });

  it('takes Unicode labels of unmanaged globs and absent names as their A-labels (UTS #46)', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  bücher.example:\n    manage: declared\n    unmanaged: ["*.bücher", "café.bücher.example."]\n' +
        '    absent: ["straße A"]\n    records:\n      www: { a: [192.0.2.1] }\n',
    });
    const zone = (await desired(join(dir, 'dns.yaml'))).zones[0];
    expect(zone?.unmanaged).toEqual([{ name: '*.xn--bcher-kva' }, { name: 'xn--caf-dma' }]);
    expect(zone?.absent).toEqual([{ fqdn: 'xn--strae-oqa.xn--bcher-kva.example', type: 'A' }]);
  });

  it('refuses invalid Unicode in an unmanaged glob or absent name at its place, with the code point', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  example.com:\n    manage: declared\n    unmanaged: ["a\\u200db", "bü*"]\n' +
        '    absent: ["x\\u200dy"]\n    records:\n      www: { a: [192.0.2.1] }\n',
    });
    expect(await problems(join(dir, 'dns.yaml'))).toEqual([
      `${dir}/dns.yaml:4:17: EP1503 unmanaged glob "aU+200Db" is not valid: "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names`,
      expect.stringContaining(
        `${dir}/dns.yaml:4:29: EP1503 unmanaged glob "bü*" is not valid: "bü*" mixes glob characters`,
      ),
      expect.stringContaining(
        `${dir}/dns.yaml:5:14: EP1501 absent entry "xU+200Dy" has a name that is not valid: "xU+200Dy" is not a valid`,
      ),
    ]);
  });
});
