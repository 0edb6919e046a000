/**
 * The WAF writer waiting: the change-status polls (backoff, the bound on waiting, what each poll logs, a poll that
 * fails or does not parse) and a plan's cache purge, executed as its own op. Each test lists exactly the requests
 * made (nock guard); sleeping advances the fake clock.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  type PurgeCacheOp,
  WafApiError,
  WafChangeTimeoutError,
  WafPurgeLimitError,
  WafWireError,
} from '../../../src/providers/waf/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import {
  API,
  api,
  BULK,
  bots,
  CHANGE,
  GOOD_BOTS,
  GOOD_BOTS_READ,
  mockToken,
  OP,
  ORIGIN,
  rate,
  TOKEN,
  testProvider,
  WEBAPP,
} from './waf-fixtures.js';

useNockGuard();

const STATUS = `/webapps/${WEBAPP}/changes/${CHANGE}`;
const started = () => api('put', GOOD_BOTS, BULK).reply(202, { change_id: CHANGE }, rate(498));

describe('WAF writer: polling a change', () => {
  it('polls with backoff up to 5 s, logging each wait, until the bound; a poll due past it is not sent', async () => {
    mockToken();
    started();
    // Polled at 1, 3, 7, 12 and 17 s: the last falls exactly on the bound, the next would pass it.
    api('get', STATUS).times(5).reply(200, { status: 'in_progress' }, rate(497));
    const { provider, sleeps, logs } = testProvider({ changeTimeoutMs: 17_000 });
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafChangeTimeoutError);
    expect((error as Error).message).toBe(`webapp shop: change ${CHANGE} still in_progress after 17 s`);
    expect(sleeps).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(logs.filter((line) => line.startsWith('debug waf: change')).slice(0, 2)).toEqual([
      `debug waf: change ${CHANGE} of shop is pending; polling in 1000 ms`,
      `debug waf: change ${CHANGE} of shop is in_progress; polling in 2000 ms`,
    ]);
  });

  it('a bound shorter than the first poll gives up at once: the change is still pending', async () => {
    mockToken();
    started();
    const { provider, sleeps } = testProvider({ changeTimeoutMs: 500 });
    await expect(provider.execute(OP)).rejects.toThrow(
      `webapp shop: change ${CHANGE} still pending after 0 s`,
    );
    expect(sleeps).toEqual([]);
  });

  it('repeats a poll answered 503 (a read), and goes on when the change finished', async () => {
    mockToken();
    started();
    api('get', STATUS).reply(503, { error: 'unavailable' }, rate(497));
    api('get', STATUS).reply(200, { status: 'finished' }, rate(496));
    api('get', GOOD_BOTS_READ).reply(200, bots({ bing: true }), rate(495));
    const { provider } = testProvider();
    await provider.execute(OP);
  });

  it('a poll refused (404) fails the step naming the request; the PUT is not sent again', async () => {
    mockToken();
    started();
    api('get', STATUS).reply(404, { error: 'not_found', error_description: 'no such change' }, rate(497));
    const { provider } = testProvider();
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafApiError);
    expect((error as Error).message).toBe(`GET /api/v3${STATUS}: 404 no such change`);
  });

  it('refuses a PUT answer without a change id, and a poll answer with an unknown status, naming the request', async () => {
    mockToken();
    api('put', GOOD_BOTS, BULK).reply(202, { status: 'pending' }, rate(498));
    const first = await testProvider()
      .provider.execute(OP)
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(WafWireError);
    expect((first as Error).message).toMatch(
      new RegExp(
        `^webapp shop: PUT /api/v3${GOOD_BOTS}: unexpected response from the WAF service: change_id`,
      ),
    );
    mockToken();
    started();
    api('get', STATUS).reply(200, { status: 'done' }, rate(497));
    const second = await testProvider()
      .provider.execute(OP)
      .catch((e: unknown) => e);
    expect(second).toBeInstanceOf(WafWireError);
    expect((second as Error).message).toMatch(
      new RegExp(`^webapp shop: GET /api/v3${STATUS}: unexpected response from the WAF service: status`),
    );
  });
});

const PURGE_OP = {
  kind: 'purge-cache',
  webappId: WEBAPP,
  webapp: 'shop',
  paths: ['/a'],
} satisfies PurgeCacheOp;
const purgeCall = () =>
  nock(ORIGIN)
    .post(`${API}/webapps/${WEBAPP}/purge_cache`, { purge_resources: ['/a'] })
    .matchHeader('authorization', `Bearer ${TOKEN}`);

describe('WAF writer: a plan purge-cache op', () => {
  it('purges the webapp by id and waits for its task; a purge answer that left none stops the next op unsent', async () => {
    mockToken();
    purgeCall().reply(202, { task_id: 't-1' }, rate(0, 600, 20));
    api('get', '/webapps/tasks/t-1').reply(200, { status: 'finished' }, rate(497));
    const { provider, sleeps } = testProvider();
    await provider.execute(PURGE_OP);
    expect(sleeps).toEqual([1000]);
    // No purge is mocked: the second op fails before sending, its reset told by the provider's clock.
    const error = await provider.execute(PURGE_OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafPurgeLimitError);
    expect((error as Error).message).toContain('it resets in 9 min 59 s, at 22:23 UTC');
  });

  it('waits for the purge task no longer than the change bound', async () => {
    mockToken();
    purgeCall().reply(202, { task_id: 't-1' }, rate(19, 3600, 20));
    api('get', '/webapps/tasks/t-1').reply(200, { status: 'in_progress' }, rate(497));
    const { provider } = testProvider({ changeTimeoutMs: 2500 });
    await expect(provider.execute(PURGE_OP)).rejects.toThrow(
      'webapp shop: purge task t-1 not finished after 1 s',
    );
  });
});
