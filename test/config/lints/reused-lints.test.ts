import { describe, expect, it } from 'vitest';
import { groupReused } from '../../../src/config/lints/reused-lints.js';
import type { Diagnostic } from '../../../src/model/diagnostic.js';
import { problemsIn, tempTree, warningsIn } from '../helpers.js';

/**
 * Lints on the sets a template or another zone gives (config/lints/reused-lints.ts): one finding per lint, place and
 * path, saying what the set came through and in which zones, however many zones list the template.
 */

const zoneName = (i: number) => `brand${String(i).padStart(2, '0')}.example`;
const TEMPLATES =
  'templates:\n  mail:\n    "@":\n      mx: [{ preference: 10, exchange: mx }]\n' +
  '      txt: ["v=spf1 include:_spf.google.com ~all", "v=spf1 -all"]\n';
const zones = (count: number, extra = '') =>
  `zones:\n${Array.from({ length: count }, (_, i) => `  ${zoneName(i)}: { templates: [mail] }\n`).join('')}${extra}`;

describe('lints on templated sets', () => {
  it('a lint on a template set that 25 zones list is one finding, with the template and the zone count', async () => {
    const dir = await tempTree({ 't.yaml': TEMPLATES, 'z.yaml': zones(25) });
    // RFC 7208 §4.5: two SPF policies at one name are a permerror, in each of the 25 zones.
    const zones25 = 'in 25 zones: brand00.example, brand01.example, brand02.example, … and 22 more';
    expect(await problemsIn(dir)).toEqual([
      `t.yaml:4:12: warning: EP1404 record "@" MX: mx.brand00.example. is inside zone "brand00.example" but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged) (via template mail, ${zones25})`,
      't.yaml:5:52: EP1405 record "@" TXT: a second SPF policy at this name (the first at t.yaml:5:13); with ' +
        'more than one "v=spf1" record every receiver\'s check is a permerror (RFC 7208 §4.5): merge them into ' +
        `one (via template mail, ${zones25})`,
    ]);
  });

  it('a warning names the first zone it quotes; one zone is named as such; a mirror is its own path', async () => {
    const fixed = TEMPLATES.replace(', "v=spf1 -all"', '');
    const dir = await tempTree({
      't.yaml': fixed,
      'z.yaml': zones(1, `  mirror.example: { same_as: ${zoneName(0)} }\n`),
    });
    const tail =
      "nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged)";
    expect(await warningsIn(dir)).toEqual([
      `t.yaml:4:12: warning: EP1404 record "@" MX: mx.brand00.example. is inside zone "brand00.example" but has no records in the desired state; ${tail} (via template mail, in zone brand00.example)`,
      `t.yaml:4:12: warning: EP1404 record "@" MX: mx.mirror.example. is inside zone "mirror.example" but has no records in the desired state; ${tail} (via same_as brand00.example, template mail, in zone mirror.example)`,
    ]);
  });

  it("a zone's own set is reported as before, once per zone; an allowance in the template allows every zone's", async () => {
    const own = await tempTree({
      'z.yaml': 'zones:\n  a.example:\n    records:\n      www: { cname: www }\n',
    });
    expect(await problemsIn(own)).toEqual([
      'z.yaml:4:21: EP1402 record "www" CNAME: points at its own name www.a.example.; a resolver following it never finds an answer',
    ]);
    const allowed = await tempTree({
      't.yaml': 'templates:\n  loop:\n    www: { cname: www, allow_lints: [cname-loop] }\n',
      'z.yaml': 'zones:\n  a.example: { templates: [loop] }\n  b.example: { templates: [loop] }\n',
    });
    expect(await warningsIn(allowed)).toEqual([
      expect.stringMatching(
        /^t\.yaml:3:19: warning: EP1402 record "www" CNAME: points at its own name www\.a\.example\.; .*\(an error, allowed by allow_lints at t\.yaml:3:38 .*\) \(via template loop, in 2 zones: a\.example, b\.example\)$/,
      ),
    ]);
  });
});

describe('groupReused', () => {
  const at = { file: 't.yaml', line: 4, col: 12 };
  const mail = [{ kind: 'template' as const, name: 'mail' }];
  const finding = (zone: string, extra: Partial<Diagnostic> = {}) => ({
    code: 'EP1404' as const,
    ...at,
    message: `m ${zone}`,
    ...extra,
    reused: { zone, via: mail },
  });

  it('names the zones sorted, three of them with no count; an error and a warning at one place stay two', () => {
    expect(groupReused([finding('c.example'), finding('a.example'), finding('b.example')])).toEqual([
      {
        code: 'EP1404',
        ...at,
        message: 'm c.example (via template mail, in 3 zones: a.example, b.example, c.example)',
      },
    ]);
    const own: Diagnostic = { code: 'EP1404', ...at, message: 'own' };
    expect(
      groupReused([finding('a.example'), own, finding('b.example', { severity: 'warning' })]).map(
        (d) => d.message,
      ),
    ).toEqual([
      'm a.example (via template mail, in zone a.example)',
      'own',
      'm b.example (via template mail, in zone b.example)',
    ]);
  });
});
