import { describe, expect, it } from 'vitest';
import { BAD, desired, problems, tempTree } from '../helpers.js';

describe('unmanaged entries, manage and absent', () => {
  it('reports every malformed entry and every contradiction where it is written', async () => {
    const file = `${BAD}/sharing-entries.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:9: unmanaged entry "app A" is a name glob, and names have no spaces: to leave only some types alone, write { name: "app", types: [A] }`,
      `${file}:5:29: types must not be empty: leave types out for every type, got an empty list`,
      `${file}:6:33: unmanaged type "NSEC3" is not a record type edgeplan manages`,
      `${file}:7:17: unmanaged glob "[x" is not valid: Missing closing: "]" - use "\\\\]" to match literal characters`,
      `${file}:8:29: unmanaged value glob "[1" is not valid: Missing closing: "]" - use "\\\\]" to match literal characters`,
      `${file}:9:34: unknown key "valu" in unmanaged[5]; did you mean value? (expected name, types, value)`,
      `${file}:10:9: unmanaged[6] is missing required key "name"`,
      `${file}:11:14: absent entry "gone" needs manage: declared in zone "example.com"`,
      `${file}:15:14: record "www" A matches unmanaged entry "www A" of its zone; a record set cannot be both managed and unmanaged`,
      `${file}:16:15: record "mail" TXT matches unmanaged entry "m* MX,TXT" of its zone; a record set cannot be both managed and unmanaged`,
      `${file}:17:35: TXT value "google-site-verification=mine" of record "@" matches unmanaged entry "@ TXT value "google-*"" of its zone; a value cannot be both managed and unmanaged`,
      `${file}:22:14: absent entry "www TXT" names a record set declared under records; keep one`,
      `${file}:22:30: absent entry "old BOGUS" has type "BOGUS", which is not a record type edgeplan manages`,
      `${file}:22:43: absent entry "a b c" is not a record name, or a name and a type ("old A")`,
      `${file}:22:52: absent entry "x.example.net." names "x.example.net.", which is not inside zone "example.org"`,
      `${file}:24:13: manage must be one of all, declared, got "everything"`,
    ]);
  });

  it('reads the string form, the map form, manage: declared and absent into the model', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    manage: declared',
        '    records:',
        '      app: { txt: ["owner=platform"] }',
        '    unmanaged:',
        '      - "_acme-challenge*"',
        '      - { name: app, types: [aaaa, A, a] }',
        '      - { name: "@", types: [TXT], value: "google-site-verification=*" }',
        '      - { name: legacy, value: "10.*" }',
        '    absent: [old, "www.example.com. CNAME", "@ mx"]',
        '',
      ].join('\n'),
    });
    const [zone] = (await desired(dir)).zones;
    expect(zone?.unmanaged).toEqual([
      { name: '_acme-challenge*' },
      { name: 'app', types: ['A', 'AAAA'] },
      { name: '@', types: ['TXT'], value: 'google-site-verification=*' },
      { name: 'legacy', value: '10.*' },
    ]);
    expect(zone?.manage).toBe('declared');
    expect(zone?.absent).toEqual([
      { fqdn: 'example.com', type: 'MX' },
      { fqdn: 'old.example.com' },
      { fqdn: 'www.example.com', type: 'CNAME' },
    ]);
  });

  it('leaves a zone without manage: in the default mode, with no absent list', async () => {
    const dir = await tempTree({
      'zones.yaml': 'zones:\n  example.com:\n    manage: all\n    records: {}\n',
    });
    const [zone] = (await desired(dir)).zones;
    expect(zone).not.toHaveProperty('manage');
    expect(zone).not.toHaveProperty('absent');
  });
});
