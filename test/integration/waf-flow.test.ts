/** The WAF provider and apply against the emulator: tokens expiring mid-run, failed changes beside DNS zones. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import { createWafProvider } from '../../src/providers/waf/index.js';
import { fakeClock } from '../support/fake-clock.js';
import { DYN, oneProviderDesired } from '../support/one-provider.js';
import { type Sandbox, startSandbox, WAF_CLIENT } from '../support/sandbox.js';
import { enabledBots } from './helpers.js';

// Time budget: ten times its slowest test (1.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

const AT = { file: 'w.yaml', line: 1, col: 1 };
const WEBAPPS = [
  { name: 'shop', enabled_bots: ['Googlebot', 'AhrefsBot'] },
  { name: 'blog', enabled_bots: [] },
];
const desiredWaf: DesiredState['waf'] = {
  webapps: [
    { ref: 'blog', at: AT, mode: 'additive', allow: [{ ref: 'DuckDuckBot', at: AT }] },
    {
      ref: 'shop',
      at: AT,
      mode: 'exact',
      allow: [
        { ref: 'Googlebot', at: AT },
        { ref: 'Bingbot', at: AT },
      ],
    },
  ],
};
const tokenRequests = (s: Sandbox) =>
  s.emulator.requestLog.count({ method: 'POST', path: /^\/api\/oauth\/token$/ });

let sandbox: Sandbox;
afterEach(() => sandbox.close());

describe('token expiry in the middle of a run', () => {
  it('a token the server expires early gets a 401, one new token and a repeat; the apply converges', async () => {
    const clock = fakeClock(Date.now());
    sandbox = await startSandbox(
      { waf: { webapps: WEBAPPS } },
      { waf: { tokenLifetimeSeconds: 2, changes: { pendingMs: 0, runMs: 2500 } }, clock },
    );
    // The client's clock stands still, so it believes its token is fresh: only the server's 401 can tell it.
    const frozen = clock.now();
    const provider = createWafProvider({
      url: sandbox.wafUrl,
      tokenUrl: `${new URL(sandbox.wafUrl).origin}/api/oauth/token`,
      clientId: WAF_CLIENT.client_id,
      clientSecret: WAF_CLIENT.client_secret,
      userAgent: 'edgeplan-it/1',
      now: () => frozen,
      random: () => 0,
      sleep: clock.elapse,
    });
    try {
      const desired: DesiredState = oneProviderDesired({ zones: [], waf: desiredWaf });
      const plan = await planLive(desired, { waf: provider });
      const result = await applyPlan(plan, writersOf({ waf: provider }), { concurrency: 1 });
      expect(result.ok).toBe(true);
      expect(sandbox.emulator.requestLog.count({ status: 401 })).toBeGreaterThan(0);
      expect(tokenRequests(sandbox)).toBe(1 + sandbox.emulator.requestLog.count({ status: 401 }));
      expect(enabledBots(sandbox.emulator, 'shop')).toEqual(['Bingbot', 'Googlebot']);
    } finally {
      await provider.close();
    }
  });

  it('a token about to expire is renewed before the next call, without any 401', async () => {
    sandbox = await startSandbox(
      { waf: { webapps: WEBAPPS } },
      {
        waf: { tokenLifetimeSeconds: 4, changes: { pendingMs: 0, runMs: 6500 } },
        clock: fakeClock(Date.now()),
      },
    );
    const provider = sandbox.wafProvider();
    const desired: DesiredState = oneProviderDesired({ zones: [], waf: desiredWaf });
    const result = await applyPlan(await planLive(desired, { waf: provider }), writersOf({ waf: provider }));
    expect(result.ok).toBe(true);
    expect(sandbox.emulator.requestLog.count({ status: 401 })).toBe(0);
    expect(provider.client.tokenGeneration).toBeGreaterThan(1);
    expect(tokenRequests(sandbox)).toBe(provider.client.tokenGeneration);
  });
});

describe('a failed webapp change', () => {
  it('fails its own step with a typed error; the other webapp and the DNS zone are applied', async () => {
    sandbox = await startSandbox(
      {
        dns: {
          zones: {
            'example.com': {
              records: [{ fqdn: 'www.example.com', type: 'A', rdata: { address: '192.0.2.1' } }],
            },
          },
        },
        waf: { webapps: WEBAPPS },
      },
      { waf: {}, clock: fakeClock(Date.now()) },
    );
    const shopId = sandbox.emulator.snapshot().waf?.webapps?.find((w) => w.name === 'shop')?.id;
    // A failed change is undone by the service and sent again, up to four sends: every one of them fails here.
    sandbox.emulator.waf.failNextChanges(4, shopId);
    const dns = sandbox.provider();
    const waf = sandbox.wafProvider();
    const desired: DesiredState = oneProviderDesired({
      zones: [
        {
          zone: 'example.com',
          defaultTtl: 3600,
          records: [{ fqdn: 'www.example.com', type: 'A', ttl: 3600, values: ['192.0.2.2'] }],
          unmanaged: [],
        },
      ],
      waf: desiredWaf,
    });
    const plan = await planLive(desired, { dns: { [DYN]: dns }, waf });
    expect(plan.steps.map((s) => s.id)).toEqual(['webapp:blog', 'webapp:shop', 'zone:example.com']);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns }, waf }));
    expect(result.ok).toBe(false);
    const byId = Object.fromEntries(result.steps.map((s) => [s.id, s]));
    expect(byId['zone:example.com']?.status).toBe('applied');
    expect(byId['webapp:blog']?.status).toBe('applied');
    expect(byId['webapp:shop']).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^webapp shop: change [0-9a-f]{32} failed: /),
    });
    expect(enabledBots(sandbox.emulator, 'shop')).toEqual(['AhrefsBot', 'Googlebot']);
    expect(enabledBots(sandbox.emulator, 'blog')).toEqual(['DuckDuckBot']);
    const rest = await planLive(desired, { dns: { [DYN]: dns }, waf });
    expect(rest.steps.map((s) => s.id)).toEqual(['webapp:shop']);
    expect((await applyPlan(rest, writersOf({ dns: { [DYN]: dns }, waf }))).ok).toBe(true);
  });
});
