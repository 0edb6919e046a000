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
      `${dir}/dns.yaml:5:7: record "www" matches unmanaged glob "www.example.com." of its zone; a name cannot be both managed and unmanaged`,
    ]);
  });
});
