import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  DynApiError,
  DynJobLostError,
  DynLoginError,
  DynSessionClosedError,
  DynWireError,
} from '../../../../src/providers/dyn/index.js';
import { HttpError, RequestAbortedError } from '../../../../src/providers/http/errors.js';
import {
  authed,
  dyn,
  EXPIRED,
  failure,
  mockLogin,
  ok,
  PREFIX,
  TOKEN,
  testProvider,
} from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

describe('DynClient session', () => {
  it('logs in lazily, once, even for parallel first calls, and sends the token', async () => {
    mockLogin();
    authed('get', '/Zone/a.test/').reply(200, ok({ n: 1 }));
    authed('get', '/Zone/b.test/').reply(200, ok({ n: 2 }));
    const { provider } = testProvider();
    expect(provider.client.sessionGeneration).toBe(0);
    const results = await Promise.all([
      provider.client.call('GET', '/Zone/a.test/', undefined, { retryable: 'idempotent' }),
      provider.client.call('GET', '/Zone/b.test/', undefined, { retryable: 'idempotent' }),
    ]);
    expect(results).toEqual([{ n: 1 }, { n: 2 }]);
    expect(provider.client.sessionGeneration).toBe(1);
  });

  it('logs out once; close is idempotent; logout errors are swallowed', async () => {
    mockLogin();
    authed('delete', '/Session/').reply(500, 'oops');
    const { provider } = testProvider({ retry: { retries: 0 } });
    await provider.client.login();
    await provider.close();
    await provider.close();
  });

  it('never shows the password or the token when the client is inspected', async () => {
    mockLogin();
    const { provider } = testProvider();
    await provider.client.login();
    const shown = `${inspect(provider, { depth: 8 })}${inspect(provider.client, { depth: 8, showHidden: true })}`;
    expect(shown).not.toContain('s3cret-pw');
    expect(shown).not.toContain(TOKEN);
  });

  it('after close, sends nothing and opens no new session', async () => {
    mockLogin();
    authed('delete', '/Session/').reply(200, ok({}));
    const { provider } = testProvider();
    await provider.client.login();
    await provider.close();
    await expect(
      provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' }),
    ).rejects.toBeInstanceOf(DynSessionClosedError);
  });

  it('stops cancellable calls once its signal aborts, and still sends the others', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const stop = new AbortController();
    const { provider } = testProvider({ signal: stop.signal });
    await provider.client.login();
    stop.abort('SIGINT');
    await expect(
      provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' }),
    ).rejects.toBeInstanceOf(RequestAbortedError);
    await provider.client.call('DELETE', '/ZoneChanges/a.test/', undefined, {
      retryable: 'idempotent',
      cancellable: false,
    });
  });

  it('does not log out a session that never started', async () => {
    const { provider } = testProvider();
    await provider.close();
  });

  it('reports a failed login as DynLoginError without the password', async () => {
    dyn()
      .post(`${PREFIX}/Session/`)
      .reply(400, {
        status: 'failure',
        data: {},
        job_id: null,
        msgs: [
          {
            INFO: 'login: Credentials you entered did not match those in our database. Please try again',
            SOURCE: 'BLL',
            ERR_CD: 'INVALID_DATA',
            LVL: 'ERROR',
          },
          { INFO: 'login: Login failed', SOURCE: 'BLL', ERR_CD: null, LVL: 'INFO' },
        ],
      });
    const { provider, logs } = testProvider();
    const error = await provider.client.login().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynLoginError);
    expect(error).toMatchObject({
      httpStatus: 400,
      errCode: 'INVALID_DATA',
      method: 'POST',
      path: '/REST/Session/',
    });
    expect(String(error)).not.toContain('s3cret-pw');
    expect(JSON.stringify(error)).not.toContain('s3cret-pw');
    expect(logs.join('\n')).not.toContain('s3cret-pw');
    expect(provider.client.sessionGeneration).toBe(0);
  });

  it('refuses a successful login without a token', async () => {
    dyn()
      .post(`${PREFIX}/Session/`)
      .reply(200, ok({ version: '3.7.9' }));
    const { provider } = testProvider();
    await expect(provider.client.login()).rejects.toBeInstanceOf(DynWireError);
  });
});

describe('DynClient envelope', () => {
  it('turns a failure body into DynApiError with the first message and a readable message', async () => {
    mockLogin();
    authed('put', '/Zone/example.com/', { publish: true }).reply(
      400,
      failure('INVALID_DATA', 'zone: bad things', 'API-B'),
    );
    const { provider } = testProvider();
    const error = await provider.client
      .call('PUT', '/Zone/example.com/', { publish: true }, { retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).toMatchObject({
      httpStatus: 400,
      errCode: 'INVALID_DATA',
      info: 'zone: bad things',
      source: 'API-B',
      method: 'PUT',
      path: '/REST/Zone/example.com/',
      attempts: 1,
    });
    expect((error as DynApiError).messages).toHaveLength(2);
    expect((error as Error).message).toBe('PUT /REST/Zone/example.com/: 400 INVALID_DATA zone: bad things');
  });

  it('looks at the body status even when the HTTP status is 200', async () => {
    mockLogin();
    authed('get', '/Zone/x.test/').reply(200, failure('NOT_FOUND', 'zone: No such zone'));
    const { provider } = testProvider();
    const error = await provider.client
      .call('GET', '/Zone/x.test/', undefined, { retryable: 'idempotent' })
      .catch((e) => e);
    expect(error).toMatchObject({ httpStatus: 200, errCode: 'NOT_FOUND', isNotFound: true });
  });

  it('accepts an error body wrapped in an array (old quirk)', async () => {
    mockLogin();
    authed('get', '/Zone/x.test/').reply(404, [failure('NOT_FOUND', 'zone: No such zone')]);
    const { provider } = testProvider();
    await expect(
      provider.client.call('GET', '/Zone/x.test/', undefined, { retryable: 'idempotent' }),
    ).rejects.toMatchObject({ errCode: 'NOT_FOUND', httpStatus: 404 });
  });

  it('throws HttpError for a body that is no envelope (a proxy page)', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(502, '<html>Bad Gateway</html>');
    const { provider } = testProvider();
    const error = await provider.client
      .call(
        'POST',
        '/ARecord/a.test/www.a.test/',
        { rdata: { address: '1.2.3.4' }, ttl: 60 },
        { retryable: 'non-idempotent' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 502,
      attempts: 1,
      method: 'POST',
      path: '/REST/ARecord/a.test/www.a.test/',
    });
  });
});

describe('DynClient re-login', () => {
  it('logs in again once when the session expired, repeats the call and reports the renewal', async () => {
    mockLogin();
    authed('get', '/Zone/').reply(400, EXPIRED);
    mockLogin('token-2');
    authed('get', '/Zone/', undefined, 'token-2').reply(200, ok([]));
    const renewals: unknown[] = [];
    const { provider } = testProvider({ onSessionRenewed: (renewal) => renewals.push(renewal) });
    expect(await provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' })).toEqual([]);
    expect(provider.client.sessionGeneration).toBe(2);
    expect(renewals).toEqual([{ generation: 2, reason: 'login: Bad or expired credentials' }]);
  });

  it('logs in again at most three times for one call, then gives up with the refusal', async () => {
    mockLogin();
    authed('get', '/Zone/').reply(400, EXPIRED);
    for (const token of ['token-2', 'token-3', 'token-4']) {
      mockLogin(token);
      authed('get', '/Zone/', undefined, token).reply(
        400,
        failure('INVALID_DATA', 'login: inactivity logout'),
      );
    }
    const { provider } = testProvider();
    await expect(
      provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' }),
    ).rejects.toMatchObject({
      info: 'login: inactivity logout',
      isSessionExpired: true,
    });
    expect(provider.client.sessionGeneration).toBe(4);
  });

  it('shares one re-login between parallel calls that saw the same expired session', async () => {
    mockLogin();
    authed('get', '/Zone/a.test/').reply(400, EXPIRED);
    authed('get', '/Zone/b.test/').reply(400, EXPIRED);
    mockLogin('token-2');
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok('a'));
    authed('get', '/Zone/b.test/', undefined, 'token-2').reply(200, ok('b'));
    const { provider } = testProvider();
    await provider.client.login();
    const results = await Promise.all(
      ['a', 'b'].map((z) =>
        provider.client.call('GET', `/Zone/${z}.test/`, undefined, { retryable: 'idempotent' }),
      ),
    );
    expect(results).toEqual(['a', 'b']);
    expect(provider.client.sessionGeneration).toBe(2);
  });

  it('repeats a read whose job was lost with its session in a new session', async () => {
    mockLogin();
    authed('get', '/AllRecord/a.test/').reply(307, '/REST/Job/7/', { Location: '/REST/Job/7/' });
    authed('get', '/Job/7/').reply(400, EXPIRED);
    mockLogin('token-2');
    authed('get', '/AllRecord/a.test/', undefined, 'token-2').reply(200, ok({ a_records: [] }));
    const decisions: unknown[] = [];
    const { provider } = testProvider({ onDecision: (d) => decisions.push(d) });
    expect(
      await provider.client.call('GET', '/AllRecord/a.test/', undefined, { retryable: 'idempotent' }),
    ).toEqual({ a_records: [] });
    expect(decisions).toEqual([
      { symptom: 'job-307', decision: 'polled', request: 'GET /REST/AllRecord/a.test/' },
      { symptom: 'job-lost', decision: 'repeated', request: 'GET /AllRecord/a.test/' },
    ]);
  });

  it('does not repeat a write whose job was lost with its session, but logs in again for the next call', async () => {
    mockLogin();
    authed('put', '/Zone/a.test/').reply(200, { status: 'incomplete', data: null, job_id: 8 });
    authed('get', '/Job/8/').reply(400, EXPIRED);
    mockLogin('token-2');
    const { provider } = testProvider();
    const error = await provider.client
      .call('PUT', '/Zone/a.test/', { publish: true }, { retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynJobLostError);
    expect(error).toMatchObject({ sessionEnded: true });
    expect(provider.client.sessionGeneration).toBe(2);
  });

  it('uses the first token until told otherwise', async () => {
    mockLogin();
    authed('get', '/Zone/', undefined, TOKEN).times(2).reply(200, ok([]));
    const { provider } = testProvider();
    await provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' });
    await provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' });
  });
});
