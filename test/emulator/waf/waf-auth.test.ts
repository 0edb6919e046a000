import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeStartedEmulators } from '../../support/emulator.js';
import { startWaf, type WafHarness } from './helpers.js';

let h: WafHarness;
beforeEach(async () => {
  h = await startWaf(undefined, { tokenLifetimeSeconds: 600 });
});
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

const INVALID_CLIENT = {
  error: 'invalid_client',
  error_description:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
};

describe('WAF emulator: token endpoint', () => {
  it('issues a bearer token from a multipart form (the documented curl -F)', async () => {
    const form = new FormData();
    form.set('client_id', 'demo');
    form.set('client_secret', 'demo');
    const res = await fetch(`${h.origin}/api/oauth/token`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      access_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_type: 'bearer',
      expires_in: 600,
      scope: 'public',
      created_at: Math.floor(h.clock.now() / 1000),
    });
  });

  it.each([
    [
      'urlencoded',
      {
        raw: 'grant_type=client_credentials&client_id=demo&client_secret=demo',
        contentType: 'application/x-www-form-urlencoded',
      },
      '',
    ],
    ['JSON', { body: { client_id: 'demo', client_secret: 'demo' } }, ''],
    ['query string', {}, '?client_id=demo&client_secret=demo'],
  ])('accepts the credentials as %s', async (_kind, options, query) => {
    const res = await h.call('POST', `/api/oauth/token${query}`, options);
    expect(res.status).toBe(200);
  });

  it('answers 401 invalid_client with the Doorkeeper body for a wrong secret and for missing fields', async () => {
    for (const body of [{ client_id: 'demo', client_secret: 'nope' }, { client_id: 'demo' }, {}]) {
      const res = await h.call('POST', '/api/oauth/token', { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID_CLIENT);
      expect(res.headers['www-authenticate']).toContain('error="invalid_client"');
    }
  });

  it('refuses another grant type with 400 unsupported_grant_type', async () => {
    const res = await h.call('POST', '/api/oauth/token', {
      body: { grant_type: 'password', client_id: 'demo', client_secret: 'demo' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });
});

describe('WAF emulator: every call', () => {
  it('checks the User-Agent (403) before the token (401)', async () => {
    const res = await h.call('GET', '/api/v3/company/webapps', { ua: null });
    expect(res).toMatchObject({
      status: 403,
      body: { error: 'forbidden', error_description: 'User-Agent header is required' },
    });
    expect(res.headers['x-ratelimit-remaining']).toBe('499');
    const noToken = await h.call('GET', '/api/v3/company/webapps');
    expect(noToken).toMatchObject({
      status: 401,
      body: { error: 'invalid_token', error_description: 'The access token is invalid' },
    });
  });

  it('refuses a token once its lifetime has passed, with the expired description', async () => {
    const token = await h.token();
    expect((await h.call('GET', '/api/v3/company/webapps', { token })).status).toBe(200);
    h.clock.advance(599_000);
    expect((await h.call('GET', '/api/v3/company/webapps', { token })).status).toBe(200);
    h.clock.advance(1_000);
    const expired = await h.call('GET', '/api/v3/company/webapps', { token });
    expect(expired).toMatchObject({
      status: 401,
      body: { error: 'invalid_token', error_description: 'The access token expired' },
    });
    expect(expired.headers['www-authenticate']).toBe(
      'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token expired"',
    );
  });

  it('revokes a token', async () => {
    const token = await h.token();
    await h.call('POST', '/api/oauth/revoke', { body: { token } });
    const res = await h.call('GET', '/api/v3/company/webapps', { token });
    expect(res.body).toMatchObject({ error_description: 'The access token was revoked' });
  });
});

describe('WAF emulator: rate limit', () => {
  it('counts every request per window, reports it on every answer, and answers 429 beyond the limit', async () => {
    await h.close();
    h = await startWaf(undefined, { rateLimit: { limit: 3, windowSeconds: 60 } });
    const token = await h.token();
    const first = await h.call('GET', '/api/v3/company/webapps', { token });
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '60',
    });
    h.clock.advance(10_000);
    const bad = await h.call('GET', '/api/v3/nothing', { token });
    expect(bad.status).toBe(404);
    expect(bad.headers['x-ratelimit-remaining']).toBe('0');
    const over = await h.call('GET', '/api/v3/company/webapps', { token });
    expect(over).toMatchObject({
      status: 429,
      body: {
        error: 'rate_limit_exceeded',
        error_description: 'Rate limit exceeded. Try again in 50 seconds.',
      },
    });
    expect(over.headers).toMatchObject({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '50',
      'retry-after': '50',
    });
    h.clock.advance(50_000);
    const fresh = await h.call('GET', '/api/v3/company/webapps', { token });
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('2');
  });
});
