import { describe, expect, it } from 'vitest';
import { DynApiError, DynJobLostError, DynJobTimeoutError } from '../../../../src/providers/dyn/index.js';
import { RequestRefusedError } from '../../../../src/providers/http/errors.js';
import { authed, failure, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const incomplete = (jobId: number | string) => ({ status: 'incomplete', data: null, job_id: jobId });

describe('DynClient jobs', () => {
  it('follows a 307 to the job Location with the session token', async () => {
    mockLogin();
    authed('put', '/Zone/a.test/', { publish: true }).reply(307, '/REST/Job/77/', {
      Location: '/REST/Job/77/',
      'Content-Type': 'text/html',
    });
    authed('get', '/Job/77/').reply(200, ok({ zone: 'a.test', serial: 2 }));
    const { provider, delays } = testProvider();
    const data = await provider.client.call(
      'PUT',
      '/Zone/a.test/',
      { publish: true },
      { retryable: 'idempotent' },
    );
    expect(data).toEqual({ zone: 'a.test', serial: 2 });
    expect(delays).toEqual([1000]);
  });

  it('takes the job path from the body when a 307 has no Location', async () => {
    mockLogin();
    authed('get', '/Zone/').reply(307, '/REST/Job/78/');
    authed('get', '/Job/78/').reply(200, ok([]));
    const { provider } = testProvider();
    expect(await provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' })).toEqual([]);
  });

  it('polls /Job/<id>/ on 200 incomplete, backing off, until the job ends', async () => {
    mockLogin();
    authed('get', '/AllRecord/a.test/').query({ detail: 'Y' }).reply(200, incomplete(966935380));
    authed('get', '/Job/966935380/').reply(200, incomplete(966935380));
    authed('get', '/Job/966935380/').reply(307, '', { Location: '/REST/Job/966935380/' });
    authed('get', '/Job/966935380/').reply(200, ok({ a_records: [] }));
    const { provider, delays } = testProvider();
    const data = await provider.client.call('GET', '/AllRecord/a.test/?detail=Y', undefined, {
      retryable: 'idempotent',
    });
    expect(data).toEqual({ a_records: [] });
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('attributes a failed job to the original request', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, incomplete('5'));
    authed('get', '/Job/5/').reply(
      200,
      failure('TARGET_EXISTS', 'make: Cannot duplicate existing record data', 'DYN'),
    );
    const { provider } = testProvider();
    const error = await provider.client
      .call(
        'POST',
        '/ARecord/a.test/www.a.test/',
        { rdata: { address: '1.2.3.4' }, ttl: 60 },
        { retryable: 'non-idempotent' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).toMatchObject({
      method: 'POST',
      path: '/REST/ARecord/a.test/www.a.test/',
      errCode: 'TARGET_EXISTS',
    });
  });

  it('gives up with DynJobTimeoutError after the bounded wait', async () => {
    mockLogin();
    authed('get', '/Zone/').reply(200, incomplete(9));
    authed('get', '/Job/9/').times(2).reply(200, incomplete(9));
    const { provider, delays } = testProvider({ jobTimeoutMs: 5000 });
    const error = await provider.client
      .call('GET', '/Zone/', undefined, { retryable: 'idempotent' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(DynJobTimeoutError);
    expect(error).toMatchObject({ method: 'GET', path: '/REST/Zone/', waitedMs: 3000 });
    expect(delays).toEqual([1000, 2000]);
  });

  it('shows a job Location with a user name and password only with them as ***, in errors and in the log', async () => {
    const location = 'https://ops:job-Pass-1@dyn.test/REST/Job/5/';
    mockLogin();
    authed('get', '/Zone/').reply(307, location, { Location: location });
    const early = testProvider({ jobTimeoutMs: 500 });
    const timeout = await early.provider.client
      .call('GET', '/Zone/', undefined, { retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(DynJobTimeoutError);
    expect(timeout).toMatchObject({
      jobPath: 'https://***@dyn.test/REST/Job/5/',
      message: 'GET /REST/Zone/: job https://***@dyn.test/REST/Job/5/ not finished after 0 s',
    });

    // Polling it is refused unsent (EP2006: a URL with credentials): the log line and the error show it redacted.
    mockLogin();
    authed('get', '/Zone/').reply(307, location, { Location: location });
    const { provider, logs } = testProvider();
    const failed = await provider.client
      .call('GET', '/Zone/', undefined, { retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(RequestRefusedError);
    expect(failed).toMatchObject({ code: 'EP2006' });
    expect(logs).toContain(
      'dyn: GET /REST/Zone/ is a job; polling https://***@dyn.test/REST/Job/5/ in 1000ms',
    );
    for (const text of [...logs, (failed as Error).message]) expect(text).not.toMatch(/job-Pass-1|ops:/);

    const lost = new DynJobLostError('GET', '/REST/Zone/', location, { cause: new Error('job: not found') });
    expect(lost).toMatchObject({
      jobPath: 'https://***@dyn.test/REST/Job/5/',
      message:
        'GET /REST/Zone/: its job https://***@dyn.test/REST/Job/5/ could not be read (job: not found); ' +
        'the outcome is unknown',
    });
  });

  it('treats the job-running error (status incomplete with an ERR_CD) as a failure, not a job', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .times(6)
      .reply(400, {
        status: 'incomplete',
        data: null,
        job_id: 12,
        msgs: [
          {
            INFO: 'token: This session already has a job running',
            SOURCE: 'API-B',
            ERR_CD: 'OPERATION_FAILED',
            LVL: 'ERROR',
          },
        ],
      });
    const { provider } = testProvider();
    // Not polled as a job: a busy refusal, waited out (busy.ts) and finally given up on.
    await expect(
      provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' }),
    ).rejects.toMatchObject({
      name: 'DynBusyError',
      reason: 'job-running',
      cause: { errCode: 'OPERATION_FAILED', status: 'incomplete' },
    });
  });
});
