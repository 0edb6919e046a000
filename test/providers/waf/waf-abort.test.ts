/**
 * The WAF client's abort signal, the one the DNS clients take (services.ts aborts it on SIGINT/SIGTERM and when the
 * command ends): reads not yet sent are refused, a read in flight and a rate-limit wait are abandoned; the writer's
 * calls, made with `cancellable: false`, go on. Each test lists exactly the requests made (nock guard).
 */
import { describe, expect, it } from 'vitest';
import { RequestAbortedError } from '../../../src/providers/http/errors.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import { api, BOT, bots, mockToken, rate, testProvider, WEBAPP } from './waf-fixtures.js';

useNockGuard();

const LIST = '/company/webapps?page=1&per_page=100';
const OTHER = 'd'.repeat(32);
const webapp = (id: string, name: string) => ({ id, name, domain: `${name}.test`, status: 'active' });

describe('WAF reads and the abort signal', () => {
  it('refuses a read once aborted, sending nothing; a call made with cancellable: false goes on', async () => {
    mockToken();
    api('get', LIST).reply(200, [webapp(WEBAPP, 'shop')], rate(498));
    api('put', `/webapps/${WEBAPP}/good_bots`).reply(200, bots({ google: true }), rate(497));
    const stop = new AbortController();
    const { provider } = testProvider({ signal: stop.signal });
    await provider.client.call({ method: 'GET', path: LIST, retryable: 'idempotent' });
    stop.abort('SIGINT');
    const refused = await provider.readWaf(['shop']).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestAbortedError);
    expect((refused as Error).message).toBe(`GET /api/v3${LIST}: stopped (SIGINT)`);
    await provider.client.call({
      method: 'PUT',
      path: `/webapps/${WEBAPP}/good_bots`,
      body: [{ id: BOT.google, enabled: true }],
      retryable: 'non-idempotent',
      cancellable: false,
    });
  });

  it('abandons the read in flight and sends none of the reads after it', async () => {
    const stop = new AbortController();
    mockToken();
    api('get', LIST).reply(200, [webapp(WEBAPP, 'shop'), webapp(OTHER, 'blog')], rate(498));
    // The signal comes while the first webapp's bots are being read; the second webapp's are never asked for.
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(() => {
      stop.abort('SIGTERM');
      return [200, bots({}), rate(497)];
    });
    const { provider } = testProvider({ signal: stop.signal, concurrency: 1 });
    const error = await provider.readWaf(['shop', 'blog']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ reason: 'SIGTERM' });
  });

  it('cuts short a wait for the rate-limit window, then sends nothing', async () => {
    const stop = new AbortController();
    mockToken();
    // No requests left for 600 s: the next read waits for the window (a wait that never ends by itself here).
    api('get', LIST).reply(200, [webapp(WEBAPP, 'shop')], rate(0, 600));
    let waiting: () => void = () => {};
    const waited = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const { provider } = testProvider({
      signal: stop.signal,
      maxRateLimitWaitMs: 3_600_000,
      sleep: () => {
        waiting();
        return new Promise<void>(() => {});
      },
    });
    const read = provider.readWaf(['shop']).catch((e: unknown) => e);
    await waited;
    stop.abort('SIGINT');
    expect(await read).toBeInstanceOf(RequestAbortedError);
  });
});
