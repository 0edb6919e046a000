import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  createWafProvider,
  WafApiError,
  WafAuthError,
  WafConfigError,
  WafRateLimitError,
  wafConfigFromEnv,
  wafRateLimitFromEnv,
} from '../../../src/providers/waf/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import {
  API,
  api,
  CLIENT_ID,
  mockToken,
  ORIGIN,
  rate,
  SECRET,
  TOKEN,
  TOKEN_PATH,
  testProvider,
  UA,
} from './waf-fixtures.js';

useNockGuard();

const LIST = '/company/webapps?page=1&per_page=100';
const get = (provider: ReturnType<typeof testProvider>['provider'], path = LIST) =>
  provider.client.call({ method: 'GET', path, retryable: 'idempotent' });

describe('WAF client: token', () => {
  it('fetches one token for parallel first calls and sends it with the User-Agent on every call', async () => {
    mockToken();
    api('get', LIST).times(3).reply(200, [], rate(497));
    const { provider } = testProvider();
    await Promise.all([get(provider), get(provider), get(provider)]);
    expect(provider.client.tokenGeneration).toBe(1);
  });

  it('fetches a new token shortly before the old one expires', async () => {
    mockToken('tok-1', 7200);
    api('get', LIST, undefined, 'tok-1').reply(200, [], rate(498));
    mockToken('tok-2', 7200);
    api('get', LIST, undefined, 'tok-2').reply(200, [], rate(496));
    const { provider, clock } = testProvider();
    await get(provider);
    clock.advance(7200_000 - 60_000);
    await get(provider);
    expect(provider.client.tokenGeneration).toBe(2);
  });

  it('after a 401 fetches a new token and repeats the call, up to three times; then the 401 is an error', async () => {
    mockToken('tok-1');
    api('get', LIST, undefined, 'tok-1').reply(401, '', {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
    mockToken('tok-2');
    api('get', LIST, undefined, 'tok-2').reply(200, [{ id: 'x', name: 'y' }], rate(497));
    const { provider } = testProvider();
    expect((await get(provider)).json).toEqual([{ id: 'x', name: 'y' }]);

    api('get', '/x', undefined, 'tok-2').reply(401, {
      error: 'invalid_token',
      error_description: 'The access token was revoked',
    });
    for (const token of ['tok-3', 'tok-4', 'tok-5']) {
      mockToken(token);
      api('get', '/x', undefined, token).reply(401, {
        error: 'invalid_token',
        error_description: 'The access token was revoked',
      });
    }
    const error = await get(provider, '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafApiError);
    expect(error).toMatchObject({
      status: 401,
      serviceCode: 'invalid_token',
      message: 'GET /api/v3/x: 401 The access token was revoked',
    });
  });

  it('reports refused credentials as WafAuthError without the secret', async () => {
    nock(ORIGIN)
      .post(TOKEN_PATH)
      .reply(401, { error: 'invalid_client', error_description: 'Client authentication failed' }, rate(499));
    const { provider, logs } = testProvider();
    const error = await get(provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafAuthError);
    expect(String(error)).toContain('401 Client authentication failed');
    expect(`${String(error)} ${logs.join('\n')}`).not.toContain(SECRET);
  });

  it('never logs or shows the client secret or the access token, even in debug logs', async () => {
    mockToken();
    api('get', LIST).reply(200, [], rate(498));
    const { provider, logs } = testProvider();
    await get(provider);
    const shown = `${logs.join('\n')}${inspect(provider, { depth: 8, showHidden: true })}`;
    expect(logs.some((line) => line.includes('client_secret=***'))).toBe(true);
    expect(logs.some((line) => line.includes('"Authorization":"***"'))).toBe(true);
    expect(shown).not.toContain(SECRET);
    expect(shown).not.toContain(TOKEN);
  });
});

describe('WAF client: errors and retries', () => {
  it('turns a 422 body into a WafApiError with the field errors, and does not repeat it', async () => {
    mockToken();
    api('put', '/webapps/w/good_bots').reply(
      422,
      {
        error: 'validation_failed',
        error_description: 'Validation failed',
        errors: { '[0].enabled': ['must be true or false'] },
      },
      rate(498),
    );
    const { provider } = testProvider();
    const error = await provider.client
      .call({ method: 'PUT', path: '/webapps/w/good_bots', body: [], retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      message: 'PUT /api/v3/webapps/w/good_bots: 422 Validation failed ([0].enabled must be true or false)',
    });
  });

  it('repeats a read after a 503 (transport backoff)', async () => {
    mockToken();
    api('get', LIST).reply(503, 'busy');
    api('get', LIST).reply(200, [], rate(497));
    const { provider, sleeps } = testProvider();
    expect((await get(provider)).status).toBe(200);
    expect(sleeps).toEqual([0]);
  });
});

describe('WAF client: rate limit', () => {
  it('waits out a 429 as Retry-After says, then repeats the call', async () => {
    mockToken();
    api('get', LIST).reply(429, { error: 'rate_limit_exceeded' }, { ...rate(0, 30), 'Retry-After': '30' });
    api('get', LIST).reply(200, [], rate(499, 3600));
    const { provider, sleeps, logs } = testProvider();
    expect((await get(provider)).status).toBe(200);
    expect(sleeps).toEqual([30_000]);
    expect(logs).toContain('warn waf: HTTP 429; waiting 30 s for the rate-limit window to reset');
  });

  it('waits for the reset before sending when the last answer said Remaining: 0', async () => {
    mockToken(TOKEN, 7200, 1);
    api('get', LIST).reply(200, [], rate(0, 45));
    api('get', LIST).reply(200, [], rate(499, 3600));
    const { provider, sleeps } = testProvider();
    await get(provider);
    expect(provider.rateLimit()).toEqual({ limit: 500, remaining: 0, resetSeconds: 45 });
    await get(provider);
    expect(sleeps).toEqual([45_000]);
    expect(provider.rateLimit()).toEqual({ limit: 500, remaining: 499, resetSeconds: 3600 });
  });

  it('does not wait most of an hour: a far reset is a WafRateLimitError, and nothing is sent', async () => {
    mockToken(TOKEN, 7200, 0);
    const { provider, sleeps } = testProvider({ maxRateLimitWaitMs: 60_000 });
    const error = await get(provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafRateLimitError);
    expect(String(error)).toContain('the window resets in 3600 s, longer than the 60 s the client waits');
    expect(sleeps).toEqual([]);
  });
});

describe('WAF client: calls in parallel', () => {
  it('sends no more than Remaining, counting calls in flight; the rest stop with a WafRateLimitError', async () => {
    mockToken(TOKEN, 7200, 3);
    api('get', LIST).reply(200, [], rate(2));
    api('get', LIST).reply(200, [], rate(1));
    api('get', LIST).reply(200, [], rate(0));
    const { provider, sleeps } = testProvider();
    await get(provider);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => get(provider)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    const refused = results[2] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(WafRateLimitError);
    expect(String(refused.reason)).toContain(
      'the window resets in 3600 s, longer than the 120 s the client waits',
    );
    expect(sleeps).toEqual([]);
  });
});

describe('WAF configuration from the environment', () => {
  const base = {
    EDGEPLAN_WAF_URL: `${ORIGIN}${API}/`,
    EDGEPLAN_WAF_CLIENT_ID: CLIENT_ID,
    EDGEPLAN_WAF_CLIENT_SECRET: SECRET,
  };

  it('defaults the token URL to <origin>/api/oauth/token and the User-Agent to the given default', () => {
    expect(wafConfigFromEnv(base, 'edgeplan/1.2.3')).toEqual({
      url: `${ORIGIN}${API}`,
      tokenUrl: `${ORIGIN}${TOKEN_PATH}`,
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      userAgent: 'edgeplan/1.2.3',
    });
    const custom = wafConfigFromEnv(
      {
        ...base,
        EDGEPLAN_WAF_TOKEN_URL: 'https://auth.test/token',
        EDGEPLAN_USER_AGENT: 'acme-ci (ops@acme.test)',
      },
      'edgeplan/1.2.3',
    );
    expect(custom).toMatchObject({
      tokenUrl: 'https://auth.test/token',
      userAgent: 'acme-ci (ops@acme.test)',
    });
  });

  it('reads EDGEPLAN_WAF_RATE_LIMIT as requests per hour, and reports a bad one with the rest', () => {
    expect(wafRateLimitFromEnv({ EDGEPLAN_WAF_RATE_LIMIT: '250' })).toBe(250);
    expect(wafRateLimitFromEnv({})).toBeUndefined();
    expect(() => wafRateLimitFromEnv({ EDGEPLAN_WAF_RATE_LIMIT: '0' })).toThrow(
      'WAF service configuration: not usable: EDGEPLAN_WAF_RATE_LIMIT (a whole number of requests per hour, at least 1)',
    );
    expect(() => wafConfigFromEnv({ EDGEPLAN_WAF_RATE_LIMIT: 'lots' }, 'x')).toThrow(
      'missing EDGEPLAN_WAF_URL, EDGEPLAN_WAF_CLIENT_ID, EDGEPLAN_WAF_CLIENT_SECRET; ' +
        'not usable: EDGEPLAN_WAF_RATE_LIMIT (a whole number of requests per hour, at least 1)',
    );
  });

  it('names every missing or unusable variable, never a value', () => {
    expect(() => wafConfigFromEnv({ EDGEPLAN_WAF_CLIENT_SECRET: SECRET }, 'x')).toThrow(
      'WAF service configuration: missing EDGEPLAN_WAF_URL, EDGEPLAN_WAF_CLIENT_ID',
    );
    expect(() => wafConfigFromEnv({ ...base, EDGEPLAN_WAF_URL: 'https://waf.test/api/v2' }, 'x')).toThrow(
      'not usable: EDGEPLAN_WAF_URL (an http(s) URL ending in /api/v3)',
    );
    expect(() => wafConfigFromEnv({ ...base, EDGEPLAN_WAF_URL: `${ORIGIN}${API}?tenant=a` }, 'x')).toThrow(
      'not usable: EDGEPLAN_WAF_URL (an http(s) URL without a query "?…" or fragment "#…": ' +
        'request paths are added to its end)',
    );
  });

  it('refuses credentials in the API URL and in the token URL, showing both URLs with them as ***', () => {
    const env = {
      ...base,
      EDGEPLAN_WAF_URL: `https://ci-client:url-Secret-1@waf.test${API}`,
      EDGEPLAN_WAF_TOKEN_URL: 'https://ci-client:url@Secret-2@auth.test/token',
    };
    const attempt = () => wafConfigFromEnv(env, 'x');
    expect(attempt).toThrow(WafConfigError);
    expect(attempt).toThrow(
      'WAF service configuration: not usable: ' +
        'EDGEPLAN_WAF_URL (credentials in a URL are refused: https://***@waf.test/api/v3; ' +
        'set EDGEPLAN_WAF_CLIENT_ID and EDGEPLAN_WAF_CLIENT_SECRET instead), ' +
        'EDGEPLAN_WAF_TOKEN_URL (credentials in a URL are refused: https://***@auth.test/token; ' +
        'set EDGEPLAN_WAF_CLIENT_ID and EDGEPLAN_WAF_CLIENT_SECRET instead)',
    );
    expect(attempt).not.toThrow(/url-Secret|url%40Secret|ci-client/);
    expect(() =>
      wafConfigFromEnv({ ...base, EDGEPLAN_WAF_TOKEN_URL: 'https://ci-client@auth.test/token' }, 'x'),
    ).toThrow(
      'not usable: EDGEPLAN_WAF_TOKEN_URL (credentials in a URL are refused: https://***@auth.test/token;',
    );
  });
});

describe('createWafProvider', () => {
  it('refuses credentials in the API URL or the token URL given to it directly, without sending or showing them', () => {
    const config = wafConfigFromEnv(
      {
        EDGEPLAN_WAF_URL: `${ORIGIN}${API}`,
        EDGEPLAN_WAF_CLIENT_ID: CLIENT_ID,
        EDGEPLAN_WAF_CLIENT_SECRET: SECRET,
      },
      UA,
    );
    for (const options of [
      { ...config, url: `https://ci-client:url-Secret-1@waf.test${API}` },
      { ...config, tokenUrl: `https://ci-client:url-Secret-1@waf.test${TOKEN_PATH}` },
    ]) {
      const attempt = () => createWafProvider(options);
      expect(attempt).toThrow(/^credentials in a service URL are refused: https:\/\/\*\*\*@waf\.test\/api\//);
      expect(attempt).not.toThrow(/url-Secret-1|ci-client/);
      expect(attempt).toThrow(expect.objectContaining({ code: 'EP1908', name: 'ServiceUrlError' }));
    }
  });
});
