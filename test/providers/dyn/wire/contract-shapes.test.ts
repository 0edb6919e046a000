import { describe, expect, it } from 'vitest';
import { DynApiError } from '../../../../src/providers/dyn/index.js';
import { authed, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

/** Where the API contract and the live service answer differently, the client takes both. */
describe('Dyn client: contract and live shapes', () => {
  it('reads ERR_CD "" (the contract) like null (the live service): no error code', async () => {
    mockLogin();
    authed('get', '/Zone/example.com/').reply(400, {
      status: 'failure',
      data: {},
      job_id: 7,
      msgs: [{ INFO: 'zone: refused without a code', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' }],
    });
    const { provider } = testProvider();
    const error = await provider.client
      .call('GET', '/Zone/example.com/', undefined, { retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynApiError);
    expect((error as DynApiError).errCode).toBeNull();
    expect((error as DynApiError).message).toBe(
      'GET /REST/Zone/example.com/: 400 failure zone: refused without a code',
    );
  });

  it('takes `incomplete` with a job id and ERR_CD "" messages as a job to poll, not a failure', async () => {
    mockLogin();
    authed('put', '/Zone/example.com/', { publish: true }).reply(200, {
      status: 'incomplete',
      data: null,
      job_id: 4242,
      msgs: [{ INFO: 'publish: queued', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' }],
    });
    authed('get', '/Job/4242/').reply(200, ok({ zone: 'example.com', serial: 2 }));
    const { provider } = testProvider();
    const data = await provider.client.call(
      'PUT',
      '/Zone/example.com/',
      { publish: true },
      { retryable: 'idempotent' },
    );
    expect(data).toEqual({ zone: 'example.com', serial: 2 });
  });
});
