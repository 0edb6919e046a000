import { describe, expect, it } from 'vitest';
import { RateLimitWaitError } from '../../../src/providers/http/errors.js';
import {
  type RateEvent,
  RequestScheduler,
  type RequestSchedulerOptions,
} from '../../../src/providers/http/scheduler.js';
import { type FakeClock, fakeClock } from '../../support/fake-clock.js';
import { simulate } from '../helpers/rate-simulation.js';

/**
 * The scheduler on a fake clock: every figure is virtual time, so the assertions are exact and never depend on
 * the machine's speed. The pacing model itself is tested event by event in fixed-window.test.ts.
 */

const DNS = { windowMs: 60_000, limit: 300, service: 'DNS' } as const;

interface Harness {
  clock: FakeClock;
  scheduler: RequestScheduler;
  /** The scheduler's own waits (the attempts' latencies left out). */
  waits: number[];
  logs: string[];
  /** Sends one request answered after `latencyMs` with these status and headers; counts what is in flight. */
  send(status?: number, headers?: Record<string, string>, latencyMs?: number): Promise<number>;
  maxInFlight(): number;
  sent(): number;
}

function harness(options: Omit<RequestSchedulerOptions, 'now' | 'sleep' | 'logger'>): Harness {
  const clock = fakeClock();
  const waits: number[] = [];
  const logs: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let sent = 0;
  const scheduler = new RequestScheduler({
    ...options,
    now: clock.now,
    sleep: (ms) => {
      waits.push(ms);
      return clock.sleep(ms);
    },
    logger: { debug: () => {}, info: (m) => logs.push(m), warn: (m) => logs.push(m) },
  });
  return {
    clock,
    scheduler,
    waits,
    logs,
    maxInFlight: () => maxInFlight,
    sent: () => sent,
    async send(status = 200, headers = {}, latencyMs = 100) {
      const answer = await scheduler.run(async () => {
        sent += 1;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await clock.sleep(latencyMs);
        inFlight -= 1;
        return { status, headers: new Headers(headers) };
      });
      return answer.status;
    },
  };
}

const rate = (remaining: number, reset: number, limit = 300) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': String(reset),
});

describe('RequestScheduler', () => {
  it('sends the first request alone, then up to `concurrency` at once', async () => {
    const h = harness({ ...DNS, concurrency: 3 });
    const first = h.send();
    const rest = Array.from({ length: 20 }, () => h.send());
    await h.clock.run(50);
    expect(h.maxInFlight()).toBe(1);
    await h.clock.run();
    await Promise.all([first, ...rest]);
    expect(h.maxInFlight()).toBe(3);
    expect(h.waits).toEqual([]);
  });

  it('waits a multi-digit Retry-After exactly, once, and then sends at the whole budget', async () => {
    const h = harness(DNS);
    const refused = h.send(429, { 'Retry-After': '45' });
    await h.clock.run();
    expect(await refused).toBe(429);
    const start = h.clock.now();
    const next = Array.from({ length: 300 }, () => h.send());
    await h.clock.run();
    await Promise.all(next);
    expect(h.waits).toEqual([45_000]);
    // All 300 in the first window after the wait: only the whole budget fits them there (no halving, no regrowth).
    expect(h.clock.now() - start).toBeLessThan(45_000 + 60_000);
  });

  it('refuses, unsent, a wait longer than maxWaitMs, saying when to run again', async () => {
    const h = harness({ windowMs: 3_600_000, limit: 500, service: 'WAF', maxWaitMs: 120_000 });
    const first = h.send(200, rate(0, 3600, 500));
    await h.clock.run();
    await first;
    const refused = h.send().catch((e: unknown) => e);
    await h.clock.run();
    const error = await refused;
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(String(error)).toBe(
      'RateLimitWaitError: WAF rate limit: no requests left in the window; the next request may go in 3600 s, ' +
        'longer than the 120 s edgeplan waits; run again after 1970-01-01T01:16:40.100Z',
    );
    expect(h.sent()).toBe(1);
    expect(h.waits).toEqual([]);
  });

  it('refuses a 429 whose Retry-After is beyond maxWaitMs instead of sending into the spent window', async () => {
    const h = harness(DNS);
    const first = h.send(429, { 'Retry-After': '300' });
    await h.clock.run();
    await first;
    await expect(h.send()).rejects.toThrow(
      'DNS rate limit: the service answered 429; the next request may go in 300 s',
    );
    expect(h.sent()).toBe(1);
  });

  it('lets a request whose signal aborts leave the queue at once, unsent, its slot left to the next', async () => {
    const h = harness({ ...DNS, limit: 1 });
    const first = h.send();
    await h.clock.run();
    await first;
    const controller = new AbortController();
    let abortedSent = false;
    const before = h.send();
    const aborted = h.scheduler
      .run(
        async () => {
          abortedSent = true;
          return { status: 200, headers: new Headers() };
        },
        { signal: controller.signal },
      )
      .catch((e: unknown) => e);
    const after = h.send();
    const at = h.clock.now();
    controller.abort('SIGINT');
    // Rejected with the signal's reason, as `signal.throwIfAborted()` throws: the transport says what was stopped.
    expect(await aborted).toBe('SIGINT');
    expect(h.clock.now()).toBe(at);
    await h.clock.run();
    await Promise.all([before, after]);
    // One a window: the two others went in the next two windows, nothing spent on the aborted one.
    expect([abortedSent, h.sent(), h.waits]).toEqual([false, 3, [60_000, 60_000]]);
  });

  it('refuses at once, unsent, a request whose signal aborted before it asked for a slot', async () => {
    const h = harness(DNS);
    let sent = false;
    const attempt = async () => {
      sent = true;
      return { status: 200, headers: new Headers() };
    };
    const reason = new Error('interrupted');
    await expect(h.scheduler.run(attempt, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(sent).toBe(false);
    const next = h.send();
    await h.clock.run();
    expect(await next).toBe(200);
    expect(h.sent()).toBe(1);
  });

  it('counts requests in flight against Remaining: none goes beyond what the service says is left', async () => {
    const h = harness({ ...DNS, concurrency: 8 });
    const answers: Promise<number>[] = [h.send(200, rate(3, 60, 4))];
    for (let i = 0; i < 6; i++) answers.push(h.send(200, rate(0, 60, 4)));
    await h.clock.run(1_000);
    // The probe's answer said 3 left: three more went, the others wait for the reset.
    expect(h.sent()).toBe(4);
    await h.clock.run();
    await Promise.all(answers);
    expect(h.sent()).toBe(7);
    expect(h.waits).toEqual([60_000]);
  });

  it('paces nothing without a limit and without headers (the in-process sandbox)', async () => {
    const h = harness({ windowMs: 60_000, service: 'DNS' });
    const all = Array.from({ length: 1000 }, () => h.send());
    await h.clock.run();
    await Promise.all(all);
    expect(h.waits).toEqual([]);
    expect(h.maxInFlight()).toBe(16);
  });

  it('logs a wait of 5 s or more, once', async () => {
    const h = harness({ ...DNS, limit: 2 });
    const all = Array.from({ length: 3 }, () => h.send());
    await h.clock.run();
    await Promise.all(all);
    expect(h.logs).toEqual(['DNS rate limit: no requests left in the window; waiting 60 s']);
  });

  it('tells its observer each wait (its end, why, the budget, the requests it holds) and each answer, and then logs nothing itself', async () => {
    const events: RateEvent[] = [];
    const h = harness({ ...DNS, limit: 2, onEvent: (event) => events.push(event) });
    expect(h.scheduler.budget).toEqual({ limit: 2, windowMs: 60_000 });
    const all = [h.send(), h.send(), h.send(429, { 'Retry-After': '7' }), h.send(), h.send()];
    await h.clock.run();
    await Promise.all(all);
    expect(h.logs).toEqual([]);
    const start = events.find((e) => e.type === 'wait')?.at ?? 0;
    expect(
      events.map((e) => (e.type === 'wait' ? { ...e, at: e.at - start, until: e.until - start } : e)),
    ).toEqual([
      { type: 'answer', service: 'DNS', status: 200 },
      {
        type: 'wait',
        service: 'DNS',
        at: 0,
        until: 60_000,
        why: 'no requests left in the window',
        perWindow: 2,
        windowMs: 60_000,
        queued: 3,
      },
      { type: 'answer', service: 'DNS', status: 200 },
      { type: 'answer', service: 'DNS', status: 429 },
      {
        type: 'wait',
        service: 'DNS',
        at: 60_100,
        until: 67_100,
        why: 'the service answered 429',
        perWindow: 2,
        windowMs: 60_000,
        queued: 1,
      },
      { type: 'answer', service: 'DNS', status: 200 },
      { type: 'answer', service: 'DNS', status: 200 },
    ]);
    expect(harness({ windowMs: 60_000 }).scheduler.budget).toBeUndefined();
    expect(harness({ ...DNS, share: 120 }).scheduler.budget).toEqual({ limit: 120, windowMs: 60_000 });
  });

  it('passes every gate with an injected sleep that returns at once and a clock that stands still', async () => {
    const sleeps: number[] = [];
    const scheduler = new RequestScheduler({
      windowMs: 60_000,
      limit: 2,
      now: () => 5_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const ok = async () => ({ status: 200, headers: new Headers() });
    for (let i = 0; i < 5; i++) await scheduler.run(ok);
    expect(sleeps).toEqual([60_000, 60_000]);
  });

  it('uses at least 90 % of a 20 per second limit with no 429, over 20 ms of latency', async () => {
    const run = await simulate({
      requests: 400,
      limit: 20,
      windowMs: 1000,
      latencyMs: 20,
      announce: false,
      scheduler: { windowMs: 1000, limit: 20 },
    });
    expect(run.tooMany).toBe(0);
    // 400 requests at 20 per window: 20 windows; the first request of each waits one round trip for its answer.
    expect(400 / (20 * (run.elapsedMs / 1000))).toBeGreaterThanOrEqual(0.9);
  });
});
