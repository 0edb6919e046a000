import { describe, expect, it } from 'vitest';
import { problemsIn, tempTree, warningsIn } from '../helpers.js';

/** The zone lints about text values (config/lints/text-lints.ts, docs/lints.md). */

const zone = (records: string) => `zones:\n  example.com:\n    records:\n${records}`;

describe('SPF policies at one name', () => {
  it('refuses a second v=spf1 TXT value at its place, naming the first; any case of the version counts', async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        '      "@":\n        txt:\n          - v=spf1 mx -all\n          - site-verification=abc\n          - V=SPF1 include:_spf.example.net ~all\n',
      ),
    });
    expect(await problemsIn(dir)).toEqual([
      'z.yaml:8:13: record "@" TXT: a second SPF policy at this name (the first at z.yaml:6:13); with more than one "v=spf1" record every receiver\'s check is a permerror (RFC 7208 §4.5): merge them into one',
    ]);
  });

  it('refuses two in an SPF set too, and accepts one TXT policy beside one SPF-type policy, or v=spf10', async () => {
    const bad = await tempTree({ 'z.yaml': zone('      "@": { spf: ["v=spf1 -all", "v=spf1"] }\n') });
    expect(await problemsIn(bad)).toEqual([
      expect.stringMatching(
        /^z\.yaml:4:35: record "@" SPF: a second SPF policy at this name \(the first at z\.yaml:4:20\)/,
      ),
    ]);
    const good = await tempTree({
      'z.yaml': zone(
        '      "@": { txt: ["v=spf1 -all", "v=spf10 -all", "v=spf1-x"], spf: ["v=spf1 -all"] }\n',
      ),
    });
    expect(await warningsIn(good)).toEqual([]);
  });
});

describe("text copied with other tools' quoting", () => {
  it('warns for zone-file quotes around the text, showing what will be published and what was meant', async () => {
    const dir = await tempTree({ 'z.yaml': zone(`      "@": { txt: ['"v=spf1 -all"'] }\n`) });
    expect(await warningsIn(dir)).toEqual([
      'z.yaml:4:20: warning: record "@" TXT: the text looks like zone-file quoting (quotes around it or between its strings); edgeplan publishes the text as written: "\\"v=spf1 -all\\""; if the quotes are not part of the text, write "v=spf1 -all"',
    ]);
  });

  it("warns for quotes between strings, and for octoDNS's \\; escape", async () => {
    const dir = await tempTree({
      'z.yaml': zone(
        `      a: { txt: ['v=DKIM1; k=rsa; p=MIIB" "IDAQAB'] }\n      b: { spf: ['v=spf1 a\\; -all'] }\n`,
      ),
    });
    const found = await warningsIn(dir);
    expect(found).toEqual([
      'z.yaml:4:18: warning: record "a" TXT: the text looks like zone-file quoting (quotes around it or between its strings); edgeplan publishes the text as written: "v=DKIM1; k=rsa; p=MIIB\\" \\"IDAQAB"; if the quotes are not part of the text, write "v=DKIM1; k=rsa; p=MIIBIDAQAB"',
      'z.yaml:5:18: warning: record "b" SPF: the text holds "\\;", octoDNS\'s escape of ";"; edgeplan publishes the text as written: "v=spf1 a\\\\; -all"; if the backslashes are not part of the text, write "v=spf1 a; -all"',
    ]);
  });

  it('is quiet for quotes inside text, a lone quote, and a semicolon without a backslash', async () => {
    const dir = await tempTree({
      'z.yaml': zone(`      a: { txt: ['say "hi"', '"', 'v=DKIM1; k=rsa', '"open'] }\n`),
    });
    expect(await warningsIn(dir)).toEqual([]);
  });
});
