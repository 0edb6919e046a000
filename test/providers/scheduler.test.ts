import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestScheduler } from '../../src/providers/http/scheduler.js';

/**
 * The scheduler against model servers, on vitest's fake clock (Date.now and setTimeout): every figure below is
 * virtual time, so the assertions are exact and never depend on the machine's speed.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface ModelServer {
  arrivals: number[];
  tooMany: number;
  maxInFlight: number;
  answer(headers?: (arrival: number) => Record<string, string>): Promise<Response>;
}

/** A server that counts `limit` per fixed window starting at its first request, answering 429 beyond it. */
function fixedWindowServer(limit: number, windowMs: number, latencyMs: number): ModelServer {
  let windowStart: number | undefined;
  let used = 0;
  let inFlight = 0;
  const server: ModelServer = {
    arrivals: [],
    tooMany: 0,
    maxInFlight: 0,
    async answer(headers) {
      inFlight += 1;
      server.maxInFlight = Math.max(server.maxInFlight, inFlight);
      await wait(latencyMs / 2);
      const now = Date.now();
      if (windowStart === undefined || now - windowStart >= windowMs) {
        windowStart = now;
        used = 0;
      }
      used += 1;
      server.arrivals.push(now);
      const status = used > limit ? 429 : 200;
      if (status === 429) server.tooMany += 1;
      await wait(latencyMs / 2);
      inFlight -= 1;
      return new Response(null, { status, headers: headers?.(now) ?? {} });
    },
  };
  return server;
}

async function runAll(scheduler: RequestScheduler, server: ModelServer, count: number, advanceMs: number) {
  const done = Array.from({ length: count }, () => scheduler.run(() => server.answer()));
  await vi.advanceTimersByTimeAsync(advanceMs);
  return Promise.all(done);
}

describe('RequestScheduler', () => {
  it('uses at least 90 % of a 20 per second limit with no 429, over 20 ms of latency', async () => {
    const server = fixedWindowServer(20, 1000, 20);
    const scheduler = new RequestScheduler({ budget: { limit: 20, windowMs: 1000 } });
    const answers = await runAll(scheduler, server, 400, 30_000);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(server.tooMany).toBe(0);
    const first = server.arrivals[0] as number;
    const last = server.arrivals.at(-1) as number;
    // 400 requests at 20/s: the first 20 at once, then 19 more windows of 20.
    const allowed = 20 * Math.ceil((last - first) / 1000) + 20;
    expect(400 / allowed).toBeGreaterThanOrEqual(0.9);
  });

  it('never has more than `concurrency` requests in flight', async () => {
    const server = fixedWindowServer(1000, 1000, 50);
    const scheduler = new RequestScheduler({ budget: { limit: 1000, windowMs: 1000 }, concurrency: 3 });
    await runAll(scheduler, server, 30, 5_000);
    expect(server.maxInFlight).toBe(3);
  });

  it('follows X-RateLimit headers that allow less than the configured budget, waiting for the reset', async () => {
    const server = fixedWindowServer(5, 10_000, 10);
    let start: number | undefined;
    const headers = (arrival: number) => {
      start ??= arrival;
      const used = server.arrivals.length;
      return {
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': String(Math.max(0, 5 - (used % 5 || 5))),
        'X-RateLimit-Reset': String(Math.ceil((start + 10_000 - arrival) / 1000)),
      };
    };
    const scheduler = new RequestScheduler({ budget: { limit: 500, windowMs: 3_600_000 }, concurrency: 1 });
    const done = Array.from({ length: 8 }, () => scheduler.run(() => server.answer(headers)));
    await vi.advanceTimersByTimeAsync(30_000);
    await Promise.all(done);
    expect(server.tooMany).toBe(0);
    // Five in the first window; the sixth only once the server's window has reset.
    expect((server.arrivals[5] as number) - (server.arrivals[0] as number)).toBeGreaterThanOrEqual(10_000);
  });

  it('stops everything for Retry-After after a 429 and halves its budget', async () => {
    // The server allows 4 per second but the scheduler was told 8 (another client shares the account).
    const server = fixedWindowServer(4, 1000, 10);
    const retryAfter = () => ({ 'Retry-After': '2' });
    const scheduler = new RequestScheduler({ budget: { limit: 8, windowMs: 1000 }, concurrency: 1 });
    const done = Array.from({ length: 6 }, () => scheduler.run(() => server.answer(retryAfter)));
    await vi.advanceTimersByTimeAsync(10_000);
    const answers = await Promise.all(done);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 200]);
    expect(scheduler.currentLimit).toBe(4);
    expect((server.arrivals[5] as number) - (server.arrivals[4] as number)).toBeGreaterThanOrEqual(2000);
  });

  it('passes every gate with an injected sleep that returns at once and a clock that stands still', async () => {
    vi.useRealTimers();
    const sleeps: number[] = [];
    const scheduler = new RequestScheduler({
      budget: { limit: 2, windowMs: 60_000 },
      now: () => 5_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const ok = async () => new Response(null, { status: 200 });
    for (let i = 0; i < 5; i++) await scheduler.run(ok);
    expect(sleeps).toEqual([60_000, 60_000]);
  });
});
