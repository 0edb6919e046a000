import { describe, expect, it } from 'vitest';
import { DynBaseUrlError, DynLoginError } from '../../../src/providers/dyn/index.js';
import { HttpError } from '../../../src/providers/http/errors.js';
import { dyn, failure, ORIGIN, PREFIX, testProvider } from '../helpers/dyn-fixtures.js';
import { useNockGuard } from '../helpers/nock-guard.js';

useNockGuard();

/** A login answered 404 names a base address without `/REST` as the mistake, and leaves other 404s as they were. */

const login = (provider: ReturnType<typeof testProvider>['provider']) => provider.client.login();

describe('the DNS base address', () => {
  it('without /REST: a 404 page at the origin is DynBaseUrlError, with the address to set instead', async () => {
    dyn().post('/Session/').reply(404, '<html>Not Found</html>');
    const { provider } = testProvider({ url: ORIGIN, retry: { retries: 0 } });
    const error = await login(provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynBaseUrlError);
    expect((error as DynBaseUrlError).message).toBe(
      "the DNS API is not at https://dyn.test/: its login, POST /Session/, was answered 404. The API's base " +
        'address ends in /REST (https://dyn.test/REST): set EDGEPLAN_DYN_URL, or the url_env of the provider, to it',
    );
    expect((error as DynBaseUrlError).cause).toBeInstanceOf(HttpError);
  });

  it('under another path: a 404 envelope is DynBaseUrlError too', async () => {
    dyn().post('/api/Session/').reply(404, failure('NOT_FOUND', 'request: No such resource /Session/'));
    const { provider } = testProvider({ url: `${ORIGIN}/api/`, retry: { retries: 0 } });
    const error = await login(provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynBaseUrlError);
    expect((error as Error).message).toContain('(https://dyn.test/api/REST)');
  });

  it('with /REST: a 404 stays the login error it is, and other answers without /REST too', async () => {
    dyn().post(`${PREFIX}/Session/`).reply(404, failure('NOT_FOUND', 'request: No such resource'));
    const error = await login(testProvider({ retry: { retries: 0 } }).provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynLoginError);
    expect(error).not.toBeInstanceOf(DynBaseUrlError);
    dyn().post('/Session/').reply(400, failure('INVALID_DATA', 'login: bad credentials'));
    const refused = await login(testProvider({ url: ORIGIN, retry: { retries: 0 } }).provider).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DynLoginError);
  });
});
