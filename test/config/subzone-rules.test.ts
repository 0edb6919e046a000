import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from './helpers.js';

describe('records of a separately managed sub-zone', () => {
  it('lets the parent hold the delegation (NS, DS) at the sub-zone name, and nothing below it', async () => {
    const dir = await tempTree({
      'parent.yaml':
        'zones:\n  example.com:\n    records:\n      sub:\n        ns: [ns1.example.net.]\n' +
        '        ds: [{ key_tag: 60485, algorithm: 13, digest_type: 2, digest: ' +
        '"2bb183af5f22588179a53b0a98631fad1a292118e8d9d9cfa4c7d7c7cbb1e2f6" }]\n',
      'child.yaml': 'zones:\n  Sub.Example.com.:\n    records:\n      "@": { a: [192.0.2.4] }\n',
    });
    const state = await desired(dir);
    expect(state.zones.map((zone) => zone.zone)).toEqual(['example.com', 'sub.example.com']);
  });

  it('names both places when a record of one zone lies in a sub-zone written in another file', async () => {
    const dir = await tempTree({
      'parent.yaml': 'zones:\n  example.com:\n    records:\n      api.sub: { a: [192.0.2.1] }\n',
      'child.yaml': 'zones:\n  sub.example.com:\n    records: {}\n',
    });
    expect(await problems(dir)).toEqual([
      `${dir}/child.yaml:2:3: zone "sub.example.com" holds api.sub.example.com, but it is also written under zone "example.com" at ${dir}/parent.yaml:4:7`,
      `${dir}/parent.yaml:4:7: record "api.sub" of zone "example.com" is inside zone "sub.example.com", managed separately at ${dir}/child.yaml:2:3; write it under that zone (the parent holds only the delegation there: NS and DS)`,
    ]);
  });
});
