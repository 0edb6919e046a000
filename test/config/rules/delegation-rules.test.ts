import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aSet, desired, problems, tempTree } from '../helpers.js';

/** Below a delegated name a zone holds only glue: the addresses of the name servers the delegation names there. */
const ONLY_GLUE =
  'below a delegated name a zone holds only glue, the addresses (A, AAAA) of the name servers the delegation names';

/** One file `dns.yaml` with `lines` under `zones.example.com` (unmanaged, records, …); its problems, paths relative. */
async function zoneProblems(...lines: string[]): Promise<string[]> {
  const dir = await tempTree({
    'dns.yaml': `zones:\n  example.com:\n${lines.map((l) => `    ${l}\n`).join('')}`,
  });
  return (await problems(join(dir, 'dns.yaml'))).map((line) => line.replaceAll(`${dir}/`, ''));
}

async function zoneState(...lines: string[]) {
  const dir = await tempTree({
    'dns.yaml': `zones:\n  example.com:\n${lines.map((l) => `    ${l}\n`).join('')}`,
  });
  return desired(join(dir, 'dns.yaml'));
}

describe('glue below a delegation', () => {
  it('accepts the A and AAAA records of the name servers a delegation names inside it, at any depth', async () => {
    const state = await zoneState(
      'records:',
      '  lab: { ns: [ns1.lab.example.com., ns.deep.lab.example.com., ns2.example.net.] }',
      '  ns1.lab: { a: [192.0.2.53], aaaa: ["2001:db8::53"] }',
      '  ns.deep.lab: { a: [192.0.2.54] }',
    );
    expect(state.zones[0]?.records).toEqual([
      expect.objectContaining({ fqdn: 'lab.example.com', type: 'NS' }),
      aSet('ns.deep.lab.example.com', 3600, '192.0.2.54'),
      aSet('ns1.lab.example.com', 3600, '192.0.2.53'),
      expect.objectContaining({ fqdn: 'ns1.lab.example.com', type: 'AAAA', values: ['2001:db8::53'] }),
    ]);
  });

  it('refuses every other set below a delegation at its type, naming the delegation', async () => {
    expect(
      await zoneProblems(
        'records:',
        '  lab: { ns: [ns1.lab.example.com.] }',
        '  ns1.lab: { a: [192.0.2.53], txt: [hello] }',
        '  www.lab: { a: [192.0.2.80] }',
        '  "*.lab": { aaaa: ["2001:db8::1"] }',
        '  sub.ns1.lab: { a: [192.0.2.9] }',
        '  x.lab.example.com.: { ns: [ns.example.net.] }',
        '  notlab: { a: [192.0.2.1] }',
      ),
    ).toEqual([
      `dns.yaml:5:35: record "ns1.lab": TXT is below "lab", which its NS records at dns.yaml:4:14 delegate; ${ONLY_GLUE}`,
      `dns.yaml:6:18: record "www.lab": A is below "lab", which its NS records at dns.yaml:4:14 delegate; ${ONLY_GLUE}, and no NS record of "lab" names www.lab.example.com.`,
      `dns.yaml:7:18: record "*.lab": AAAA is below "lab", which its NS records at dns.yaml:4:14 delegate; ${ONLY_GLUE}, and no NS record of "lab" names *.lab.example.com.`,
      `dns.yaml:8:22: record "sub.ns1.lab": A is below "lab", which its NS records at dns.yaml:4:14 delegate; ${ONLY_GLUE}, and no NS record of "lab" names sub.ns1.lab.example.com.`,
      `dns.yaml:9:29: record "x.lab.example.com.": NS is below "lab", which its NS records at dns.yaml:4:14 delegate; ${ONLY_GLUE}`,
    ]);
  });

  it('names the nearest delegation, and takes glue only from the delegation a name is below', async () => {
    expect(
      await zoneProblems(
        'records:',
        '  lab: { ns: [ns1.dev.example.com.] }',
        '  dev: { ns: [ns.example.net.] }',
        '  ns1.dev: { a: [192.0.2.53] }',
        '  x.dev: { ns: [ns1.x.dev.example.com.] }',
        '  ns1.x.dev: { a: [192.0.2.54] }',
      ),
    ).toEqual([
      `dns.yaml:6:18: record "ns1.dev": A is below "dev", which its NS records at dns.yaml:5:14 delegate; ${ONLY_GLUE}, and no NS record of "dev" names ns1.dev.example.com.`,
      `dns.yaml:7:16: record "x.dev": NS is below "dev", which its NS records at dns.yaml:5:14 delegate; ${ONLY_GLUE}`,
    ]);
  });

  it('looks inside each zone only', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  example.com:\n    records:\n      lab: { ns: [ns.example.net.] }\n' +
        '  lab.example.com:\n    records:\n      www: { a: [192.0.2.1] }\n' +
        '  example.org:\n    records:\n      x.lab: { a: [192.0.2.2] }\n',
    });
    const state = await desired(join(dir, 'dns.yaml'));
    expect(state.zones.map((zone) => zone.records.length)).toEqual([1, 1, 1]);
  });
});

describe('a name server inside its delegation needs glue', () => {
  it('refuses an in-bailiwick name server without an address, at the NS value', async () => {
    expect(
      await zoneProblems(
        'records:',
        '  lab: { ns: [ns2.example.net., NS1.Lab.example.com., ns9.lab.example.com.] }',
        '  ns9.lab: { aaaa: ["2001:db8::9"] }',
      ),
    ).toEqual([
      'dns.yaml:4:37: record "lab": its name server ns1.lab.example.com. lies inside the delegated name, so resolvers ' +
        'can learn its address only from this zone (glue), and the zone gives it none: add A or AAAA records at ' +
        '"ns1.lab" (or list "ns1.lab" under unmanaged when another tool keeps them)',
    ]);
  });

  it('needs none for a name server outside the delegation or at its name with an address there', async () => {
    const state = await zoneState(
      'records:',
      '  lab: { ns: [lab.example.com., ns.other.example.com.], a: [192.0.2.1] }',
    );
    expect(state.zones[0]?.records.map((set) => set.type)).toEqual(['A', 'NS']);
  });

  it('leaves a name server whose name is unmanaged, relative or absolute, to live state', async () => {
    const state = await zoneState(
      'unmanaged: [ns1.lab, "ns2.lab.example.com."]',
      'records:',
      '  lab: { ns: [ns1.lab.example.com., ns2.lab.example.com.] }',
    );
    expect(state.zones[0]?.unmanaged).toEqual([{ name: 'ns1.lab' }, { name: 'ns2.lab' }]);
  });

  it('has its safety rule for live state on by default; settings.safety.delegation_glue turns it off', async () => {
    const dir = await tempTree({
      'on.yaml': 'zones:\n  example.com: {}\nsettings:\n  safety: { zone_create: false }\n',
      'off.yaml': 'zones:\n  example.com: {}\nsettings:\n  safety: { delegation_glue: false }\n',
    });
    expect((await desired(join(dir, 'on.yaml'))).safety?.delegationGlue).toBe(true);
    expect((await desired(join(dir, 'off.yaml'))).safety?.delegationGlue).toBe(false);
  });
});

describe('glue of a delegation to a zone managed separately', () => {
  it('lets the parent hold the glue inside the sub-zone, and nothing else', async () => {
    const dir = await tempTree({
      'parent.yaml':
        'zones:\n  example.com:\n    records:\n      sub: { ns: [ns1.sub.example.com.] }\n' +
        '      ns1.sub: { a: [192.0.2.53] }\n',
      'child.yaml': 'zones:\n  sub.example.com:\n    records:\n      ns1: { a: [192.0.2.53] }\n',
    });
    const state = await desired(dir);
    expect(state.zones.map((zone) => zone.records.map((set) => `${set.fqdn} ${set.type}`))).toEqual([
      ['ns1.sub.example.com A', 'sub.example.com NS'],
      ['ns1.sub.example.com A'],
    ]);
  });
});
