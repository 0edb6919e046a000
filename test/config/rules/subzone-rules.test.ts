import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from '../helpers.js';

describe('records of a separately managed sub-zone', () => {
  it('lets the parent hold the delegation (NS, DS) at the sub-zone name', async () => {
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

  it('matches sub-zones by whole labels: xsub.example.com is not inside zone sub.example.com', async () => {
    const dir = await tempTree({
      'parent.yaml':
        'zones:\n  example.com:\n    records:\n      xsub: { a: [192.0.2.1] }\n      a.xsub: { a: [192.0.2.2] }\n',
      'child.yaml': 'zones:\n  sub.example.com:\n    records: {}\n',
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
      `${dir}/parent.yaml:4:7: record "api.sub" of zone "example.com" is inside zone "sub.example.com", managed separately at ${dir}/child.yaml:2:3; write it under that zone (the parent holds only the delegation there: NS and DS, and the glue of its name servers)`,
    ]);
  });

  it('refuses NS below the sub-zone name, more than the delegation at it, and names a zone also listed as secondary as the zone', async () => {
    const dir = await tempTree({
      'parent.yaml':
        'zones:\n  example.com:\n    records:\n      deeper.sub: { ns: [ns1.example.net.] }\n' +
        '      sub: { ns: [ns1.example.net.], a: [192.0.2.9] }\n      www.other.org.: { a: [192.0.2.8] }\n',
      'child.yaml':
        'zones:\n  sub.example.com:\n    records: {}\n  other.org:\n    records: {}\n' +
        'secondary_zones:\n  sub.example.com: { masters: [203.0.113.1] }\n',
    });
    const separately =
      'managed separately at child.yaml:2:3; write it under that zone (the parent holds only the delegation there: NS and DS, and the glue of its name servers)';
    expect((await problems(dir)).map((line) => line.replaceAll(`${dir}/`, ''))).toEqual([
      'child.yaml:2:3: zone "sub.example.com" holds deeper.sub.example.com, but it is also written under zone "example.com" at parent.yaml:4:7',
      'child.yaml:2:3: zone "sub.example.com" holds sub.example.com, but it is also written under zone "example.com" at parent.yaml:5:7',
      'child.yaml:7:3: secondary zone "sub.example.com" is also a primary zone under zones at child.yaml:2:3; a zone is either primary or secondary',
      `parent.yaml:4:7: record "deeper.sub" of zone "example.com" is inside zone "sub.example.com", ${separately}`,
      'parent.yaml:4:21: record "deeper.sub": NS is below "sub", which its NS records at parent.yaml:5:14 delegate; below a delegated name a zone holds only glue, the addresses (A, AAAA) of the name servers the delegation names',
      `parent.yaml:5:7: record "sub" of zone "example.com" is at the apex of zone "sub.example.com", ${separately}`,
      // Outside its zone: that rule's problem alone, though other.org is managed here too.
      'parent.yaml:6:7: record name "www.other.org." is not inside zone "example.com"',
    ]);
  });
});
