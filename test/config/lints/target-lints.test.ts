import { describe, expect, it } from 'vitest';
import { problemsIn, tempTree, warningsIn } from '../helpers.js';

/** The zone lints about the names values point at (config/lints/target-lints.ts, docs/lints.md). */

const zone = (records: string, name = 'example.com') => `zones:\n  ${name}:\n    records:\n${records}`;

describe('alias loops', () => {
  it('refuses a CNAME to its own name, and accepts one to another name that has records', async () => {
    const bad = await tempTree({ 'z.yaml': zone('      www: { cname: www }\n') });
    expect(await problemsIn(bad)).toEqual([
      'z.yaml:4:21: record "www" CNAME: points at its own name www.example.com.; a resolver following it never finds an answer',
    ]);
    const good = await tempTree({
      'z.yaml': zone('      www: { cname: web }\n      web: { a: [192.0.2.1] }\n'),
    });
    expect(await warningsIn(good)).toEqual([]);
  });

  it('refuses a loop across the files of one zone at every alias of it, each naming the next', async () => {
    const dir = await tempTree({
      'a.yaml': zone('      a: { cname: b }\n'),
      'b.yaml': zone('      b: { cname: a.example.com. }\n'),
    });
    const loop = 'a loop of aliases, a.example.com. → b.example.com. → a.example.com.';
    expect(await problemsIn(dir)).toEqual([
      `a.yaml:4:19: record "a" CNAME: ${loop}; a resolver following it never finds an answer (next: b.example.com. at b.yaml:4:19)`,
      `b.yaml:4:19: record "b" CNAME: ${loop}; a resolver following it never finds an answer (next: a.example.com. at a.yaml:4:19)`,
    ]);
  });

  it('follows aliases across zones and through an apex ALIAS; a chain into a loop is not itself reported', async () => {
    const dir = await tempTree({
      'z.yaml':
        zone('      "@": { alias: www.example.org. }\n      lead: { cname: www.example.org. }\n') +
        zone('      www: { cname: example.com. }\n', 'example.org').replace('zones:\n', ''),
    });
    const found = await problemsIn(dir);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^z\.yaml:4:21: record "@" ALIAS: a loop of aliases, example\.com\. → www\.example\.org\. → example\.com\.;/,
    );
    expect(found[1]).toMatch(
      /^z\.yaml:8:21: record "www" CNAME: a loop of aliases, example\.com\. → www\.example\.org\. → example\.com\.;/,
    );
  });

  it('accepts a chain that ends in data, and a CNAME to a name outside every managed zone', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      a: { cname: b }\n      b: { cname: c }\n      c: { a: [192.0.2.1] }\n      d: { cname: a.example.net. }\n',
      ),
    });
    expect(await warningsIn(dir)).toEqual([]);
  });

  it('shows a long loop by its first names and its length', async () => {
    const records = Array.from({ length: 12 }, (_, i) => `      n${i}: { cname: n${(i + 1) % 12} }\n`).join(
      '',
    );
    const found = await problemsIn(await tempTree({ 'z.yaml': zone(records) }));
    expect(found).toHaveLength(12);
    expect(found[0]).toContain('n7.example.com. → … (12 names) → n0.example.com.;');
    expect(found[0]).not.toContain('n8.example.com. →');
  });
});

describe('hosts that are aliases', () => {
  it('refuses an NS target that is a CNAME, and warns for MX, SRV and PTR targets that are', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      mailhost: { cname: mx.example.net. }\n' +
          '      lab: { ns: [mailhost.example.com.] }\n' +
          '      "@": { mx: [{ preference: 10, exchange: mailhost }] }\n' +
          '      _sip._tcp: { srv: [{ priority: 1, weight: 1, port: 5060, target: mailhost }] }\n' +
          '      ptr: { ptr: [mailhost.example.com.] }\n',
      ),
    });
    const tail = 'target names a host, never an alias: point at mx.example.net. instead';
    expect(await problemsIn(dir)).toEqual([
      // The warnings are reported with the error, each marked.
      `z.yaml:5:19: record "lab" NS: mailhost.example.com. is a CNAME (at z.yaml:4:26), and RFC 2181 §10.3 says this ${tail}`,
      `z.yaml:6:19: warning: record "@" MX: mailhost.example.com. is a CNAME (at z.yaml:4:26), and RFC 2181 §10.3 says this ${tail}`,
      `z.yaml:7:26: warning: record "_sip._tcp" SRV: mailhost.example.com. is a CNAME (at z.yaml:4:26), and RFC 2782 says this ${tail}`,
      `z.yaml:8:20: warning: record "ptr" PTR: mailhost.example.com. is a CNAME (at z.yaml:4:26), and RFC 2181 §10.3 says this ${tail}`,
    ]);
  });

  it('accepts hosts with addresses, the null MX, and an MX at an apex ALIAS (not a CNAME)', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      "@": { alias: lb.example.net., mx: [{ preference: 10, exchange: "@" }] }\n' +
          '      sub: { mx: [{ preference: 0, exchange: . }] }\n' +
          '      www: { mx: [{ preference: 10, exchange: mail }] }\n      mail: { a: [192.0.2.25] }\n',
      ),
    });
    expect(await warningsIn(dir)).toEqual([]);
  });
});

describe('targets with no records', () => {
  it('warns for an in-zone CNAME, MX, SRV or NS target that has no records, at the value', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      www: { cname: web }\n      "@": { mx: [{ preference: 10, exchange: mail }] }\n' +
          '      lab: { ns: [ns9.example.com.] }\n',
      ),
    });
    const tail =
      "but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged)";
    expect(await warningsIn(dir)).toEqual([
      `z.yaml:4:21: warning: record "www" CNAME: web.example.com. is inside zone "example.com" ${tail}`,
      `z.yaml:5:19: warning: record "@" MX: mail.example.com. is inside zone "example.com" ${tail}`,
      `z.yaml:6:19: warning: record "lab" NS: ns9.example.com. is inside zone "example.com" ${tail}`,
    ]);
  });

  it('is quiet for a target that is unmanaged, answered by a wildcard, the apex, below a delegation, in a secondary zone or in no managed zone', async () => {
    const dir = await tempTree({
      'z.yaml':
        'zones:\n  example.com:\n    unmanaged: [legacy-*]\n    records:\n' +
        '      a: { cname: legacy-web }\n      b: { cname: x.apps.example.com. }\n      "*.apps": { a: [192.0.2.1] }\n' +
        '      c: { cname: "@" }\n      d: { cname: www.lab.example.com. }\n      lab: { ns: [ns1.example.net.] }\n' +
        '      e: { cname: www.example.info. }\n      f: { cname: www.example.net. }\n' +
        'secondary_zones:\n  example.info: { masters: [203.0.113.1] }\n',
    });
    expect(await warningsIn(dir)).toEqual([]);
  });

  it('warns across zones: a target in another managed zone of the desired state', async () => {
    const dir = await tempTree({
      'z.yaml': `${zone('      www: { cname: web.example.org. }\n')}  example.org:\n    records: {}\n`,
    });
    expect(await warningsIn(dir)).toEqual([
      'z.yaml:4:21: warning: record "www" CNAME: web.example.org. is inside zone "example.org" but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone\'s unmanaged)',
    ]);
  });
});
