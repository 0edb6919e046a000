import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../../../src/emulator/index.js';
import { closeStartedEmulators } from '../../support/emulator.js';
import { SEED, SHOP_ID, startWaf, type WafHarness } from './helpers.js';

// Time budget: ten times its slowest test (0.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: WafHarness;
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

const PURGE = `/api/v3/webapps/${SHOP_ID}/purge_cache`;

describe('WAF emulator: cache purge (proposed call)', () => {
  it('answers 202 with a task that goes pending → in_progress → finished, the purge bucket in the headers', async () => {
    h = await startWaf(SEED, { changes: { pendingMs: 100, runMs: 100 } });
    const token = await h.token();
    const purge = await h.call('POST', PURGE, {
      token,
      body: { purge_resources: ['/index.html', '/img/a.png'] },
    });
    expect(purge.status).toBe(202);
    expect(purge.headers['x-ratelimit-limit']).toBe('20');
    expect(purge.headers['x-ratelimit-remaining']).toBe('19');
    const { task_id, status } = purge.body as { task_id: string; status: string };
    expect(status).toBe('pending');
    const task = async () =>
      (await h.call('GET', `/api/v3/webapps/tasks/${task_id}`, { token })).body as { status: string };
    expect(await task()).toMatchObject({ status: 'pending', purge_resources: ['/index.html', '/img/a.png'] });
    h.clock.advance(150);
    expect((await task()).status).toBe('in_progress');
    h.clock.advance(100);
    expect((await task()).status).toBe('finished');
    // Other calls keep reporting the 500-an-hour window.
    const list = await h.call('GET', '/api/v3/company/webapps', { token });
    expect(list.headers['x-ratelimit-limit']).toBe('500');
  });

  it('purges everything without paths (query form too), refuses bad paths, 404 for an unknown webapp or task', async () => {
    h = await startWaf();
    const token = await h.token();
    expect((await h.call('POST', PURGE, { token })).status).toBe(202);
    const query = await h.call('POST', `${PURGE}?purge_resources[]=/a&purge_resources[]=/b`, { token });
    const taskId = (query.body as { task_id: string }).task_id;
    const task = await h.call('GET', `/api/v3/webapps/tasks/${taskId}`, { token });
    expect((task.body as { purge_resources: string[] }).purge_resources).toEqual(['/a', '/b']);
    const bad = await h.call('POST', PURGE, { token, body: { purge_resources: ['/ok', ''] } });
    expect([bad.status, (bad.body as { errors: unknown }).errors]).toEqual([
      422,
      { purge_resources: ['each path must be a non-empty string without spaces'] },
    ]);
    expect((await h.call('POST', `/api/v3/webapps/${'f'.repeat(32)}/purge_cache`, { token })).status).toBe(
      404,
    );
    expect((await h.call('GET', '/api/v3/webapps/tasks/nope', { token })).status).toBe(404);
    expect((await h.call('GET', PURGE, { token })).status).toBe(405);
  });

  it('refuses the purge beyond the bucket with 429 and the bucket in the headers; the window resets', async () => {
    h = await startWaf(SEED, { purgeLimit: { limit: 2, windowSeconds: 3600 } });
    const token = await h.token();
    expect((await h.call('POST', PURGE, { token })).status).toBe(202);
    expect((await h.call('POST', PURGE, { token })).status).toBe(202);
    const spent = await h.call('POST', PURGE, { token });
    expect([spent.status, spent.headers['x-ratelimit-remaining'], spent.headers['retry-after']]).toEqual([
      429,
      '0',
      '3600',
    ]);
    h.clock.advance(3_600_000);
    expect((await h.call('POST', PURGE, { token: await h.token() })).status).toBe(202);
  });

  it('keeps the window in the account: the snapshot carries it, and an emulator started from it refuses alike', async () => {
    h = await startWaf(SEED, { purgeLimit: { limit: 2, windowSeconds: 3600 } });
    expect(h.emulator.snapshot().waf).not.toHaveProperty('purge_bucket');
    await h.call('POST', PURGE, { token: await h.token() });
    h.clock.advance(60_000);
    await h.call('POST', PURGE, { token: await h.token() });
    const saved = h.emulator.snapshot();
    expect(saved.waf?.purge_bucket).toEqual({ window_started_at: '2026-01-01T00:00:00.000Z', used: 2 });
    await h.close();

    h = await startWaf(saved, { purgeLimit: { limit: 2, windowSeconds: 3600 } });
    const spent = await h.call('POST', PURGE, { token: await h.token() });
    expect([spent.status, spent.headers['x-ratelimit-reset']]).toEqual([429, '3600']);
    h.clock.advance(3_600_000);
    expect((await h.call('POST', PURGE, { token: await h.token() })).status).toBe(202);
    expect(h.emulator.snapshot().waf?.purge_bucket).toEqual({
      window_started_at: '2026-01-01T01:00:00.000Z',
      used: 1,
    });
  });

  it('refuses a purge bucket in a seed that is not a window', () => {
    const bad = { waf: { purge_bucket: { window_started_at: 'yesterday', used: -1 } } };
    expect(() => createEmulator({ seed: bad })).toThrowError(
      /waf\.purge_bucket\.window_started_at: .*\n.*waf\.purge_bucket\.used: /,
    );
  });
});
