import { describe, expect, it } from 'vitest';
import {
  createDynProvider,
  DynConfigError,
  dynConfigFromEnv,
  dynRateLimitFromEnv,
} from '../../../src/providers/dyn/index.js';
import { authed, mockLogin, ok, TOKEN, testProvider } from '../helpers/dyn-fixtures.js';
import { useNockGuard } from '../helpers/nock-guard.js';

useNockGuard();

const FULL = {
  EDGEPLAN_DYN_URL: 'https://api.dynect.net/REST',
  EDGEPLAN_DYN_CUSTOMER: 'acme',
  EDGEPLAN_DYN_USER: 'ops',
  EDGEPLAN_DYN_PASSWORD: ' pw with spaces ',
};

describe('dynConfigFromEnv', () => {
  it('reads the four variables, keeping the password as given', () => {
    expect(dynConfigFromEnv(FULL)).toEqual({
      url: 'https://api.dynect.net/REST',
      customerName: 'acme',
      userName: 'ops',
      password: ' pw with spaces ',
    });
  });

  it('lists every missing variable (empty counts as missing)', () => {
    const error = (() => {
      try {
        dynConfigFromEnv({ EDGEPLAN_DYN_URL: 'https://x.test/REST', EDGEPLAN_DYN_USER: '' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DynConfigError);
    expect(error).toMatchObject({
      missing: ['EDGEPLAN_DYN_CUSTOMER', 'EDGEPLAN_DYN_USER', 'EDGEPLAN_DYN_PASSWORD'],
      invalid: [],
    });
    expect((error as Error).message).toBe(
      'DNS service configuration: missing EDGEPLAN_DYN_CUSTOMER, EDGEPLAN_DYN_USER, EDGEPLAN_DYN_PASSWORD',
    );
  });

  it('refuses a URL that is not http(s), without echoing any value', () => {
    const env = { ...FULL, EDGEPLAN_DYN_URL: 'api.dynect.net', EDGEPLAN_DYN_PASSWORD: 'topsecret' };
    expect(() => dynConfigFromEnv(env)).toThrow(
      'DNS service configuration: not usable: EDGEPLAN_DYN_URL (an http(s) URL)',
    );
    expect(() => dynConfigFromEnv(env)).not.toThrow(/topsecret|api\.dynect/);
  });

  it('refuses a URL with a user name or password, showing it with them as *** and naming the variables to use', () => {
    for (const url of [
      'https://ops:url-Pass-1@api.dynect.net/REST',
      'https://ops@api.dynect.net/REST',
      'https://ops%40acme:url%3APass-1@api.dynect.net/REST',
      'https://ops:url@Pass-1@api.dynect.net/REST',
    ]) {
      const attempt = () => dynConfigFromEnv({ ...FULL, EDGEPLAN_DYN_URL: url });
      expect(attempt, url).toThrow(DynConfigError);
      expect(attempt, url).toThrow(
        'DNS service configuration: not usable: EDGEPLAN_DYN_URL (credentials in a URL are refused: ' +
          'https://***@api.dynect.net/REST; set EDGEPLAN_DYN_USER and EDGEPLAN_DYN_PASSWORD instead)',
      );
      expect(attempt, url).not.toThrow(/url-Pass|url%3APass|ops@|ops:|ops%40/);
    }
  });
});

describe('EDGEPLAN_DYN_URL with a query or fragment', () => {
  it('is refused: the request paths would be added after it', () => {
    for (const url of ['https://api.dynect.net/REST?x=1', 'https://api.dynect.net/REST#top']) {
      expect(() => dynConfigFromEnv({ ...FULL, EDGEPLAN_DYN_URL: url }), url).toThrow(
        'DNS service configuration: not usable: EDGEPLAN_DYN_URL (an http(s) URL without a query "?…" or ' +
          'fragment "#…": request paths are added to its end)',
      );
    }
  });
});

describe('EDGEPLAN_DYN_RATE_LIMIT', () => {
  it('is a whole number of requests per minute, or unset', () => {
    expect(dynRateLimitFromEnv({ EDGEPLAN_DYN_RATE_LIMIT: ' 150 ' })).toBe(150);
    expect(dynRateLimitFromEnv({ EDGEPLAN_DYN_RATE_LIMIT: '' })).toBeUndefined();
    expect(dynRateLimitFromEnv({})).toBeUndefined();
    for (const bad of ['0', '1.5', '-3', 'fast', '300/min']) {
      expect(() => dynRateLimitFromEnv({ EDGEPLAN_DYN_RATE_LIMIT: bad }), bad).toThrow(
        'DNS service configuration: not usable: EDGEPLAN_DYN_RATE_LIMIT (a whole number of requests per minute, at least 1)',
      );
    }
  });

  it('is reported with every other problem of the DNS configuration', () => {
    const env = { ...FULL, EDGEPLAN_DYN_URL: 'api.dynect.net', EDGEPLAN_DYN_RATE_LIMIT: 'fast' };
    expect(() => dynConfigFromEnv(env)).toThrow(
      'not usable: EDGEPLAN_DYN_URL (an http(s) URL), ' +
        'EDGEPLAN_DYN_RATE_LIMIT (a whole number of requests per minute, at least 1)',
    );
  });
});

describe('createDynProvider', () => {
  it('refuses a URL with credentials given to it directly, without sending or showing them', () => {
    const attempt = () =>
      createDynProvider({ ...dynConfigFromEnv(FULL), url: 'https://ops:url-Pass-1@dyn.test/REST' });
    expect(attempt).toThrow(
      "credentials in a service URL are refused: https://***@dyn.test/REST; give them in the provider's own options",
    );
    expect(attempt).not.toThrow(/url-Pass-1/);
    expect(attempt).toThrow(expect.objectContaining({ code: 'EP1908', name: 'ServiceUrlError' }));
  });
});

describe('verbose log of the provider', () => {
  it('shows each request and response but neither the password nor the session token', async () => {
    mockLogin();
    authed('get', '/Zone/').query({ detail: 'Y' }).reply(200, ok([]));
    const { provider, logs } = testProvider();
    await provider.readZones(['a.test']);
    const text = logs.join('\n');
    expect(logs.filter((line) => line.startsWith('http '))).toHaveLength(4);
    expect(text).toContain('POST /REST/Session/');
    expect(text).toContain('GET /REST/Zone/?detail=Y');
    expect(text).toContain('"Auth-Token":"***"');
    expect(text).toContain('"password":"***"');
    expect(text).not.toContain('s3cret-pw');
    expect(text).not.toContain(TOKEN);
  });
});
