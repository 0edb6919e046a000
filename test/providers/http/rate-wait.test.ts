import { getEventListeners } from 'node:events';
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientDecision } from '../../../src/providers/http/decisions.js';
import { RequestAbortedError } from '../../../src/providers/http/errors.js';
import { RequestScheduler } from '../../../src/providers/http/scheduler.js';
import { createHttpTransport, DEFAULT_TIMEOUT_MS } from '../../../src/providers/http/transport.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/**
 * Waiting for the rate window is time, not failure: an attempt's timeout runs from when it is sent, so a request
 * the scheduler holds for longer than the timeout is sent once and answered, and a run's signal carries one
 * listener however many requests wait on it.
 */

const ORIGIN = 'https://api.test';
useNockGuard();

const transports: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

/** A DNS scheduler of `limit` requests a minute, on the real or the faked clock (`Date`, `setTimeout`). */
function paced(limit: number) {
  const decisions: ClientDecision[] = [];
  const scheduler = new RequestScheduler({ windowMs: 60_000, limit, service: 'DNS' });
  const transport = createHttpTransport({
    baseUrl: `${ORIGIN}/REST`,
    scheduler,
    onDecision: (decision) => decisions.push(decision),
  });
  transports.push(transport);
  return { transport, decisions };
}

/** Answers `path` once with 200, noting the (fake) time it was sent. */
function answered(path: string, sent: Map<string, number>): void {
  nock(ORIGIN)
    .post(`/REST${path}`)
    .reply(() => {
      sent.set(path, Date.now());
      return [200, {}];
    });
}

describe('the attempt timeout and the rate window', () => {
  it('sends once, and answers, a request held by the rate window for twice the attempt timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const sent = new Map<string, number>();
    answered('/A/', sent);
    answered('/B/', sent);
    const { transport, decisions } = paced(1);
    // Writes a repeat could harm: a timeout would end them, not retry them.
    const first = transport.request({ method: 'POST', path: '/A/', body: {}, retryable: 'non-idempotent' });
    const second = transport.request({ method: 'POST', path: '/B/', body: {}, retryable: 'non-idempotent' });
    await expect(first).resolves.toMatchObject({ status: 200, attempts: 1 });
    const answeredAt = Date.now();
    // The window holds B 60 s after A's answer: past the 30 s timeout of an attempt, and no repeat either.
    await vi.advanceTimersByTimeAsync(2 * DEFAULT_TIMEOUT_MS);
    await expect(second).resolves.toMatchObject({ status: 200, attempts: 1 });
    expect(sent.get('/B/')).toBe(answeredAt + 60_000);
    expect(decisions).toEqual([]);
  });

  it('ends at once, unsent, a request its signal stops while the window holds it: its slot goes to the next', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const sent = new Map<string, number>();
    answered('/A/', sent);
    answered('/C/', sent);
    const { transport } = paced(1);
    await transport.request({ method: 'POST', path: '/A/', body: {}, retryable: 'non-idempotent' });
    const start = Date.now();
    const controller = new AbortController();
    const stopped = transport
      .request({
        method: 'POST',
        path: '/B/',
        body: {},
        retryable: 'non-idempotent',
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    const next = transport.request({ method: 'POST', path: '/C/', body: {}, retryable: 'non-idempotent' });
    controller.abort('SIGINT');
    const error = await stopped;
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(String(error)).toBe('RequestAbortedError: POST /REST/B/: stopped (SIGINT)');
    expect(Date.now()).toBe(start);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(next).resolves.toMatchObject({ status: 200, attempts: 1 });
    // B never reached the service (no mock answers it) and did not take the next window's one slot.
    expect(sent.get('/C/')).toBe(start + 60_000);
  });

  it("puts one listener on a run's signal for 50 requests at once: no MaxListenersExceededWarning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    let listening = { atOnce: 0, after: 0 };
    process.on('warning', onWarning);
    try {
      nock(ORIGIN).get('/REST/Zone/').times(50).reply(200, {});
      const controller = new AbortController();
      const { transport } = paced(300);
      const all = Array.from({ length: 50 }, () =>
        transport.request({
          method: 'GET',
          path: '/Zone/',
          retryable: 'idempotent',
          signal: controller.signal,
        }),
      );
      const atOnce = getEventListeners(controller.signal, 'abort').length;
      await Promise.all(all);
      listening = { atOnce, after: getEventListeners(controller.signal, 'abort').length };
      // Node emits its warnings on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
    expect(listening).toEqual({ atOnce: 1, after: 0 });
  });
});
