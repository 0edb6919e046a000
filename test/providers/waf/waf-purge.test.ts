import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { WafPurgeLimitError } from '../../../src/providers/waf/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import { API, api, mockToken, ORIGIN, rate, TOKEN, testProvider, UA, WEBAPP } from './waf-fixtures.js';

useNockGuard();

const purgeCall = (body: unknown) =>
  nock(ORIGIN)
    .post(`${API}/webapps/${WEBAPP}/purge_cache`, body as nock.RequestBodyMatcher)
    .matchHeader('authorization', `Bearer ${TOKEN}`)
    .matchHeader('user-agent', UA);
const listing = () =>
  api('get', '/company/webapps?page=1&per_page=100').reply(200, [{ id: WEBAPP, name: 'shop' }], rate(498));

describe('WAF cache purge (client)', () => {
  it('resolves the webapp by name, purges the paths, polls the task until finished, reports the purge bucket', async () => {
    mockToken();
    listing();
    purgeCall({ purge_resources: ['/a', '/b'] }).reply(
      202,
      { task_id: 't-1', status: 'pending' },
      rate(17, 1800, 20),
    );
    api('get', '/webapps/tasks/t-1').reply(200, { status: 'in_progress' }, rate(497));
    api('get', '/webapps/tasks/t-1').reply(200, { status: 'finished' }, rate(496));
    const { provider, sleeps: delays } = testProvider();
    const result = await provider.purge('Shop', ['/a', '/b']);
    expect(result).toEqual({
      webapp: { id: WEBAPP, name: 'shop' },
      taskId: 't-1',
      bucket: { limit: 20, remaining: 17, resetSeconds: 1800 },
    });
    expect(delays).toEqual([1000, 2000]);
    // The purge answer's headers describe the purge bucket, not the 500-an-hour window.
    expect(provider.rateLimit()).toMatchObject({ limit: 500, remaining: 496 });
  });

  it('purges the whole cache with no paths; a spent bucket (429) is one error, not waited out or repeated', async () => {
    mockToken();
    listing();
    purgeCall({}).reply(
      429,
      { error: 'rate_limit_exceeded', error_description: 'Purge limit exceeded' },
      {
        ...rate(0, 1500, 20),
        'Retry-After': '1500',
      },
    );
    const { provider, sleeps: delays } = testProvider();
    const purge = provider.purge(WEBAPP, []);
    await expect(purge).rejects.toBeInstanceOf(WafPurgeLimitError);
    await expect(purge).rejects.toThrow(
      'the WAF cache-purge limit (20 purges an hour) is spent: the service refused the purge (HTTP 429), nothing ' +
        'was purged; it resets in 25 min, at 22:38 UTC',
    );
    expect(delays).toEqual([]);
  });

  it('a purge answer of this run that left none refuses the next purge before sending it, until its reset', async () => {
    mockToken();
    listing();
    purgeCall({}).reply(202, { task_id: 't-1', status: 'pending' }, rate(0, 600, 20));
    api('get', '/webapps/tasks/t-1').reply(200, { status: 'finished' }, rate(497));
    const { provider, clock } = testProvider();
    await provider.purge(WEBAPP, []);
    listing();
    // No purge call is mocked: sending one would fail the test on the unmatched request.
    await expect(provider.purge(WEBAPP, ['/a'])).rejects.toThrow(
      'the WAF cache-purge limit (20 purges an hour) is spent: a purge answer of this run left 0 of 20, so nothing ' +
        'was sent; it resets in 9 min 59 s, at 22:23 UTC',
    );
    clock.advance(600_000);
    listing();
    purgeCall({ purge_resources: ['/a'] }).reply(
      202,
      { task_id: 't-2', status: 'pending' },
      rate(19, 3600, 20),
    );
    api('get', '/webapps/tasks/t-2').reply(200, { status: 'finished' }, rate(495));
    expect((await provider.purge(WEBAPP, ['/a'])).bucket).toEqual({
      limit: 20,
      remaining: 19,
      resetSeconds: 3600,
    });
  });

  it('refuses an unknown webapp before any purge, with the closest names the account has', async () => {
    mockToken();
    listing();
    const { provider } = testProvider();
    await expect(provider.purge('blog', [])).rejects.toThrow(
      /^webapp "blog" does not exist in the WAF account; nothing was purged$/,
    );
    mockToken();
    listing();
    await expect(testProvider().provider.purge('shp', [])).rejects.toThrow(
      /^webapp "shp" does not exist in the WAF account \(did you mean shop\?\); nothing was purged$/,
    );
  });

  it('refuses a name several webapps share, asking for the id', async () => {
    mockToken();
    const twins = [
      { id: WEBAPP, name: 'shop' },
      { id: 'd'.repeat(32), name: 'Shop' },
    ];
    api('get', '/company/webapps?page=1&per_page=100').reply(200, twins, rate(498));
    await expect(testProvider().provider.purge('SHOP', [])).rejects.toThrow(
      /^webapp "SHOP" names 2 webapps of the WAF account: give its 32-hex id; nothing was purged$/,
    );
  });
});
