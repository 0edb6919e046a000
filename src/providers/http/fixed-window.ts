/**
 * The client's model of a service's rate-limit window, as the services document it: a fixed window that starts
 * with the first request the service counts, lasts `windowMs`, admits `limit` requests, and is followed by a new
 * one at the next request (DNS: 300 a minute per account, then 429 for up to 60 s, help.dyn.com, Managed DNS API rate
 * limit; WAF: 500 an hour per address, `X-RateLimit-Reset` = seconds left in the current period). So a request holds
 * its slot from the moment the service counts it until the end of the window it was counted in (between nothing
 * and one window), not for a window after its answer. Pure: every event carries its time.
 *
 * What the client knows, and how it errs on the safe side:
 * - The end of the service's window: the first request sent in a window was counted between its send and its
 *   answer, so the window ends at most `windowMs` after the first answer to any request sent in it; an answer's
 *   `X-RateLimit-Reset` (whole seconds, rounded up) also bounds it, at the answer's time + Reset.
 * - What is left: without headers, the limit minus what this client sent (it assumes it is alone; a `share` caps
 *   it when others use the account too). A reading (`X-RateLimit-Remaining`; the one with the least left is the
 *   service's latest count) replaces that guess, less every request of this client it may not include yet: those
 *   in flight and those answered since the reading's request was sent, unless their answer reported more left
 *   (answer-log.ts). So a request in flight counts as spent until its answer shows the reading included it.
 * - Stragglers: a request answered after the earliest moment the window could have ended may have been counted in
 *   the next one; so may a request still in flight. The next window starts with both counted as spent (only those
 *   in flight when the service announces its count: the next window's first reading includes the others).
 * - A 429: nothing is sent until `Retry-After` (else the reading's Reset, else one whole window) has passed: the
 *   service said its window is spent until then. The next window then gets the whole limit again.
 * - Evidence: before any answer, and after a 429, one request at a time: its answer says whether the service
 *   counts, announces or refuses, and costs one round trip.
 */

import { AnswerLog } from './answer-log.js';

/** What the service said in one answer: `X-RateLimit-*` (a reading) and, for a 429, `Retry-After`. */
export interface WindowAnswer {
  status: number;
  reading?: { limit?: number; remaining: number; resetSeconds: number };
  retryAfterMs?: number;
}

export interface FixedWindowOptions {
  windowMs: number;
  /** The service's documented limit per window, until a reading announces another; absent: none known. */
  limit?: number;
  /** This client's share of an account that others use too: never more per window, whatever is announced. */
  share?: number;
}

/** One request sent, for `answered`. */
export interface SentRequest {
  readonly sentAt: number;
  readonly window: number;
  /** Answers received before it was sent. */
  readonly answersBefore: number;
}

interface Window {
  id: number;
  /** Latest possible end of the service's window; undefined until a request sent in it is answered. */
  end: number | undefined;
  /**
   * Earliest possible end of the service's window, as far as anything needs it: it tells which answers may be
   * counted in the next window (`late`), which matters only until the service announces its count.
   */
  earliestEnd: number;
  /** This client's requests counted in it. */
  ours: number;
  /** The reading with the least left, and the answers received before its request was sent. */
  reading?: { remaining: number; answersBefore: number };
}

/**
 * `wait`: ms until one more request may go, why, and whether only this client's own share holds it (the service
 * would take it); `answer`: not before an answer comes back.
 */
/** The `why` of the ordinary wait: this window is used up, the next one is not. */
export const WINDOW_USED = 'no requests left in the window';

export type WindowWait =
  | { kind: 'now' }
  | { kind: 'wait'; ms: number; why: string; ownShare: boolean }
  | { kind: 'answer' };

export class FixedWindow {
  private readonly windowMs: number;
  private readonly share: number | undefined;
  private limit: number;
  private window: Window | undefined;
  private windows = 0;
  private readonly inFlight = new Set<SentRequest>();
  private readonly answers = new AnswerLog();
  private pausedUntil = 0;
  private probing = true;
  /** Whether the service has sent a reading: then it, not this client, counts stragglers. */
  private announces = false;
  /** Answered after the current window's earliest end: they may count in the next one. */
  private late = { count: 0, earliestSent: Number.POSITIVE_INFINITY };

  constructor(options: FixedWindowOptions) {
    this.windowMs = options.windowMs;
    this.share = options.share;
    this.limit = options.limit ?? Number.POSITIVE_INFINITY;
  }

  /** Requests per window this client paces to: the known limit within its share; undefined when none is known. */
  get perWindow(): number | undefined {
    const limit = Math.min(this.limit, this.share ?? Number.POSITIVE_INFINITY);
    return Number.isFinite(limit) ? limit : undefined;
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  /** Whether one more request may be sent at `now`, else how long to wait. */
  waitAt(now: number): WindowWait {
    if (now < this.pausedUntil)
      return { kind: 'wait', ms: this.pausedUntil - now, why: 'the service answered 429', ownShare: false };
    if (this.probing && this.inFlight.size > 0) return { kind: 'answer' };
    const window = this.current(now);
    const left = this.left(window);
    const shareLeft = this.share === undefined || window.ours < this.share;
    if (left > 0 && shareLeft) return { kind: 'now' };
    if (window.end === undefined) {
      if (this.inFlight.size > 0) return { kind: 'answer' };
      // Nothing of this window in flight: whatever it counted (carried or failed requests), it counted before now.
      window.end = now + this.windowMs;
    }
    const ownShare = !shareLeft && left > 0;
    const why = shareLeft ? WINDOW_USED : `this client's share (${this.share}) is used`;
    return { kind: 'wait', ms: window.end - now, why, ownShare };
  }

  /** Records a request sent at `now` (after `waitAt` said `now`). */
  send(now: number): SentRequest {
    const window = this.current(now);
    window.ours += 1;
    const sent = { sentAt: now, window: window.id, answersBefore: this.answers.count };
    this.inFlight.add(sent);
    return sent;
  }

  /** Records the answer to a request, or its failure (no answer: it may or may not have been counted). */
  answered(sent: SentRequest, now: number, answer: WindowAnswer | undefined): void {
    this.inFlight.delete(sent);
    this.answers.add(answer?.reading?.remaining);
    this.learn(sent, now, answer);
    // Kept: the answers since the oldest request in flight, or since the reading's request, was sent.
    // Stryker disable next-line OptionalChaining: `send` made the window before any request could be answered
    const reading = this.window?.reading;
    let oldest = reading?.answersBefore ?? this.answers.count;
    for (const other of this.inFlight) oldest = Math.min(oldest, other.answersBefore);
    this.answers.forget(oldest);
  }

  private learn(sent: SentRequest, now: number, answer: WindowAnswer | undefined): void {
    const window = this.window;
    // Stryker disable next-line ConditionalExpression: `send` made the window before any request could be answered
    if (!window) return;
    const inWindow = sent.window === window.id;
    // Counted before its answer: the service's window ends a window after now at the latest.
    if (inWindow && answer) window.end ??= now + this.windowMs;
    // A 429 was counted in a spent window, never in the next one.
    if (now >= window.earliestEnd && answer?.status !== 429) {
      this.late.count += 1;
      this.late.earliestSent = Math.min(this.late.earliestSent, sent.sentAt);
    }
    if (!answer) return;
    if (answer.status === 429) {
      this.refused(window, sent, now, answer, inWindow);
      return;
    }
    this.probing = false;
    if (answer.reading && inWindow) this.read(window, sent, now, answer.reading);
  }

  /** What the account has left in the window, as far as this client knows. */
  private left(window: Window): number {
    if (!window.reading) return this.limit - window.ours;
    const { remaining, answersBefore } = window.reading;
    // The reading's own answer is among those since its request was sent: not counted against it.
    const since = this.answers.countedAfter(answersBefore, remaining) - 1;
    return remaining - this.inFlight.size - since;
  }

  /** The window at `now`; a new one when the last has certainly ended. */
  private current(now: number): Window {
    const last = this.window;
    if (last && (last.end === undefined || now < last.end)) return last;
    // Requests in flight, and those answered late, may be counted in the new window: start with them spent. When
    // the service announces its count, the window's first reading says which were, and only those in flight count.
    const late = this.announces ? { count: 0, earliestSent: Number.POSITIVE_INFINITY } : this.late;
    let earliestSent = late.earliestSent;
    for (const sent of this.inFlight) earliestSent = Math.min(earliestSent, sent.sentAt);
    const carried = this.inFlight.size + late.count;
    // One of them began the new window only by arriving after the last one ended (with none, earliestSent is
    // infinite: the window starts now).
    const start = last ? Math.min(now, Math.max(earliestSent, last.earliestEnd)) : now;
    this.late = { count: 0, earliestSent: Number.POSITIVE_INFINITY };
    // Stryker disable next-line AssignmentOperator: ids only tell windows apart, and counting down does as well
    this.windows += 1;
    this.window = {
      id: this.windows,
      end: undefined,
      earliestEnd: start + this.windowMs,
      ours: carried,
    };
    return this.window;
  }

  private read(
    window: Window,
    sent: SentRequest,
    now: number,
    reading: NonNullable<WindowAnswer['reading']>,
  ): void {
    this.announces = true;
    if (reading.limit !== undefined) this.limit = reading.limit;
    const resetAt = now + reading.resetSeconds * 1000;
    const latest = { remaining: reading.remaining, answersBefore: sent.answersBefore };
    // The window read ends after this: Reset is rounded up to whole seconds, counted after the request was sent.
    // (`window.end !== undefined` made true is an equivalent mutant: `endsAfter > undefined` is false anyway.)
    const endsAfter = sent.sentAt + Math.max(0, reading.resetSeconds - 1) * 1000;
    if (window.end !== undefined && endsAfter > window.end) {
      // The service has moved on to a window this client has not counted yet (after a 429 too: that one was
      // refused in an earlier window): follow it.
      Object.assign(window, { end: resetAt, reading: latest });
      return;
    }
    window.end = Math.min(window.end ?? resetAt, resetAt);
    // The earliest end is left as it is: it only tells which answers are late, and once the service announces its
    // count, late answers are left to the next window's first reading.
    if (!window.reading || latest.remaining <= window.reading.remaining) window.reading = latest;
  }

  private refused(
    window: Window,
    sent: SentRequest,
    now: number,
    answer: WindowAnswer,
    inWindow: boolean,
  ): void {
    const resetMs = answer.reading ? answer.reading.resetSeconds * 1000 : undefined;
    const told = answer.retryAfterMs ?? resetMs;
    const pause = told ?? this.windowMs;
    this.pausedUntil = Math.max(this.pausedUntil, now + pause);
    this.probing = true;
    if (answer.reading?.limit !== undefined) this.limit = answer.reading.limit;
    // A 429 to a request sent before this window began speaks of an earlier window: only its pause counts.
    if (!inWindow) return;
    // The service's window is spent until the pause ends (nothing is sent before); the next one starts after it,
    // with the whole limit.
    window.end = this.pausedUntil;
    // Whole seconds, rounded up, from when the request was counted; without them the window may end any moment.
    window.earliestEnd = Math.min(window.earliestEnd, sent.sentAt + Math.max(0, (told ?? 0) - 1000));
  }
}
