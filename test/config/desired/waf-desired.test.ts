import { describe, expect, it } from 'vitest';
import { desired, problems, tempTree } from '../helpers.js';

const BAD = 'test/fixtures/config/bad';

describe('waf desired state', () => {
  it('reads webapps by name or id, default mode exact, allow as written, positions kept', async () => {
    const dir = await tempTree({
      'waf.yaml': [
        'waf:',
        '  webapps:',
        '    shop-production:',
        '      good_bots: { allow: [Googlebot, Bingbot] }',
        '    0123456789abcdef0123456789ABCDEF:',
        '      good_bots: { mode: additive, allow: [duckduckbot] }',
        '',
      ].join('\n'),
    });
    const file = `${dir}/waf.yaml`;
    const state = await desired(dir);
    expect(state.zones).toEqual([]);
    expect(state.waf).toEqual({
      webapps: [
        {
          ref: '0123456789abcdef0123456789ABCDEF',
          at: { file, line: 5, col: 5 },
          mode: 'additive',
          allow: [{ ref: 'duckduckbot', at: { file, line: 6, col: 44 } }],
        },
        {
          ref: 'shop-production',
          at: { file, line: 3, col: 5 },
          mode: 'exact',
          allow: [
            { ref: 'Googlebot', at: { file, line: 4, col: 28 } },
            { ref: 'Bingbot', at: { file, line: 4, col: 39 } },
          ],
        },
      ],
    });
  });

  it('reads purge_after_apply: true is the whole cache, { paths } those paths, false none; bad values located', async () => {
    const dir = await tempTree({
      'waf.yaml': [
        'waf:',
        '  webapps:',
        '    a: { good_bots: { allow: [] }, purge_after_apply: true }',
        '    b: { good_bots: { allow: [] }, purge_after_apply: { paths: [/index.html, /feed.xml] } }',
        '    c: { good_bots: { allow: [] }, purge_after_apply: false }',
        '',
      ].join('\n'),
    });
    const purges = (await desired(dir)).waf?.webapps.map((w) => [w.ref, w.purgeAfterApply]);
    expect(purges).toEqual([
      ['a', { paths: [] }],
      ['b', { paths: ['/index.html', '/feed.xml'] }],
      ['c', undefined],
    ]);
    const bad = await tempTree({
      'waf.yaml': [
        'waf:',
        '  webapps:',
        '    a: { good_bots: { allow: [] }, purge_after_apply: yes }',
        '    b: { good_bots: { allow: [] }, purge_after_apply: { paths: [] } }',
        '    c: { good_bots: { allow: [] }, purge_after_apply: { paths: ["/a b"] } }',
        '',
      ].join('\n'),
    });
    const file = `${bad}/waf.yaml`;
    expect(await problems(bad)).toEqual([
      `${file}:3:55: purge_after_apply must be true, false or { paths: [...] }, got "yes"`,
      `${file}:4:64: paths must name at least one path, got an empty list`,
      `${file}:5:65: paths[0] must be a non-empty path without spaces, got "/a b"`,
    ]);
  });

  it('leaves `waf` out when no file has the section, and keeps an empty section', async () => {
    const without = await tempTree({ 'z.yaml': 'zones:\n  example.com: {}\n' });
    expect((await desired(without)).waf).toBeUndefined();
    const empty = await tempTree({ 'w.yaml': 'waf: {}\n' });
    expect((await desired(empty)).waf).toEqual({ webapps: [] });
  });

  it('reports every problem of the section at once, with file:line:col', async () => {
    const file = `${BAD}/waf-problems.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:5:15: mode must be one of exact, additive, got "strict"`,
      `${file}:6:37: bot "googlebot" is listed twice for webapp "shop-production": also at ${file}:6:17 as "Googlebot"`,
      `${file}:6:48: allow[3] must be a bot name or a 32-hex bot id, got 42`,
      `${file}:6:52: allow[4] must not be empty, got ""`,
      `${file}:8:27: allow must be a list of bot names or ids, got "DuckDuckBot"`,
      `${file}:8:40: unknown key "colour" in good_bots (expected mode, allow)`,
      `${file}:9:5: docs is missing required key "good_bots"`,
      `${file}:11:54: bot "APPLEBOT" is listed twice for webapp "api": also at ${file}:11:44 as "Applebot"`,
      `${file}:12:7: unknown key "waf_rules" in api (expected good_bots, purge_after_apply)`,
    ]);
  });

  it('names both places of a webapp defined in two files, whatever the case', async () => {
    const a = `${BAD}/waf-across-files/a.yaml`;
    const b = `${BAD}/waf-across-files/b.yaml`;
    expect(await problems(`${BAD}/waf-across-files`)).toEqual([
      `${a}:3:5: webapp "shop-production" is also defined at ${b}:5:5 as "Shop-Production"`,
      `${b}:5:5: webapp "Shop-Production" is also defined at ${a}:3:5 as "shop-production"`,
    ]);
  });
});
