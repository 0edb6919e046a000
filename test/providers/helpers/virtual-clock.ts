/**
 * A clock for pure simulations: `sleep` registers a timer, `run` fires the timers in time order (in the order they
 * were set at equal times), letting every promise chain settle before the next one. Nothing waits for real time.
 */
export interface VirtualClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Fires timers until none is left, or (with `forMs`) until the next one is due later than that from now. */
  run(forMs?: number): Promise<void>;
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[];
}

interface Timer {
  at: number;
  order: number;
  fire(): void;
}

export function virtualClock(start = 1_000_000): VirtualClock {
  let now = start;
  let order = 0;
  const timers: Timer[] = [];
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
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
        timers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = timers[0];
        if (!next || next.at > until) return;
        timers.shift();
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
