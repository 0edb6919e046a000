import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { desired, problemsIn, tempTree, warningsIn } from '../helpers.js';

/** The errors of a tree that does not load (its warnings left out). */
const errorsIn = async (dir: string) =>
  (await problemsIn(dir)).filter((line) => !line.includes(': warning: '));

/**
 * `allow_lints` (config/lints/lint-allowances.ts, docs/lints.md): a lint error named there at the set it is about
 * is a warning, and the zone carries it for the plan; anything else stays as it was.
 */

const zone = (records: string) => `zones:\n  example.com:\n    records:\n${records}`;
const ALLOWED = '(an error, allowed by allow_lints at ';

describe('allow_lints', () => {
  it('makes a CNAME loop a warning at each allowed alias, and carries the findings on the zone', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      a: { cname: b, allow_lints: [cname-loop] }\n      b: { cname: a, allow_lints: [cname-loop] }\n',
      ),
    });
    const warnings = await warningsIn(dir);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(
      `record "a" CNAME: a loop of aliases, a.example.com. → b.example.com. → a.example.com.`,
    );
    expect(warnings[0]).toContain(
      `${ALLOWED}z.yaml:4:36 for the set as it is; a plan that creates or changes`,
    );
    const [example] = (await desired(dir)).zones;
    expect(example?.allowedFindings?.map(({ fqdn, type, lint }) => `${fqdn} ${type} ${lint}`)).toEqual([
      'a.example.com CNAME cname-loop',
      'b.example.com CNAME cname-loop',
    ]);
  });

  it('allows only the sets that name the lint: the other alias of the loop stays an error', async () => {
    const dir = await tempTree({
      'z.yaml': zone('      a: { cname: b, allow_lints: [cname-loop] }\n      b: { cname: a }\n'),
    });
    expect(await errorsIn(dir)).toEqual([
      expect.stringMatching(/^z\.yaml:5:19: EP1402 record "b" CNAME: a loop of aliases/),
    ]);
  });

  it('allows only the lint it names: another lint at the set stays an error', async () => {
    const dir = await tempTree({
      'z.yaml': zone('      "@": { txt: ["v=spf1 -all", "v=spf1 ~all"], allow_lints: [cname-loop] }\n'),
    });
    expect(await errorsIn(dir)).toEqual([
      expect.stringContaining('record "@" TXT: a second SPF policy at this name'),
    ]);
  });

  it('names each lint it can allow: two SPF policies, an NS at a CNAME, an ALIAS beside an address', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      "@": { txt: ["v=spf1 -all", "v=spf1 ~all"], alias: lb.example.net., a: [192.0.2.1], ' +
          'allow_lints: [spf-twice, alias-beside-address] }\n' +
          '      sub: { ns: [ns1.example.com.], allow_lints: [ns-cname] }\n' +
          '      ns1: { cname: host.example.net. }\n',
      ),
    });
    expect((await warningsIn(dir)).filter((line) => line.includes(ALLOWED))).toHaveLength(3);
  });

  it('warns of an entry that allows nothing at its set, and refuses a name that is no lint', async () => {
    const unused = await tempTree({
      'z.yaml': zone('      www: { a: [192.0.2.1], allow_lints: [cname-loop] }\n'),
    });
    expect(await warningsIn(unused)).toEqual([
      'z.yaml:4:44: warning: EP1408 allow_lints: cname-loop allows nothing here (no such finding at this set): remove it',
    ]);
    const unknown = await tempTree({
      'z.yaml': zone('      www: { a: [192.0.2.1], allow_lints: [loop] }\n'),
    });
    expect(await errorsIn(unknown)).toEqual([
      expect.stringContaining("must be a lint's name: cname-loop, ns-cname, spf-twice, alias-beside-address"),
    ]);
  });

  it('leaves warnings of other lints as they are beside an allowed error', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      a: { cname: a, allow_lints: [cname-loop] }\n      m: { mx: [{ preference: 10, exchange: gone }] }\n',
      ),
    });
    const warnings = await warningsIn(dir);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain('gone.example.com. is inside zone "example.com" but has no records');
    expect(warnings[1]).not.toContain(ALLOWED);
  });

  it('names each lint error no allowance allows by zone, set and lint, for import to allow', async () => {
    const dir = await tempTree({
      'z.yaml':
        zone('      a: { cname: b, allow_lints: [cname-loop] }\n      b: { cname: a }\n') +
        '  example.org:\n    records:\n      "@": { txt: ["v=spf1 -all", "v=spf1 ~all"] }\n',
    });
    const loaded = await loadDesiredState([dir], { lintErrorsAsWarnings: 'a fact of the live zone' });
    expect(loaded.ok && loaded.lintErrors).toEqual([
      { zone: 'example.com', fqdn: 'b.example.com', type: 'CNAME', lint: 'cname-loop' },
      { zone: 'example.org', fqdn: 'example.org', type: 'TXT', lint: 'spf-twice' },
    ]);
    const clean = await tempTree({ 'z.yaml': zone('      a: { cname: b }\n      b: { a: [192.0.2.1] }\n') });
    const none = await loadDesiredState([clean], { lintErrorsAsWarnings: 'a fact of the live zone' });
    expect(none.ok && none.lintErrors).toBeUndefined();
  });
});
