import type { RateEvent } from '../../providers/http/scheduler.js';

/** One service's requests since the counts were last reset: answered 429, waits for its rate window. */
export interface ServiceRateCounts {
  requests: number;
  /** Answered 429. */
  refused: number;
  waits: number;
  /** Time spent waiting, overlapping waits counted once. */
  waitedMs: number;
}

/**
 * Every provider's rate-limit scheduler reports here (RateEvent): the counts of the apply report, and the events
 * passed on to the apply's progress while one is shown, else to `idle` (planning: progress.ts `waitNotices`).
 */
export class RateCounts {
  private readonly byService = new Map<string, ServiceRateCounts & { waitingUntil: number }>();
  private listener: ((event: RateEvent) => void) | undefined;

  constructor(private readonly idle: (event: RateEvent) => void) {}

  readonly record = (event: RateEvent): void => {
    const counts = this.countsOf(event.service);
    if (event.type === 'answer') {
      counts.requests += 1;
      if (event.status === 429) counts.refused += 1;
    } else {
      counts.waits += 1;
      counts.waitedMs += Math.max(0, event.until - Math.max(event.at, counts.waitingUntil));
      counts.waitingUntil = Math.max(counts.waitingUntil, event.until);
    }
    (this.listener ?? this.idle)(event);
  };

  /** Passes every event to `listener` from now on; the counts start again from zero. */
  follow(listener: (event: RateEvent) => void): void {
    this.listener = listener;
    this.byService.clear();
  }

  /** No more events are passed on; the counts are kept. */
  unfollow(): void {
    this.listener = undefined;
  }

  /** The counts by service name (`DNS`, `WAF`), in the order the services were first heard from. */
  counts(): ReadonlyMap<string, ServiceRateCounts> {
    return new Map(
      [...this.byService].map(([service, { requests, refused, waits, waitedMs }]) => [
        service,
        { requests, refused, waits, waitedMs },
      ]),
    );
  }

  private countsOf(service: string) {
    let counts = this.byService.get(service);
    if (!counts) {
      counts = { requests: 0, refused: 0, waits: 0, waitedMs: 0, waitingUntil: 0 };
      this.byService.set(service, counts);
    }
    return counts;
  }
}
