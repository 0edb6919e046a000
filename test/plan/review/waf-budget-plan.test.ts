import { describe, expect, it } from 'vitest';
import type { LiveWebapp } from '../../../src/model/waf.js';
import { computePlan, wafBudgetShortfall } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

/**
 * The WAF budget a plan states (and apply refuses to start without): every call of the webapp steps times the
 * provider's requests per call, plus the re-read. DNS steps spend the DNS budget, never the WAF's.
 */

const hex = (c: string) => c.repeat(32);
const shop: LiveWebapp = {
  id: hex('a'),
  name: 'shop',
  bots: [{ id: hex('1'), name: 'Googlebot', enabled: false }],
};

describe('computePlan: the WAF budget', () => {
  it('counts every call of the webapp steps, and none of the DNS steps', () => {
    const providers = fakeProviders();
    const waf = providers.waf;
    if (!waf) throw new Error('fakeProviders has a WAF compiler');
    // A WAF compiler that makes two calls per webapp, each of 3 requests.
    providers.waf = {
      ...waf,
      requestsPerCall: 3,
      compileWebapp: (change) => [...waf.compileWebapp(change), ...waf.compileWebapp(change)],
    };
    const plan = computePlan(
      oneProviderDesired({
        zones: [desiredZone('a.test', { 'www.a.test': [['192.0.2.1']], 'api.a.test': [['192.0.2.2']] })],
        waf: {
          webapps: [
            {
              ref: 'shop',
              at: { file: 'w.yaml', line: 1, col: 1 },
              mode: 'exact',
              allow: [{ ref: 'Googlebot', at: { file: 'w.yaml', line: 2, col: 1 } }],
            },
          ],
        },
      }),
      oneProviderLive({
        zones: { 'a.test': liveZone('a.test', 1, {}) },
        waf: { webapps: { shop }, accountWebapps: ['shop'], readRequests: 4, rateLimit: null },
      }),
      providers,
    );
    expect(plan.steps.map((s) => [s.id, s.ops.length])).toEqual([
      ['webapp:shop', 2],
      ['zone:a.test', 3],
    ]);
    expect(plan.waf).toEqual({
      applyRequests: 2 * 3 + 4,
      rereadRequests: 4,
      requestsPerCall: 3,
      rateLimit: null,
    });
  });
});

describe('wafBudgetShortfall: DNS changes beside the WAF', () => {
  const allow = (bots: string[]) =>
    bots.map((ref, i) => ({ ref, at: { file: 'w.yaml', line: 2 + i, col: 1 } }));
  const planOf = (bots: string[]) =>
    computePlan(
      oneProviderDesired({
        zones: [desiredZone('a.test', { 'www.a.test': [['192.0.2.1']] })],
        waf: {
          webapps: [
            { ref: 'shop', at: { file: 'w.yaml', line: 1, col: 1 }, mode: 'exact', allow: allow(bots) },
          ],
        },
      }),
      oneProviderLive({
        zones: { 'a.test': liveZone('a.test', 1, {}) },
        waf: { webapps: { shop }, accountWebapps: ['shop'], readRequests: 4, rateLimit: null },
      }),
      fakeProviders(),
    );
  const now = 1_000_000;
  const spent = { limit: 500, remaining: 0, resetAtMs: now + 60_000 };

  it('never refuses a plan whose webapps are unchanged, however spent the WAF window: its DNS changes do not use it', () => {
    const dnsOnly = planOf([]);
    expect(dnsOnly.steps.map((s) => s.kind)).toEqual(['zone']);
    expect(dnsOnly.waf?.applyRequests).toBe(4); // the re-read alone, which an unchanged WAF does not need
    expect(wafBudgetShortfall(dnsOnly, spent, now)).toBeNull();
    expect(
      wafBudgetShortfall(dnsOnly, spent, now, { limit: 20, remaining: 0, resetAtMs: now + 60_000 }),
    ).toBeNull();
  });

  it('refuses a webapp change beside DNS changes that the window cannot cover', () => {
    const both = planOf(['Googlebot']);
    expect(both.steps.map((s) => s.kind)).toEqual(['webapp', 'zone']);
    expect(wafBudgetShortfall(both, { ...spent, remaining: 6 }, now)).toEqual({
      bucket: 'requests',
      needed: 7,
      remaining: 6,
      limit: 500,
      resetInSeconds: 60,
    });
    expect(wafBudgetShortfall(both, { ...spent, remaining: 7 }, now)).toBeNull();
  });
});
