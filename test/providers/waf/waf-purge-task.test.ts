/**
 * The cache purge's edges: the purge bucket at its bounds (one purge left, the reset's exact moment, a part of a
 * second), the task's polls (backoff, the bound on waiting, a failed or unreadable task, a poll answered 503), a
 * purge due after an interrupt, and the names offered for an unknown webapp. Each test lists exactly the
 * requests made (nock guard).
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { RequestAbortedError } from '../../../src/providers/http/errors.js';
import { WafPurgeTimeoutError } from '../../../src/providers/waf/errors.js';
import { WafApiError, WafWireError } from '../../../src/providers/waf/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import { API, api, mockToken, ORIGIN, rate, TOKEN, testProvider, WEBAPP } from './waf-fixtures.js';

useNockGuard();

const TASK = '/webapps/tasks/t-1';
const purgeCall = () =>
  nock(ORIGIN)
    .post(`${API}/webapps/${WEBAPP}/purge_cache`, {})
    .matchHeader('authorization', `Bearer ${TOKEN}`);
const listing = (webapps = [{ id: WEBAPP, name: 'shop' }]) =>
  api('get', '/company/webapps?page=1&per_page=100').reply(200, webapps, rate(498));
const accepted = (remaining = 19, reset = 3600) =>
  purgeCall().reply(202, { task_id: 't-1' }, rate(remaining, reset, 20));

describe('WAF purge: the bucket at its bounds', () => {
  it('sends the next purge while one is left, and again at the exact moment the bucket resets', async () => {
    mockToken();
    listing();
    accepted(1, 600);
    api('get', TASK).reply(200, { status: 'finished' }, rate(497));
    const { provider, clock } = testProvider();
    await provider.purge(WEBAPP, []);
    expect(provider.purgeWindow()).toEqual({ limit: 20, remaining: 1, resetAtMs: clock.now() + 599_000 });
    listing();
    accepted(0, 600);
    api('get', TASK).reply(200, { status: 'finished' }, rate(495));
    await provider.purge(WEBAPP, []);
    // 600 s after that answer, to the millisecond, the bucket is whole again: the documented limit is all it knows.
    clock.advance(599_000);
    expect(provider.purgeWindow()).toEqual({ limit: 20, remaining: 20, resetAtMs: 0 });
    listing();
    accepted(19, 3600);
    api('get', TASK).reply(200, { status: 'finished' }, rate(493));
    await provider.purge(WEBAPP, []);
  });

  it('counts a part of a second left to the reset as a whole second', async () => {
    mockToken();
    listing();
    accepted(0, 600);
    api('get', TASK).reply(200, { status: 'finished' }, rate(497));
    const { provider, clock } = testProvider();
    await provider.purge(WEBAPP, []);
    clock.advance(598_500);
    listing();
    const error = await provider.purge(WEBAPP, []).catch((e: unknown) => e);
    expect(error).toMatchObject({ how: 'known', message: expect.stringContaining('it resets in 1 s') });
  });
});

describe('WAF purge: answers without the bucket', () => {
  it('knows only the documented limit before any purge, and after a purge answer without rate headers', async () => {
    mockToken();
    listing();
    purgeCall().reply(202, { task_id: 't-1' });
    api('get', TASK).reply(200, { status: 'finished' }, rate(497));
    const { provider } = testProvider();
    expect(provider.purgeWindow()).toEqual({ limit: 20, remaining: 20, resetAtMs: 0 });
    expect((await provider.purge(WEBAPP, [])).bucket).toBeNull();
    expect(provider.purgeWindow()).toEqual({ limit: 20, remaining: 20, resetAtMs: 0 });
  });
});

describe('WAF purge: the task', () => {
  it('polls with backoff up to 5 s until the bound; a poll due past it is not sent', async () => {
    mockToken();
    listing();
    accepted();
    // Polled at 1, 3, 7, 12 and 17 s: the last falls exactly on the bound.
    api('get', TASK).times(5).reply(200, { status: 'in_progress' }, rate(497));
    const { provider, sleeps } = testProvider({ changeTimeoutMs: 17_000 });
    const refused = await provider.purge(WEBAPP, []).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WafPurgeTimeoutError);
    expect(refused).toMatchObject({
      code: 'EP2211',
      message: 'webapp shop: purge task t-1 not finished after 17 s',
      waitedMs: 17_000,
    });
    expect(sleeps).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('a failed task is a WafApiError naming the task; a poll answered 503 is repeated first', async () => {
    mockToken();
    listing();
    accepted();
    api('get', TASK).reply(503, { error: 'unavailable' }, rate(497));
    api('get', TASK).reply(200, { status: 'failed' }, rate(496));
    const error = await testProvider()
      .provider.purge(WEBAPP, [])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafApiError);
    expect((error as Error).message).toBe(`GET /api/v3${TASK}: 200 purge task t-1 failed`);
  });

  it('refuses a purge answer without a task id, and a task answer without a status, naming the request', async () => {
    mockToken();
    listing();
    purgeCall().reply(202, { status: 'pending' }, rate(19, 3600, 20));
    await expect(testProvider().provider.purge(WEBAPP, [])).rejects.toThrow(
      new RegExp(`^webapp shop: POST /api/v3/webapps/${WEBAPP}/purge_cache: unexpected response .*task_id`),
    );
    mockToken();
    listing();
    accepted();
    api('get', TASK).reply(200, { state: 'done' }, rate(497));
    const error = await testProvider()
      .provider.purge(WEBAPP, [])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafWireError);
    expect((error as Error).message).toMatch(
      new RegExp(`^webapp shop: GET /api/v3${TASK}: unexpected response`),
    );
  });

  it('after an interrupt the purge call itself is still sent (not cancellable); the wait for its task is not', async () => {
    const stop = new AbortController();
    mockToken();
    listing();
    accepted();
    api('get', TASK).reply(200, { status: 'finished' }, rate(497));
    const { provider } = testProvider({ signal: stop.signal });
    await provider.purge(WEBAPP, []);
    stop.abort('SIGINT');
    accepted();
    const op = { kind: 'purge-cache', webappId: WEBAPP, webapp: 'shop', paths: [] };
    const error = await provider.execute(op).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as Error).message).toBe(`GET /api/v3${TASK}: stopped (SIGINT)`);
  });
});

describe('WAF purge: an unknown webapp', () => {
  it('offers every close name the account has', async () => {
    mockToken();
    listing([
      { id: WEBAPP, name: 'shop' },
      { id: 'd'.repeat(32), name: 'shops' },
    ]);
    await expect(testProvider().provider.purge('shp', [])).rejects.toThrow(
      /^webapp "shp" does not exist in the WAF account \(did you mean shop or shops\?\); nothing was purged$/,
    );
  });
});
