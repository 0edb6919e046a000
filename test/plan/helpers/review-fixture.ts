import type { DesiredState } from '../../../src/model/dns.js';
import type { LiveState } from '../../../src/model/live.js';
import { annotatePlan, computePlan } from '../../../src/plan/index.js';
import type { Plan } from '../../../src/plan/types.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from './builders.js';
import { fakeProviders } from './fake-providers.js';

/** One plan touching every kind of target, with a destructive delete and changes needing approval. */
export function reviewFixture(): { plan: Plan; desired: DesiredState; live: LiveState } {
  const desired = reviewDesired();
  const live = reviewLive();
  return { plan: reviewPlan(desired, live), desired, live };
}

/** The plan the review commands compute: the diff, then approvals and fingerprints. */
export function reviewPlan(desired: DesiredState, live: LiveState): Plan {
  return annotatePlan(computePlan(desired, live, fakeProviders()), desired, live);
}

function reviewDesired(): DesiredState {
  return oneProviderDesired({
    zones: [
      desiredZone('example.com', {
        'example.com': [['192.0.2.1']],
        'example.com MX': [['10 mail.example.com.']],
        'www.example.com': [['192.0.2.10', '192.0.2.11'], 300],
      }),
      desiredZone('example.org', { 'example.org': [['203.0.113.5']] }),
    ],
    secondaryZones: [
      { zone: 'partner.example.net', masters: ['198.51.100.1'], contactNickname: null, tsigKeyName: null },
    ],
    geoServices: [
      {
        name: 'Global | Web',
        groups: [
          { name: 'Europe', countries: ['DE', 'FR'], records: [{ type: 'A', values: ['192.0.2.50'] }] },
        ],
        nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
      },
    ],
    manage: { secondaryZones: 'all', geoServices: 'listed' },
    waf: {
      webapps: [{ ref: 'shop', at: { file: 'waf.yaml', line: 3, col: 5 }, mode: 'exact', allow: [] }],
    },
  });
}

function reviewLive(): LiveState {
  const hex = (c: string) => c.repeat(32);
  return oneProviderLive({
    zones: {
      'example.com': liveZone(
        'example.com',
        41,
        {
          'example.com': [[1, '192.0.2.1', 3600]],
          'old.example.com': [[2, '192.0.2.99', 3600]],
          'old.example.com TXT': [[5, '"legacy"', 3600]],
          'www.example.com': [
            [3, '192.0.2.10', 600],
            [4, '192.0.2.12', 600],
          ],
        },
        ['example.com SSHFP'],
      ),
      'example.org': null,
    },
    secondaryZones: [
      {
        zone: 'legacy.example.net',
        masters: ['203.0.113.53'],
        contactNickname: 'ops',
        tsigKeyName: '',
        active: 'Y',
      },
    ],
    geoServices: [],
    waf: {
      webapps: {
        shop: {
          id: hex('a'),
          name: 'shop',
          bots: [
            { id: hex('b'), name: 'Bingbot', enabled: false },
            { id: hex('c'), name: 'Googlebot', enabled: true },
          ],
        },
      },
      accountWebapps: ['shop'],
      readRequests: 2,
      rateLimit: { limit: 500, remaining: 497, resetSeconds: 3600 },
    },
  });
}
