import { describe, expect, it } from 'vitest';
import { closestNames, osaDistance } from '../../../src/model/closest-names.js';
import type { DesiredWaf, LiveWafState, LiveWebapp } from '../../../src/model/waf.js';
import {
  computePlan,
  describeShortfall,
  PlanProblemsError,
  renderPlanJson,
  renderPlanText,
  wafBudgetShortfall,
} from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { FAKE_WAF, fakeProviders } from '../helpers/fake-providers.js';

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

const plan = (d: DesiredWaf, l: LiveWafState, providers = fakeProviders()) =>
  computePlan(oneProviderDesired({ zones: [], waf: d }), oneProviderLive({ zones: {}, waf: l }), providers);
const bot = (name: string) => ({ id: id(String(CATALOGUE.indexOf(name) + 1)), name });

describe('WAF plan', () => {
  it('exact enables the listed bots and disables every other; additive only enables', () => {
    const shop = liveApp('shop-production', 'a', ['Googlebot', 'AhrefsBot']);
    const blog = liveApp('blog', 'b', ['Googlebot', 'Baiduspider']);
    const providers = fakeProviders();
    const result = plan(
      desired([
        ['shop-production', 'exact', ['googlebot', 'Bingbot']],
        ['blog', 'additive', ['DuckDuckBot', 'Googlebot']],
      ]),
      live({ 'shop-production': shop, blog }),
      providers,
    );
    expect(result.changes).toEqual([
      {
        address: { kind: 'webapp', ref: 'blog', id: id('b'), name: 'blog' },
        action: 'update',
        before: { enabled: [bot('Baiduspider'), bot('Googlebot')] },
        after: { enabled: [bot('Baiduspider'), bot('DuckDuckBot'), bot('Googlebot')], mode: 'additive' },
      },
      {
        address: { kind: 'webapp', ref: 'shop-production', id: id('a'), name: 'shop-production' },
        action: 'update',
        before: { enabled: [bot('AhrefsBot'), bot('Googlebot')] },
        after: { enabled: [bot('Bingbot'), bot('Googlebot')], mode: 'exact' },
      },
    ]);
    expect(providers.calls.webapps).toEqual(result.changes);
    expect(result.steps).toEqual([
      {
        id: 'webapp:blog',
        kind: 'webapp',
        provider: FAKE_WAF,
        target: { kind: 'webapp', name: 'blog' },
        after: [],
        ops: [
          { kind: 'set-bots', ref: 'blog', before: [id('5'), id('1')], after: [id('5'), id('3'), id('1')] },
        ],
      },
      {
        id: 'webapp:shop-production',
        kind: 'webapp',
        provider: FAKE_WAF,
        target: { kind: 'webapp', name: 'shop-production' },
        after: [],
        ops: [
          { kind: 'set-bots', ref: 'shop-production', before: [id('4'), id('1')], after: [id('2'), id('1')] },
        ],
      },
    ]);
    expect(result.waf).toEqual({
      applyRequests: 2 * 3 + 3,
      rereadRequests: 3,
      requestsPerCall: 3,
      rateLimit: { limit: 500, remaining: 480, resetSeconds: 1810 },
    });
  });

  it('names a webapp’s step by its key in the desired state, an id as written', () => {
    const shop = liveApp('shop-production', 'a', ['Googlebot']);
    const result = plan(
      desired([[id('a').toUpperCase(), 'exact', []]]),
      live({ [id('a').toUpperCase()]: shop }),
    );
    expect(result.steps.map((s) => [s.id, s.target])).toEqual([
      [`webapp:${id('a').toUpperCase()}`, { kind: 'webapp', name: id('a').toUpperCase() }],
    ]);
  });

  it('needs a WAF provider for the budget whenever the desired state has a waf section', () => {
    const shop = liveApp('shop-production', 'a', ['Googlebot']);
    expect(() =>
      computePlan(
        oneProviderDesired({ zones: [], waf: desired([['shop-production', 'additive', []]]) }),
        oneProviderLive({ zones: {}, waf: live({ 'shop-production': shop }) }),
      ),
    ).toThrow(/no WAF provider/);
  });

  it('refuses to plan a waf section when live WAF state was not read, and says so', () => {
    expect(() =>
      computePlan(
        oneProviderDesired({ zones: [], waf: desired([['shop-production', 'additive', []]]) }),
        oneProviderLive({ zones: {} }),
        fakeProviders(),
      ),
    ).toThrow(/the desired state has a waf section but live WAF state was not read/);
  });

  it('has no step for a webapp already as desired, and accepts bots by id', () => {
    const shop = liveApp('shop-production', 'a', ['Googlebot']);
    const result = plan(
      desired([['shop-production', 'exact', [id('1')]]]),
      live({ 'shop-production': shop }),
    );
    expect(result.steps).toEqual([]);
    expect(result.changes).toEqual([]);
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
      `${F}:10:5: EP1607 webapp "shop-prod" does not exist in the WAF account; closest: shop-production`,
      `${F}:21:10: EP1608 bot "Gooblebot" is not in the good-bot catalogue of webapp "shop-production"; closest: Googlebot`,
      `${F}:21:22: EP1608 bot "bing" is not in the good-bot catalogue of webapp "shop-production"; closest: Bingbot`,
      `${F}:21:46: EP1609 bot "Bingbot" is the same bot as "${id('2')}" at ${F}:21:34`,
      `${F}:21:58: EP1608 bot "Facebot" is not in the good-bot catalogue of webapp "shop-production"; no bot there has a similar name`,
      `${F}:30:5: EP1609 webapp "${id('a')}" is the same webapp as "shop-production" at ${F}:20:5`,
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
        `webapp shop-production (${id('a')}, exact, 1 API call: at least 3 WAF requests)`,
        '  + Bingbot',
        '  - AhrefsBot',
        '',
        'Plan: 0 to create, 1 to update, 0 to delete in 1 webapp.',
        'WAF: 1 bot to enable, 1 to disable in 1 webapp; the apply uses at least 6 WAF requests, 480 of 500 remain this hour (resets in 30 min 10 s).',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(renderPlanJson(result))).toMatchObject({
      changes: [{ address: { kind: 'webapp', ref: 'shop-production' } }],
      waf: { applyRequests: 6, requestsPerCall: 3 },
    });
    const dnsOnly = JSON.parse(
      renderPlanJson(computePlan(oneProviderDesired({ zones: [] }), oneProviderLive({ zones: {} }))),
    );
    expect(Object.keys(dnsOnly)).toEqual(['formatVersion', 'summary', 'zones', 'changes', 'steps']);
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
    expect(shortfall).toEqual({
      bucket: 'requests',
      needed: 9,
      remaining: 8,
      limit: 500,
      resetInSeconds: 754,
    });
    expect(
      describeShortfall(
        shortfall ?? { bucket: 'requests', needed: 0, remaining: 0, limit: 0, resetInSeconds: 0 },
      ),
    ).toBe(
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

  it('a purge after apply is its own step after the good bots, counted against the purge bucket', () => {
    const withPurge = (d: DesiredWaf, paths: string[]): DesiredWaf => ({
      webapps: d.webapps.map((w) => ({ ...w, purgeAfterApply: { paths } })),
    });
    const purging = plan(
      withPurge(desired([['shop-production', 'exact', ['Bingbot']]]), ['/index.html']),
      live({ 'shop-production': shop }),
    );
    expect(purging.steps.map(({ id, kind, after }) => ({ id, kind, after }))).toEqual([
      { id: 'webapp:shop-production', kind: 'webapp', after: [] },
      { id: 'webapp:shop-production#purge', kind: 'purge', after: ['webapp:shop-production'] },
    ]);
    expect(purging.waf).toMatchObject({ purges: 1, applyRequests: 9 });
    const window = { limit: 500, remaining: 500, resetAtMs: now + 1 };
    expect(
      wafBudgetShortfall(purging, window, now, { limit: 20, remaining: 1, resetAtMs: now + 60_000 }),
    ).toBeNull();
    const spent = wafBudgetShortfall(purging, window, now, {
      limit: 20,
      remaining: 0,
      resetAtMs: now + 600_000,
    });
    expect(spent).toEqual({ bucket: 'purges', needed: 1, remaining: 0, limit: 20, resetInSeconds: 600 });
    expect(describeShortfall(spent ?? { ...window, bucket: 'purges', needed: 0, resetInSeconds: 0 })).toBe(
      "refusing to apply: the purges after apply need 1 of the WAF's 20 cache purges an hour, but only 0 remain; " +
        'it resets in 10 min. Nothing was sent; purge fewer webapps (purge_after_apply) or apply them in turns ' +
        '(--target webapp:NAME).',
    );
    // A webapp whose bots do not change gets no purge.
    const unchanged = plan(
      withPurge(desired([['shop-production', 'exact', ['AhrefsBot']]]), []),
      live({ 'shop-production': shop }),
    );
    expect(unchanged.steps).toEqual([]);
    expect(unchanged.waf?.purges).toBeUndefined();
  });

  it('a plan asking for more purges than the bucket holds is refused as such, even with the bucket full', () => {
    const window = { limit: 500, remaining: 500, resetAtMs: now + 1 };
    const purging = plan(
      {
        webapps: desired([['shop-production', 'exact', ['Bingbot']]]).webapps.map((w) => ({
          ...w,
          purgeAfterApply: { paths: ['/'] },
        })),
      },
      live({ 'shop-production': shop }),
    );
    if (!purging.waf) throw new Error('a WAF plan has a budget');
    // As a plan purging 21 webapps states it.
    const many = { ...purging, waf: { ...purging.waf, purges: 21 } };
    const full = { limit: 20, remaining: 20, resetAtMs: now + 600_000 };
    const shortfall = wafBudgetShortfall(many, window, now, full);
    expect(shortfall).toEqual({
      bucket: 'purges',
      needed: 21,
      remaining: 20,
      limit: 20,
      resetInSeconds: 600,
    });
    expect(describeShortfall(shortfall ?? { ...full, bucket: 'purges', needed: 0, resetInSeconds: 0 })).toBe(
      "refusing to apply: the purges after apply need 21 of the WAF's 20 cache purges an hour, more than the " +
        'bucket holds. Nothing was sent; purge fewer webapps (purge_after_apply) or apply them in turns ' +
        '(--target webapp:NAME).',
    );
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
