import { describe, expect, it } from 'vitest';
import type { LiveWebapp } from '../../src/model/waf.js';
import { computePlan } from '../../src/plan/index.js';
import { desiredZone, liveZone } from './helpers/builders.js';
import { fakeProviders } from './helpers/fake-providers.js';

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
      {
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
      },
      {
        zones: { 'a.test': liveZone('a.test', 1, {}) },
        waf: { webapps: { shop }, accountWebapps: ['shop'], readRequests: 4, rateLimit: null },
      },
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
