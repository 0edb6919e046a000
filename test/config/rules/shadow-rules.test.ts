import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from '../helpers.js';

// RFC 6672 §2.4: "resource records MUST NOT exist at any subdomain of the owner of a DNAME RR", and a DNAME may
// share its name with anything but a CNAME (which CNAME's own rule, RFC 1034 §3.6.2, refuses both ways).
describe('a DNAME redirects every name below it', () => {
  it('refuses each record below its owner, at that record, naming the DNAME', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      old: { dname: new.example.net., a: [192.0.2.1], txt: [kept beside] }',
        '      host.old: { a: [192.0.2.2] }',
        '      deep.host.old: { txt: [below too] }',
        '      olden: { a: [192.0.2.3] }',
        '      new: { a: [192.0.2.4] }',
      ].join('\n'),
    });
    const file = `${dir}/zones.yaml`;
    const why = (name: string) =>
      `record "${name}" is below old.example.com, whose DNAME at ${file}:4:14 redirects every name below it ` +
      '(RFC 6672 §2.4): a resolver never sees data there. Remove the record, or the DNAME';
    expect(await problems(file)).toEqual([
      `${file}:5:7: ${why('host.old')}`,
      `${file}:6:7: ${why('deep.host.old')}`,
    ]);
  });

  it('at the apex, shadows every other name of the zone, and no other zone', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      "@": { dname: example.net., mx: [{ preference: 10, exchange: mail.example.net. }] }',
        '      www: { a: [192.0.2.1] }',
        '  sub.example.com:',
        '    records:',
        '      www: { a: [192.0.2.2] }',
      ].join('\n'),
    });
    const file = `${dir}/zones.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:5:7: record "www" is below example.com, whose DNAME at ${file}:4:14 redirects every name below it ` +
        '(RFC 6672 §2.4): a resolver never sees data there. Remove the record, or the DNAME',
    ]);
  });

  it('leaves a zone without one alone, names below names and all', async () => {
    const dir = await tempTree({
      'zones.yaml':
        'zones:\n  example.com:\n    records:\n      old: { a: [192.0.2.1] }\n      host.old: { a: [192.0.2.2] }\n',
    });
    const state = await desired(`${dir}/zones.yaml`);
    expect(state.zones[0]?.records.map((set) => set.fqdn)).toEqual([
      'host.old.example.com',
      'old.example.com',
    ]);
  });

  it('stands beside any type but a CNAME', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  example.com:',
        '    records:',
        '      old: { dname: new.example.net., cname: web.example.net. }',
      ].join('\n'),
    });
    const file = `${dir}/zones.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:39: record "old": CNAME must be alone at its name, but it has DNAME at ${file}:4:14`,
    ]);
    const beside = await tempTree({
      'zones.yaml':
        'zones:\n  example.com:\n    records:\n      old: { dname: new.example.net., a: [192.0.2.1] }\n',
    });
    const state = await desired(`${beside}/zones.yaml`);
    expect(state.zones[0]?.records.map((set) => set.type).sort()).toEqual(['A', 'DNAME']);
  });
});
