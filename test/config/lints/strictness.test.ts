import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { problems, problemsIn, tempTree, warningsOf } from '../helpers.js';

/** How lint findings weigh: warnings never block unless made errors (config/lints/lint-strictness.ts, docs/lints.md). */

const WARNED = 'zones:\n  example.com:\n    records:\n      www: { cname: web }\n';

describe('warnings and strictness', () => {
  it('loads with a warning, and refuses it with strict, saying what made it an error', async () => {
    const dir = await tempTree({ 'z.yaml': WARNED });
    expect(await warningsOf({}, dir)).toEqual([
      expect.stringMatching(/z\.yaml:4:21: warning: record "www" CNAME/),
    ]);
    const strict = await loadDesiredState([dir], { strict: true });
    expect(strict.ok).toBe(false);
    const lines = strict.ok ? [] : strict.diagnostics.map(formatDiagnostic);
    expect(lines).toEqual([
      expect.stringMatching(/z\.yaml:4:21: record "www" CNAME: .* \(a warning, made an error by --strict\)$/),
    ]);
  });

  it('takes settings.lint.strict from any file, and refuses two files that disagree, at both places', async () => {
    const on = await tempTree({ 'z.yaml': WARNED, 's.yaml': 'settings:\n  lint:\n    strict: true\n' });
    expect(await problems(on)).toEqual([
      expect.stringMatching(
        /z\.yaml:4:21: .*\(a warning, made an error by settings\.lint\.strict at .*s\.yaml:3:5\)$/,
      ),
    ]);
    const split = await tempTree({
      'a.yaml': 'settings:\n  lint: { strict: true }\n',
      'b.yaml': 'settings:\n  lint: { strict: false }\n',
    });
    expect(await problemsIn(split)).toEqual([
      'a.yaml:2:3: settings.lint is {"strict":true} here but {"strict":false} at b.yaml:2:3',
      'b.yaml:2:3: settings.lint is {"strict":false} here but {"strict":true} at a.yaml:2:3',
    ]);
  });

  it('keeps warnings warnings with strict: false, and refuses a strict that is not true or false', async () => {
    const off = await tempTree({ 'z.yaml': `${WARNED}settings: { lint: { strict: false } }\n` });
    expect(await warningsOf({}, off)).toHaveLength(1);
    const wrong = await tempTree({ 'z.yaml': `${WARNED}settings: { lint: { strict: "yes" } }\n` });
    expect(await problems(wrong)).toEqual([
      expect.stringMatching(/z\.yaml:4:21: warning: /),
      expect.stringMatching(/z\.yaml:5:29: strict must be true or false, got "yes"$/),
    ]);
  });

  it('leaves errors errors and a desired state without findings without warnings', async () => {
    const clean = await tempTree({
      'z.yaml': 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n',
    });
    expect(await warningsOf({ strict: true }, clean)).toEqual([]);
  });
});

describe('ALIAS beside the types it answers', () => {
  it('refuses A or AAAA beside an ALIAS, naming each, and accepts ALIAS beside other types', async () => {
    const bad = await tempTree({
      'z.yaml':
        'zones:\n  example.com:\n    records:\n      "@": { alias: lb.example.net., a: [192.0.2.1], aaaa: ["2001:db8::1"] }\n',
    });
    expect(await problemsIn(bad)).toEqual([
      'z.yaml:4:14: record "@": ALIAS answers A and AAAA queries itself, but the name also has A at z.yaml:4:38: keep one or the other',
      'z.yaml:4:14: record "@": ALIAS answers A and AAAA queries itself, but the name also has AAAA at z.yaml:4:54: keep one or the other',
    ]);
    const good = await tempTree({
      'z.yaml': 'zones:\n  example.com:\n    records:\n      "@": { alias: lb.example.net., txt: [hello] }\n',
    });
    expect(await warningsOf({}, good)).toEqual([]);
  });
});
