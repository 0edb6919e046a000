/**
 * The tests' one fake clock: nothing waits for real time. Code under test gets `now` and one of two sleeps:
 * - `elapse(ms)` returns at once with the clock moved on by `ms` (for code that only needs its waits to pass);
 * - `sleep(ms)` registers a timer that fires when `run` (or `advance`) reaches it, for simulations where several
 *   callers wait at once and their order matters.
 * Both record the wait in `sleeps`.
 */
export interface FakeClock {
  now(): number;
  /** Moves time on by `ms`, firing the timers that fall due on the way. */
  advance(ms: number): void;
  elapse(ms: number): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** Fires timers until none is left, or (with `forMs`) until the next one is due later than that from now. */
  run(forMs?: number): Promise<void>;
  /** Every wait asked for, in ms, in order. */
  readonly sleeps: number[];
}

interface Timer {
  at: number;
  order: number;
  fire(): void;
}

export function fakeClock(start = 1_000_000): FakeClock {
  let now = start;
  let order = 0;
  const timers: Timer[] = [];
  const sleeps: number[] = [];
  /** The earliest timer due at or before `until` (the first set among equals), taken off the list. */
  const nextDue = (until: number): Timer | undefined => {
    timers.sort((a, b) => a.at - b.at || a.order - b.order);
    const next = timers[0];
    if (!next || next.at > until) return undefined;
    return timers.shift();
  };
  return {
    now: () => now,
    sleeps,
    advance(ms) {
      const until = now + ms;
      for (let timer = nextDue(until); timer; timer = nextDue(until)) {
        now = Math.max(now, timer.at);
        timer.fire();
      }
      now = until;
    },
    async elapse(ms) {
      sleeps.push(ms);
      now += Math.max(0, ms);
    },
    sleep(ms) {
      sleeps.push(ms);
      return new Promise<void>((fire) => {
        timers.push({ at: now + Math.max(0, ms), order: order++, fire });
      });
    },
    async run(forMs = Number.POSITIVE_INFINITY) {
      const until = now + forMs;
      for (;;) {
        await settle();
        const next = nextDue(until);
        if (!next) return;
        now = Math.max(now, next.at);
        next.fire();
      }
    },
  };
}

/** Every microtask queued so far, and those they queue, have run when this resolves. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
