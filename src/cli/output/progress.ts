import type { ApplyEvent, StepOutcome } from '../../engine/types.js';
import { count, printable } from '../../model/text.js';
import { durationText, rateText } from '../../plan/render/duration.js';
import { type RateEvent, WINDOW_USED } from '../../providers/http/scheduler.js';
import type { CliIo } from '../io.js';
import { opLabel } from './op-label.js';
import { opsText } from './step-units.js';

/**
 * Apply progress on stderr: where the run is, and why it waits.
 * - On a TTY: a live block, one line per step in progress (`zone:a.test: 12/40 calls, about 30 s left`) and, while
 *   the rate limit holds the run, the wait; above it, one permanent line per finished step.
 * - In a log (not a TTY): one line per finished step, and otherwise at most a line every LOG_EVERY_MS: the calls
 *   done with the time left, or, while the rate limit holds the run, the wait (`waiting 42 s for the DNS rate window
 *   (300/min), 700 of 1,007 calls done, about 2 min left`), so a wait is never silent for longer than that. A wait
 *   of ANNOUNCE_MS or more is announced as it starts.
 * A step is named by its target as the service spells it (a live geo service's name): every line is escaped.
 * A wait that holds more requests than one window admits says so, and when the last of them goes: `waiting 42 s
 * for the DNS rate window (10/min), 25 requests queued, the last in about 2 min 42 s`: the queue drains a window's
 * budget per window, so it takes longer than the window, and the run is slow, not stuck.
 * The time left is at the current rate: the calls left at the pace of those done since the apply began, and never
 * less than the wait under way (until the last queued request goes). Time comes from `now` and `every` (a ticker),
 * injected in tests.
 */
export interface ProgressOptions {
  /** Calls (ops) the apply makes in all. */
  totalCalls: number;
  now?: () => number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every?: (ms: number, tick: () => void) => () => void;
}

export interface ApplyProgress {
  apply(event: ApplyEvent): void;
  rate(event: RateEvent): void;
  /** Stops the ticker and clears the live block. */
  stop(): void;
}

export const LOG_EVERY_MS = 5_000;
export const ANNOUNCE_MS = 5_000;
const TTY_TICK_MS = 1_000;

interface Wait {
  service: string;
  until: number;
  why: string;
  rate: string | undefined;
  /** Requests the wait holds back, when more than one window admits; else undefined. */
  queued: number | undefined;
  /** When the last request queued behind the wait goes, a window's budget per window: `until` or later. */
  drainedAt: number;
}

export function applyProgress(io: CliIo, options: ProgressOptions): ApplyProgress {
  const now = options.now ?? Date.now;
  const every = options.every ?? realEvery;
  const live = io.stderrIsTTY;
  const started = now();
  const steps = new Map<string, { done: number; total: number }>();
  let done = 0;
  /** The calls the apply will make: less those of steps that failed or were skipped. */
  let total = options.totalCalls;
  let wait: Wait | undefined;
  let drawn = 0;
  let lastLine = started;
  let reported = 0;

  const eta = (calls: number): string => {
    if (calls <= 0) return '';
    const waitLeft = wait ? wait.drainedAt - now() : 0;
    const atRate = done > 0 ? ((now() - started) / done) * calls : 0;
    const left = Math.max(atRate, waitLeft);
    return left > 0 ? `, about ${durationText(left)} left` : '';
  };
  const overall = () => `${count(done)} of ${count(total)} calls done${eta(total - done)}`;
  const waitLine = (w: Wait) => `${waitText(w, now())}, ${overall()}`;

  const waiting = () => wait !== undefined && wait.until > now();

  const clear = () => {
    if (drawn > 0) io.stderr(`\x1b[${drawn}F\x1b[J`);
    drawn = 0;
  };
  const draw = () => {
    if (!live) return;
    clear();
    const lines = [...steps].map(
      ([id, s]) => `${printable(id)}: ${s.done}/${s.total} calls${eta(s.total - s.done)}`,
    );
    if (waiting() && wait) lines.push(waitLine(wait));
    for (const line of lines) io.stderr(`${line}\n`);
    drawn = lines.length;
  };
  /** A permanent line: above the live block on a TTY. */
  const print = (line: string) => {
    clear();
    io.stderr(`${printable(line)}\n`);
    lastLine = now();
    draw();
  };
  const tick = () => {
    if (live) {
      if (waiting()) draw();
      return;
    }
    if (now() - lastLine < LOG_EVERY_MS) return;
    if (waiting() && wait) print(waitLine(wait));
    else if (done > reported && done < total) print(`progress: ${overall()}`);
    else return;
    reported = done;
  };
  const stopTicker = every(live ? TTY_TICK_MS : 1_000, tick);

  return {
    apply(event) {
      switch (event.type) {
        case 'step-start':
          steps.set(event.id, { done: 0, total: event.total });
          return draw();
        case 'op-done': {
          done += 1;
          steps.set(event.id, { done: event.done, total: event.total });
          return draw();
        }
        case 'step-done': {
          const o = event.outcome;
          steps.delete(o.id);
          total -= o.status === 'skipped' ? o.total : o.total - o.done;
          return print(outcomeLine(o));
        }
      }
    },
    rate(event) {
      if (event.type !== 'wait') return;
      wait = waitOf(event);
      if (live) draw();
      else if (wait.drainedAt - event.at >= ANNOUNCE_MS) print(waitLine(wait));
    },
    stop() {
      stopTicker();
      clear();
    },
  };
}

/**
 * Waits outside an apply (while planning): each of ANNOUNCE_MS or more (until the last request queued behind it
 * goes) announced when it starts, with its length, and repeated every LOG_EVERY_MS until it ends: `waiting 58 s
 * for the DNS rate window (300/min)`.
 */
export function waitNotices(
  io: CliIo,
  options: Pick<ProgressOptions, 'now' | 'every'> = {},
): (event: RateEvent) => void {
  const now = options.now ?? Date.now;
  const every = options.every ?? realEvery;
  let wait: Wait | undefined;
  let lastLine = 0;
  let stop: (() => void) | undefined;
  const print = (w: Wait) => {
    io.stderr(`${waitText(w, now())}\n`);
    lastLine = now();
  };
  const tick = () => {
    if (!wait || wait.until <= now()) {
      stop?.();
      stop = undefined;
    } else if (now() - lastLine >= LOG_EVERY_MS) print(wait);
  };
  return (event) => {
    if (event.type !== 'wait') return;
    const next = waitOf(event);
    if (next.drainedAt - event.at < ANNOUNCE_MS) {
      wait = undefined;
      return;
    }
    wait = next;
    print(wait);
    stop ??= every(1_000, tick);
  };
}

function waitOf(event: Extract<RateEvent, { type: 'wait' }>): Wait {
  const { perWindow, queued } = event;
  const rate = perWindow === undefined ? undefined : rateText(perWindow, event.windowMs);
  // The first window after the wait takes `perWindow` of them, each later one as many.
  const windows = perWindow === undefined ? 1 : Math.ceil(queued / perWindow);
  return {
    service: event.service,
    until: event.until,
    why: event.why,
    rate,
    queued: windows > 1 ? queued : undefined,
    drainedAt: event.until + Math.max(0, windows - 1) * event.windowMs,
  };
}

/**
 * `waiting 42 s for the DNS rate window (300/min)`, why when it is not the window being used up, and a queue longer
 * than a window: `, 25 requests queued, the last in about 2 min 42 s`.
 */
function waitText(w: Wait, now: number): string {
  const queue =
    w.queued === undefined
      ? ''
      : `, ${count(w.queued)} requests queued, the last in about ${durationText(w.drainedAt - now)}`;
  return (
    `waiting ${Math.ceil((w.until - now) / 1000)} s for the ${w.service} rate window` +
    `${w.rate ? ` (${w.rate})` : ''}${w.why === WINDOW_USED ? '' : `: ${w.why}`}${queue}`
  );
}

function outcomeLine(o: StepOutcome): string {
  if (o.status === 'applied') return `${o.id}: done (${opsText(o, o.done)})`;
  if (o.status === 'failed')
    return `${o.id}: FAILED at ${o.done + 1}/${o.total} (${opLabel(o.provider, o.failedOp)})`;
  return `${o.id}: skipped (${o.blockedBy.join(', ')} did not succeed)`;
}

function realEvery(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}
