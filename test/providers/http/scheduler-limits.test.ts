import { describe, expect, it } from 'vitest';
import { RateLimitWaitError } from '../../../src/providers/http/errors.js';
import {
  type RateEvent,
  RequestScheduler,
  type RequestSchedulerOptions,
} from '../../../src/providers/http/scheduler.js';
import { fakeClock } from '../../support/fake-clock.js';

/**
 * The scheduler's decisions at their edges, on a virtual clock: how many requests go at once by default, the
 * longest wait it makes, which answers it reads, and that a refusal reaches every request waiting.
 */

function setup(options: Omit<RequestSchedulerOptions, 'now' | 'sleep' | 'logger'>) {
  const clock = fakeClock();
  const logs: string[] = [];
  const scheduler = new RequestScheduler({
    ...options,
    now: clock.now,
    sleep: clock.sleep,
    logger: { debug: () => {}, info: (m) => logs.push(m), warn: (m) => logs.push(m) },
  });
  let inFlight = 0;
  let peak = 0;
  let sent = 0;
  const send = (status = 200, headers: Record<string, string> = {}, readHeaders = true) =>
    scheduler.run(
      async () => {
        sent += 1;
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await clock.sleep(100);
        inFlight -= 1;
        return { status, headers: new Headers(headers) };
      },
      { readHeaders },
    );
  return { clock, logs, scheduler, send, peak: () => peak, sent: () => sent };
}

describe('RequestScheduler: requests at once', () => {
  it('sends 8 at once by default when a limit or a share is known, 16 when neither is', async () => {
    for (const [options, expected] of [
      [{ windowMs: 60_000, limit: 300 }, 8],
      [{ windowMs: 60_000, share: 300 }, 8],
      [{ windowMs: 60_000 }, 16],
    ] as const) {
      const h = setup(options);
      const all = Array.from({ length: 40 }, () => h.send());
      await h.clock.run();
      await Promise.all(all);
      expect(h.peak()).toBe(expected);
    }
  });
});

describe('RequestScheduler: the longest wait made', () => {
  it('waits a Retry-After of exactly maxWaitMs, and refuses one a second longer', async () => {
    const waits = setup({ windowMs: 60_000, limit: 300, maxWaitMs: 30_000 });
    await Promise.all([waits.send(429, { 'Retry-After': '30' }), waits.clock.run()]);
    const next = waits.send();
    await waits.clock.run();
    expect(await next).toMatchObject({ status: 200 });
    expect(waits.clock.sleeps).toContain(30_000);

    const refuses = setup({ windowMs: 60_000, limit: 300, maxWaitMs: 30_000, service: 'DNS' });
    await Promise.all([refuses.send(429, { 'Retry-After': '31' }), refuses.clock.run()]);
    await expect(refuses.send()).rejects.toThrow(
      'DNS rate limit: the service answered 429; the next request may go in 31 s',
    );
    expect(refuses.sent()).toBe(1);
  });

  it('waits at most 120 s by default', async () => {
    const waits = setup({ windowMs: 60_000, limit: 300 });
    await Promise.all([waits.send(429, { 'Retry-After': '120' }), waits.clock.run()]);
    const next = waits.send();
    await waits.clock.run();
    await next;
    expect(waits.sent()).toBe(2);
    const refuses = setup({ windowMs: 60_000, limit: 300 });
    await Promise.all([refuses.send(429, { 'Retry-After': '121' }), refuses.clock.run()]);
    const error = await refuses.send().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error).toMatchObject({ service: 'service', waitMs: 121_000, maxWaitMs: 120_000, ownShare: false });
  });

  it('refuses every request waiting at once, with one error saying whether only its own share holds them', async () => {
    const h = setup({ windowMs: 3_600_000, share: 2, service: 'WAF', maxWaitMs: 1_000 });
    const first = h.send();
    const second = h.send();
    const rest = [h.send(), h.send(), h.send()].map((p) => p.catch((e: unknown) => e));
    await h.clock.run();
    await Promise.all([first, second]);
    const errors = await Promise.all(rest);
    expect(h.sent()).toBe(2);
    for (const error of errors) {
      expect(error).toBeInstanceOf(RateLimitWaitError);
      expect(error).toMatchObject({ ownShare: true, reason: "this client's share (2) is used" });
    }
    expect(new Set(errors).size).toBe(1);
  });
});

describe('RequestScheduler: which answers it reads', () => {
  it('takes X-RateLimit-Remaining only with X-RateLimit-Reset beside it', async () => {
    const withReset = setup({ windowMs: 60_000, limit: 300 });
    const a = [
      withReset.send(200, { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' }),
      withReset.send(),
    ];
    await withReset.clock.run();
    await Promise.all(a);
    // Remaining 0 with a reset in 30 s: the second request waits for it.
    expect(withReset.clock.sleeps.filter((ms) => ms !== 100)).toEqual([30_000]);

    // Without Reset the answer says nothing of this window: the client keeps its own count (2 a window) and waits.
    const without = setup({ windowMs: 60_000, limit: 2 });
    const b = [without.send(200, { 'X-RateLimit-Remaining': '5' }), without.send(), without.send()];
    await without.clock.run();
    await Promise.all(b);
    expect(without.clock.sleeps.filter((ms) => ms !== 100)).toEqual([60_000]);
  });

  it('takes X-RateLimit-Reset only with X-RateLimit-Remaining beside it', async () => {
    // Reset alone says nothing of what is left: the client keeps its own count (2 a window) and the window's
    // latest end (a minute after the first answer), not the 30 s the lone Reset would give.
    const h = setup({ windowMs: 60_000, limit: 2 });
    const all = [h.send(200, { 'X-RateLimit-Reset': '30' }), h.send(), h.send()];
    await h.clock.run();
    await Promise.all(all);
    expect(h.clock.sleeps.filter((ms) => ms !== 100)).toEqual([60_000]);
  });

  it('a request that got no answer rejects with its own error, is told as an answer without status, and frees its slot', async () => {
    const events: RateEvent[] = [];
    const h = setup({ windowMs: 60_000, limit: 300, onEvent: (e) => events.push(e) });
    const failed = h.scheduler.run(async () => {
      throw new Error('socket hang up');
    });
    await expect(failed).rejects.toThrow('socket hang up');
    await Promise.all([h.send(), h.clock.run()]);
    expect(events).toEqual([
      { type: 'answer', service: 'service', status: undefined },
      { type: 'answer', service: 'service', status: 200 },
    ]);
  });

  it('reads an announced limit', async () => {
    const h = setup({ windowMs: 60_000, limit: 300 });
    await Promise.all([
      h.send(200, { 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': '49', 'X-RateLimit-Reset': '60' }),
      h.clock.run(),
    ]);
    expect(h.scheduler.budget).toEqual({ limit: 50, windowMs: 60_000 });
  });

  it('follows Retry-After only on a 429', async () => {
    const h = setup({ windowMs: 60_000, limit: 300 });
    const all = [h.send(503, { 'Retry-After': '30' }), h.send()];
    await h.clock.run();
    await Promise.all(all);
    expect(h.clock.sleeps.filter((ms) => ms !== 100)).toEqual([]);
  });

  it('ignores the headers of an answer that speaks for another budget (readHeaders: false)', async () => {
    const h = setup({ windowMs: 60_000, limit: 300 });
    const all = [
      h.send(429, { 'Retry-After': '30', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' }, false),
      h.send(),
    ];
    await h.clock.run();
    await Promise.all(all);
    expect(h.clock.sleeps.filter((ms) => ms !== 100)).toEqual([]);
    expect(h.sent()).toBe(2);
  });
});

describe('RequestScheduler: announcing waits', () => {
  it('logs a wait of exactly 5 s, rounded up to whole seconds, and not one of 4.999 s', async () => {
    const five = setup({ windowMs: 60_000, limit: 300, service: 'DNS' });
    await Promise.all([five.send(429, { 'Retry-After': '5' }), five.clock.run()]);
    await Promise.all([five.send(), five.clock.run()]);
    expect(five.logs).toEqual(['DNS rate limit: the service answered 429; waiting 5 s']);

    const short = setup({ windowMs: 4_999, limit: 1, service: 'DNS' });
    await Promise.all([short.send(), short.send(), short.clock.run()]);
    expect(short.clock.sleeps).toContain(4_999);
    expect(short.logs).toEqual([]);

    const odd = setup({ windowMs: 5_500, limit: 1, service: 'DNS' });
    await Promise.all([odd.send(), odd.send(), odd.clock.run()]);
    expect(odd.logs).toEqual(['DNS rate limit: no requests left in the window; waiting 6 s']);
  });

  it('announces one wait per end, however many requests wait for it', async () => {
    const events: RateEvent[] = [];
    const h = setup({ windowMs: 60_000, limit: 2, onEvent: (e) => events.push(e) });
    const all = Array.from({ length: 4 }, () => h.send());
    await h.clock.run();
    await Promise.all(all);
    expect(events.filter((e) => e.type === 'wait')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'answer')).toHaveLength(4);
  });

  it('a wait that ends while a later one is set does not announce the later one again', async () => {
    // Limit 2: the probe is answered at once; the second request, slow, holds the window; the third waits for its
    // end (timer A, a minute on). The slow one is refused with Retry-After 5 (timer B, earlier). After B the third
    // goes and its answer says nothing is left for 90 s: the fourth waits for that (timer C, after A). When A fires,
    // C is still the wait in force: it must not be set, nor announced, a second time.
    const events: RateEvent[] = [];
    const clock = fakeClock();
    const scheduler = new RequestScheduler({
      windowMs: 60_000,
      limit: 2,
      now: clock.now,
      sleep: clock.sleep,
      onEvent: (e) => events.push(e),
    });
    const answer = (latency: number, status: number, headers: Record<string, string> = {}) =>
      scheduler.run(async () => {
        await clock.sleep(latency);
        return { status, headers: new Headers(headers) };
      });
    const probe = answer(100, 200);
    await clock.run(1_000);
    await probe;
    const all = [
      answer(10_000, 429, { 'Retry-After': '5' }),
      answer(100, 200, { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '90' }),
      answer(100, 200),
    ];
    await clock.run();
    await Promise.all(all);
    const waits = events.flatMap((e) => (e.type === 'wait' ? [e.until] : []));
    expect(waits).toHaveLength(3);
    expect(new Set(waits).size).toBe(3);
  });
});
