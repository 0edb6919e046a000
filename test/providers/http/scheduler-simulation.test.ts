import { describe, expect, it } from 'vitest';
import { type SimulationOptions, simulate } from '../helpers/rate-simulation.js';

/**
 * 1,000 requests through the DNS provider's scheduler (the documented 300 a minute) against the emulator's model
 * of the service's fixed window, 100 ms round trips, on a virtual clock. The goal: after another client
 * spent the window, under 1 % of requests answered 429 and at most one window's wait more than a fresh start.
 */

const WINDOW = 60_000;
const base: Omit<SimulationOptions, 'announce'> = {
  requests: 1000,
  limit: 300,
  windowMs: WINDOW,
  latencyMs: 100,
  scheduler: { windowMs: WINDOW, limit: 300, service: 'DNS' },
};

describe.each([
  ['without X-RateLimit headers (the service)', false],
  ['with X-RateLimit headers (the emulator with its limit on)', true],
])('1,000 requests %s', (_, announce) => {
  it('on a fresh account: four windows, no 429', async () => {
    const fresh = await simulate({ ...base, announce });
    expect(fresh.tooMany).toBe(0);
    // 300 + 300 + 300 + 100: three waits for a window's end, each a window after its first answer.
    expect(fresh.elapsedMs).toBeLessThan(3 * (WINDOW + 1_000));
  });

  it.each([
    ['half spent 30 s ago', { count: 150, agoMs: 30_000 }],
    ['half spent 1 s ago', { count: 150, agoMs: 1_000 }],
    ['spent 30 s ago', { count: 300, agoMs: 30_000 }],
    ['spent 59 s ago', { count: 300, agoMs: 59_000 }],
  ])('after another client %s: under 1 in 100 answered 429, at most one window slower', async (_, others) => {
    const fresh = await simulate({ ...base, announce });
    const shared = await simulate({ ...base, announce, others });
    expect(shared.tooMany).toBeLessThan(10);
    expect(shared.elapsedMs).toBeLessThanOrEqual(fresh.elapsedMs + WINDOW);
  });
});

it('with headers, a window half spent by someone else costs no 429 at all', async () => {
  const shared = await simulate({ ...base, announce: true, others: { count: 150, agoMs: 30_000 } });
  expect(shared.tooMany).toBe(0);
  expect(shared.sent).toBe(1000);
});

describe.each([
  ['without headers', false],
  ['with headers', true],
])('an apply against 20 a second %s', (_, announce) => {
  it('uses at least 90 % of the allowed rate with no 429: 480 requests in chains of 8, 16 chains at a time', async () => {
    const run = await simulate({
      requests: 480,
      limit: 20,
      windowMs: 1000,
      latencyMs: 20,
      jitterMs: 60,
      announce,
      chains: { length: 8, parallel: 16 },
      scheduler: { windowMs: 1000, limit: 20, share: 20 },
    });
    expect(run.tooMany).toBe(0);
    // 24 windows' worth: the first of each waits one round trip for its answer, the answers overtake each other.
    expect(480 / (20 * Math.ceil(run.elapsedMs / 1000))).toBeGreaterThanOrEqual(0.9);
  });
});
