import { describe, expect, it, vi } from 'vitest';
import { authed, mockLogin, ok, testProvider } from '../helpers/dyn-fixtures.js';
import { useNockGuard } from '../helpers/nock-guard.js';

// Time budget: ten times its slowest test (2.3 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

useNockGuard();

/**
 * docs/operations.md, "Rate limits": without `--dns-rate-limit` and without `X-RateLimit-*` headers (the real DNS API sends
 * none), the client paces to the service's documented 300 requests a minute per account. The clock stands still
 * and `sleep` returns at once, so the only sleeps are the scheduler's waits.
 */
describe('the default DNS budget: 300 requests a minute', () => {
  it('sends 300 requests (the login included) in a window, then waits for the next one before the 301st', async () => {
    const sleeps: number[] = [];
    const { provider } = testProvider({
      rateLimit: undefined,
      now: () => 1_000_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    expect(provider.rateBudget()).toEqual({ limit: 300, windowMs: 60_000 });
    mockLogin();
    authed('get', '/Zone/').times(300).reply(200, ok([]));
    const read = () => provider.client.call('GET', '/Zone/', undefined, { retryable: 'idempotent' });
    for (let i = 0; i < 299; i++) await read();
    expect(sleeps).toEqual([]);
    await read();
    // The 301st request of the window (login + 300 reads) waits for the window to end: one minute after the
    // first answer, the latest the service's window (begun by the login) can end.
    expect(sleeps).toEqual([60_000]);
  });

  it('is replaced by the share the user sets (--dns-rate-limit)', () => {
    const { provider } = testProvider({ rateLimit: { limit: 120, windowMs: 60_000 } });
    expect(provider.rateBudget()).toEqual({ limit: 120, windowMs: 60_000 });
  });
});
