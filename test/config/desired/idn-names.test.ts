import { describe, expect, it } from 'vitest';
import { desired, problemsIn, tempTree } from '../helpers.js';

/**
 * Zone names, record names and names inside values written in Unicode load as their A-labels (UTS #46, RFC 5891
 * §4.4: the A-label is what the DNS holds); a name UTS #46 refuses is refused at its file:line:col with the reason.
 */
describe('names in Unicode', () => {
  it('loads a Unicode zone, owner names and CNAME, MX, SRV, NS targets as A-labels', async () => {
    const dir = await tempTree({
      'z.yaml':
        'zones:\n  bücher.example:\n    records:\n' +
        '      "@": { mx: [{ preference: 10, exchange: mail.bücher.example. }] }\n' +
        '      café: { cname: straße.example. }\n' +
        '      _sip._tcp: { srv: [{ priority: 1, weight: 1, port: 5060, target: sip.bücher.example. }] }\n' +
        '      zweig: { ns: [ns.bücher.example.] }\n' +
        '      mail.bücher.example.: { a: [192.0.2.1] }\n' +
        '      sip: { a: [192.0.2.2] }\n' +
        '      ns.bücher.example.: { a: [192.0.2.3] }\n',
    });
    const [zone] = (await desired(dir)).zones;
    expect(zone?.zone).toBe('xn--bcher-kva.example');
    expect(zone?.records.map((set) => `${set.fqdn} ${set.type} ${set.values.join(' ')}`)).toEqual([
      '_sip._tcp.xn--bcher-kva.example SRV 1 1 5060 sip.xn--bcher-kva.example.',
      'mail.xn--bcher-kva.example A 192.0.2.1',
      'ns.xn--bcher-kva.example A 192.0.2.3',
      'sip.xn--bcher-kva.example A 192.0.2.2',
      'xn--bcher-kva.example MX 10 mail.xn--bcher-kva.example.',
      'xn--caf-dma.xn--bcher-kva.example CNAME xn--strae-oqa.example.',
      'zweig.xn--bcher-kva.example NS ns.xn--bcher-kva.example.',
    ]);
  });

  it('takes a Unicode name and its A-labels as one name: written twice, it is refused as such', async () => {
    const dir = await tempTree({
      'z.yaml':
        'zones:\n  xn--bcher-kva.example:\n    records:\n      café: { a: [192.0.2.1] }\n      xn--caf-dma: { a: [192.0.2.2] }\n',
    });
    expect(await problemsIn(dir)).toContain(
      'z.yaml:5:7: EP1011 record "xn--caf-dma" of zone "xn--bcher-kva.example" is also defined at z.yaml:4:7 as "café"; ' +
        'all record types of a name are given in one place',
    );
  });

  it('refuses invalid IDNs at their place, saying why, a zero-width character by its code point', async () => {
    const dir = await tempTree({
      'z.yaml':
        'zones:\n  "a\\u200db.example":\n    records:\n      "x\\u200dy": { a: [192.0.2.1] }\n' +
        '      www: { cname: "\\u0301x.example." }\n',
    });
    expect(await problemsIn(dir)).toEqual([
      'z.yaml:2:3: EP1106 zone name "aU+200Db.example" is not valid: "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
      'z.yaml:4:7: EP1106 record name "xU+200Dy" is not valid: "xU+200Dy" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
      'z.yaml:5:21: EP1104 record "www" CNAME: "\u0301x.example." is not a valid name: "\u0301x" is not a valid internationalized label (UTS #46): its characters are allowed, but not in this order (a combining mark first, mixed directions, or an invalid joiner)',
    ]);
  });

  it('takes a geo node written in Unicode as its A-labels, and refuses one UTS #46 refuses at its place', async () => {
    const geo = (zone: string, fqdn: string) =>
      'zones:\n  bücher.example:\n    records: {}\ngeo_services:\n  Web:\n' +
      '    groups: [{ name: All, countries: ["@@"], a: [192.0.2.1] }]\n' +
      `    nodes: [{ zone: "${zone}", fqdn: "${fqdn}" }]\n`;
    const ok = await desired(await tempTree({ 'z.yaml': geo('bücher.example', 'geo.bücher.example') }));
    expect(ok.geoServices?.[0]?.nodes).toEqual([
      { zone: 'xn--bcher-kva.example', fqdn: 'geo.xn--bcher-kva.example' },
    ]);
    expect(
      await problemsIn(await tempTree({ 'z.yaml': geo('bücher.example', 'g\\u200do.bücher.example') })),
    ).toEqual([
      'z.yaml:7:45: EP1210 node name "gU+200Do.bücher.example" is not valid: "gU+200Do" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    ]);
    expect(
      await problemsIn(await tempTree({ 'z.yaml': geo('b\\u200dü.example', 'geo.bücher.example') })),
    ).toEqual([
      'z.yaml:7:47: EP1210 node zone "bU+200Dü.example" is not valid: "bU+200Dü" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    ]);
  });
});
