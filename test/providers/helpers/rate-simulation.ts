import { DnsRateLimiter } from '../../../src/emulator/dyn/rate-limit.js';
import { RequestScheduler, type RequestSchedulerOptions } from '../../../src/providers/http/scheduler.js';
import { fakeClock } from '../../support/fake-clock.js';

/**
 * A run of requests through the scheduler against the emulator's model of the DNS rate limit (a fixed window from
 * the account's first request; 429 with Retry-After until its end once over), on a fake clock: pure, exact and
 * instant. Every request answered 429 is sent again (as the transport does) until it is served.
 */
export interface SimulationOptions {
  requests: number;
  limit: number;
  windowMs: number;
  /** Round trip of every request; the service counts it halfway. */
  latencyMs: number;
  /** Up to this much more on each half of a round trip, drawn from a seeded sequence: answers then overtake. */
  jitterMs?: number;
  /** Requests another client of the account sent `agoMs` before this run began (its window began with them). */
  others?: { count: number; agoMs: number };
  /** Whether the service announces its limit in `X-RateLimit-*` headers. */
  announce: boolean;
  /**
   * As an apply sends them: chains of `length` requests, each sent when the one before it is answered, `parallel`
   * chains at a time. Default: every request at once.
   */
  chains?: { length: number; parallel: number };
  scheduler: Omit<RequestSchedulerOptions, 'now' | 'sleep'>;
}

export interface SimulationResult {
  /** Answers 429 this run received. */
  tooMany: number;
  /** From the run's start to its last answer. */
  elapsedMs: number;
  /** Requests this run sent, repeats included. */
  sent: number;
}

export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const agoMs = options.others?.agoMs ?? 0;
  const clock = fakeClock(1_000_000 - agoMs);
  const service = new DnsRateLimiter({ limit: options.limit, windowMs: options.windowMs }, clock.now);
  for (let i = 0; i < (options.others?.count ?? 0); i++) service.take();
  const scheduler = new RequestScheduler({ ...options.scheduler, now: clock.now, sleep: clock.sleep });
  const result: SimulationResult = { tooMany: 0, elapsedMs: 0, sent: 0 };
  let start = 0;
  let seed = 42;
  const half = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return options.latencyMs / 2 + ((options.jitterMs ?? 0) * seed) / 2 ** 31;
  };

  const attempt = async () => {
    result.sent += 1;
    await clock.sleep(half());
    const decision = service.take();
    await clock.sleep(half());
    const headers = new Headers({
      ...(options.announce ? decision.headers : {}),
      ...decision.refusal?.headers,
    });
    return { status: decision.refusal?.httpStatus ?? 200, headers };
  };
  const one = async () => {
    while ((await scheduler.run(attempt)).status === 429) result.tooMany += 1;
    result.elapsedMs = Math.max(result.elapsedMs, clock.now() - start);
  };
  const { length, parallel } = options.chains ?? { length: 1, parallel: options.requests };
  let claimed = 0;
  const chain = async () => {
    while (claimed < options.requests) {
      const block = Math.min(length, options.requests - claimed);
      claimed += block;
      for (let i = 0; i < block; i++) await one();
    }
  };

  const run = clock.sleep(agoMs).then(() => {
    start = clock.now();
    return Promise.all(Array.from({ length: parallel }, chain));
  });
  await clock.run();
  await run;
  return result;
}
