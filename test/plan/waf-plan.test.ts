import { describe, expect, it } from 'vitest';
import type { DesiredWaf, LiveWafState, LiveWebapp } from '../../src/model/waf.js';
import { closestNames, osaDistance } from '../../src/plan/closest-names.js';
import { computePlan, PlanProblemsError, renderPlanJson, renderPlanText } from '../../src/plan/index.js';
import { describeShortfall, wafBudgetShortfall } from '../../src/plan/waf-budget.js';

const F = 'waf.yaml';
const at = (line: number, col = 5) => ({ file: F, line, col });
const id = (c: string) => c.repeat(32);

const CATALOGUE = ['Googlebot', 'Bingbot', 'DuckDuckBot', 'AhrefsBot', 'Baiduspider'];
function liveApp(name: string, idChar: string, enabled: string[]): LiveWebapp {
  return {
    id: id(idChar),
    name,
    bots: CATALOGUE.map((bot, i) => ({
      id: id(String(i + 1)),
      name: bot,
      enabled: enabled.includes(bot),
    })).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

function live(webapps: Record<string, LiveWebapp | null>): LiveWafState {
  return {
    webapps,
    accountWebapps: ['blog', 'shop-production', 'shop-staging'],
    readRequests: 3,
    rateLimit: { limit: 500, remaining: 480, resetSeconds: 1810 },
  };
}

function desired(webapps: [string, 'exact' | 'additive', string[]][]): DesiredWaf {
  return {
    webapps: webapps.map(([ref, mode, allow], i) => ({
      ref,
      at: at(10 * (i + 1)),
      mode,
      allow: allow.map((bot, j) => ({ ref: bot, at: at(10 * (i + 1) + 1, 10 + 12 * j) })),
    })),
  };
}

const plan = (d: DesiredWaf, l: LiveWafState) => computePlan({ zones: [], waf: d }, { zones: {}, waf: l });

describe('WAF plan', () => {
  it('exact enables the listed bots and disables every other; additive only enables', () => {
    const shop = liveApp('shop-production', 'a', ['Googlebot', 'AhrefsBot']);
    const blog = liveApp('blog', 'b', ['Googlebot', 'Baiduspider']);
    const result = plan(
      desired([
        ['shop-production', 'exact', ['googlebot', 'Bingbot']],
        ['blog', 'additive', ['DuckDuckBot', 'Googlebot']],
      ]),
      live({ 'shop-production': shop, blog }),
    );
    expect(result.webapps).toEqual([
      {
        webapp: 'blog',
        webappId: id('b'),
        mode: 'additive',
        enable: [{ id: id('3'), name: 'DuckDuckBot' }],
        disable: [],
      },
      {
        webapp: 'shop-production',
        webappId: id('a'),
        mode: 'exact',
        enable: [{ id: id('2'), name: 'Bingbot' }],
        disable: [{ id: id('4'), name: 'AhrefsBot' }],
      },
    ]);
    expect(result.steps).toEqual([
      {
        id: 'webapp:blog',
        kind: 'webapp',
        target: 'webapp:blog',
        after: [],
        ops: [{ kind: 'set-good-bots', webappId: id('b'), webapp: 'blog', enable: [id('3')], disable: [] }],
      },
      {
        id: 'webapp:shop-production',
        kind: 'webapp',
        target: 'webapp:shop-production',
        after: [],
        ops: [
          {
            kind: 'set-good-bots',
            webappId: id('a'),
            webapp: 'shop-production',
            enable: [id('2')],
            disable: [id('4')],
          },
        ],
      },
    ]);
    expect(result.waf).toEqual({
      applyRequests: 2 * 3 + 3,
      rereadRequests: 3,
      rateLimit: { limit: 500, remaining: 480, resetSeconds: 1810 },
    });
  });

  it('has no step for a webapp already as desired, and accepts bots by id', () => {
    const shop = liveApp('shop-production', 'a', ['Googlebot']);
    const result = plan(
      desired([['shop-production', 'exact', [id('1')]]]),
      live({ 'shop-production': shop }),
    );
    expect(result.steps).toEqual([]);
    expect(result.webapps).toEqual([]);
    expect(renderPlanText(result, { color: false })).toBe(
      'No changes. Live state matches the desired state.\n',
    );
  });

  it('reports unknown webapps and bots with the closest names, and entries that are the same, all at once', () => {
    const shop = liveApp('shop-production', 'a', []);
    const d = desired([
      ['shop-prod', 'exact', ['Googlebot']],
      ['shop-production', 'exact', ['Gooblebot', 'bing', id('2'), 'Bingbot', 'Facebot']],
      [id('a'), 'additive', []],
    ]);
    const error = (() => {
      try {
        plan(d, live({ 'shop-prod': null, 'shop-production': shop, [id('a')]: shop }));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PlanProblemsError);
    expect((error as PlanProblemsError).message.split('\n')).toEqual([
      `${F}:10:5: webapp "shop-prod" does not exist in the WAF account; closest: shop-production`,
      `${F}:21:10: bot "Gooblebot" is not in the good-bot catalogue of webapp "shop-production"; closest: Googlebot`,
      `${F}:21:22: bot "bing" is not in the good-bot catalogue of webapp "shop-production"; closest: Bingbot`,
      `${F}:21:46: bot "Bingbot" is the same bot as "${id('2')}" at ${F}:21:34`,
      `${F}:21:58: bot "Facebot" is not in the good-bot catalogue of webapp "shop-production"; no bot there has a similar name`,
      `${F}:30:5: webapp "${id('a')}" is the same webapp as "shop-production" at ${F}:20:5`,
    ]);
  });

  it('renders the webapps and the request budget in text, and keeps JSON of DNS-only plans unchanged', () => {
    const shop = liveApp('shop-production', 'a', ['AhrefsBot']);
    const result = plan(
      desired([['shop-production', 'exact', ['Bingbot']]]),
      live({ 'shop-production': shop }),
    );
    expect(renderPlanText(result, { color: false })).toBe(
      [
        `webapp shop-production (${id('a')}, exact, 3 WAF requests)`,
        '  + Bingbot',
        '  - AhrefsBot',
        '',
        'WAF: 1 bot to enable, 1 to disable in 1 webapp; the apply uses at least 6 WAF requests, 480 of 500 remain this hour (resets in 30 min 10 s).',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(renderPlanJson(result))).toMatchObject({
      webapps: [{ webapp: 'shop-production' }],
      waf: { applyRequests: 6 },
    });
    const dnsOnly = JSON.parse(renderPlanJson(computePlan({ zones: [] }, { zones: {} })));
    expect(Object.keys(dnsOnly)).toEqual(['formatVersion', 'summary', 'zones', 'steps']);
  });
});

describe('WAF budget', () => {
  const shop = liveApp('shop-production', 'a', ['AhrefsBot']);
  const twoChanges = plan(
    desired([
      ['shop-production', 'exact', ['Bingbot']],
      ['blog', 'additive', ['Bingbot']],
    ]),
    live({ 'shop-production': shop, blog: liveApp('blog', 'b', []) }),
  );
  const now = 1_000_000;

  it('refuses WAF changes that need more requests than remain, saying when the window resets', () => {
    const shortfall = wafBudgetShortfall(
      twoChanges,
      { limit: 500, remaining: 8, resetAtMs: now + 754_000 },
      now,
    );
    expect(shortfall).toEqual({ needed: 9, remaining: 8, limit: 500, resetInSeconds: 754 });
    expect(describeShortfall(shortfall ?? { needed: 0, remaining: 0, limit: 0, resetInSeconds: 0 })).toBe(
      'refusing to apply: the WAF changes need at least 9 requests, but only 8 of 500 remain in the current ' +
        'rate-limit window; it resets in 12 min 34 s. Nothing was sent; run apply again after the reset.',
    );
  });

  it('lets them start when they fit, when the window has reset, or when nothing changes', () => {
    expect(wafBudgetShortfall(twoChanges, { limit: 500, remaining: 9, resetAtMs: now + 1 }, now)).toBeNull();
    expect(wafBudgetShortfall(twoChanges, { limit: 500, remaining: 0, resetAtMs: now }, now)).toBeNull();
    expect(wafBudgetShortfall(twoChanges, undefined, now)).toBeNull();
    const none = plan(desired([['blog', 'additive', []]]), live({ blog: liveApp('blog', 'b', []) }));
    expect(wafBudgetShortfall(none, { limit: 500, remaining: 0, resetAtMs: now + 5 }, now)).toBeNull();
  });
});

describe('closest names', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(osaDistance('googelbot', 'googlebot')).toBe(1);
    expect(osaDistance('', 'abc')).toBe(3);
    expect(osaDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests near names case-insensitively, containing names too, nearest first, at most three', () => {
    const names = ['Googlebot', 'Googlebot-Image', 'Googlebot-News', 'AdsBot-Google', 'Bingbot', 'YandexBot'];
    expect(closestNames('googlebott', names)).toEqual(['Googlebot']);
    expect(closestNames('GOOGLEBOT', names)).toEqual(['Googlebot', 'Googlebot-News', 'Googlebot-Image']);
    expect(closestNames('shop-prod', ['shop-staging', 'shop-production', 'blog'])).toEqual([
      'shop-production',
    ]);
    expect(closestNames('yandex', names)).toEqual(['YandexBot']);
    expect(closestNames('Slurp', names)).toEqual([]);
  });
});
