import nock from 'nock';
import type { Logger } from '../../../src/model/logger.js';
import {
  createWafProvider,
  type SetGoodBotsOp,
  type WafProvider,
  type WafProviderOptions,
} from '../../../src/providers/waf/index.js';
import { type FakeClock, fakeClock } from '../../support/fake-clock.js';

/** A fake WAF service for nock: origin, paths and credentials shared by the WAF provider tests. */
export const ORIGIN = 'https://waf.test';
export const API = '/api/v3';
export const TOKEN_PATH = '/api/oauth/token';
export const CLIENT_ID = 'ci-client';
export const SECRET = 'cl13nt-S3cret-value';
export const TOKEN = 'tok-aaaaaaaaaaaaaaaaaaaaaaaa';
export const UA = 'edgeplan-test/9.9';
export const WEBAPP = 'c'.repeat(32);
export const BOT = { google: '1'.repeat(32), bing: '2'.repeat(32), ahrefs: '4'.repeat(32) };

/** The writer's op: enable Bingbot, disable AhrefsBot on the webapp `shop`; BULK is its PUT body. */
export const OP: SetGoodBotsOp = {
  kind: 'set-good-bots',
  webappId: WEBAPP,
  webapp: 'shop',
  enable: [BOT.bing],
  disable: [BOT.ahrefs],
};
export const BULK = [
  { id: BOT.bing, enabled: true },
  { id: BOT.ahrefs, enabled: false },
];
export const CHANGE = 'f'.repeat(32);
export const GOOD_BOTS = `/webapps/${WEBAPP}/good_bots`;
/** The first (and, for three bots, only) page of the webapp's good bots. */
export const GOOD_BOTS_READ = `${GOOD_BOTS}?page=1&per_page=100`;

export function rate(remaining: number, reset = 3600, limit = 500): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(reset),
  };
}

/** Expects one token request with the client credentials (form-encoded) and the User-Agent. */
export function mockToken(token = TOKEN, expiresIn = 7200, remaining = 499): nock.Scope {
  return nock(ORIGIN)
    .post(TOKEN_PATH, { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: SECRET })
    .matchHeader('user-agent', UA)
    .matchHeader('content-type', 'application/x-www-form-urlencoded')
    .reply(
      200,
      { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: 'public' },
      rate(remaining),
    );
}

/** An API interceptor that requires the bearer token and the User-Agent. */
export function api(method: 'get' | 'put', path: string, body?: unknown, token = TOKEN): nock.Interceptor {
  return nock(ORIGIN)
    [method](`${API}${path}`, body as nock.RequestBodyMatcher)
    .matchHeader('authorization', `Bearer ${token}`)
    .matchHeader('user-agent', UA);
}

export function bots(enabled: Partial<Record<keyof typeof BOT, boolean>>) {
  return Object.entries(BOT).map(([key, id]) => ({
    id,
    name: { google: 'Googlebot', bing: 'Bingbot', ahrefs: 'AhrefsBot' }[key],
    enabled: enabled[key as keyof typeof BOT] ?? false,
    description: '',
  }));
}

export interface TestProvider {
  provider: WafProvider;
  /** Every wait the provider made, in ms. */
  sleeps: number[];
  logs: string[];
  clock: FakeClock;
}

/** A provider on the fake service with injected time: sleeping advances the clock, nothing waits for real. */
export function testProvider(options: Partial<WafProviderOptions> = {}): TestProvider {
  const clock = fakeClock(1_700_000_000_000);
  const logs: string[] = [];
  const logger: Logger = {
    debug: (m) => logs.push(`debug ${m}`),
    info: (m) => logs.push(`info ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
  };
  const provider = createWafProvider({
    url: `${ORIGIN}${API}`,
    tokenUrl: `${ORIGIN}${TOKEN_PATH}`,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    userAgent: UA,
    logger,
    now: clock.now,
    random: () => 0,
    sleep: clock.elapse,
    ...options,
  });
  return { provider, sleeps: clock.sleeps, logs, clock };
}
