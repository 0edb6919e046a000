import { describe, expect, it } from 'vitest';
import {
  FixedWindow,
  type SentRequest,
  WINDOW_USED,
  type WindowAnswer,
} from '../../../src/providers/http/fixed-window.js';

/**
 * The client's model of the service's fixed window, event by event: every call carries its time, so these are
 * exact statements about what may be sent when.
 */

const MINUTE = 60_000;
const ok: WindowAnswer = { status: 200 };
const rate = (remaining: number, resetSeconds: number, limit?: number): WindowAnswer => ({
  status: 200,
  reading: { limit, remaining, resetSeconds },
});

/** Sends while the model allows at `now`; returns what was sent. */
function sendAll(window: FixedWindow, now: number, max = 10_000): SentRequest[] {
  const sent: SentRequest[] = [];
  while (sent.length < max && window.waitAt(now).kind === 'now') sent.push(window.send(now));
  return sent;
}

describe('FixedWindow without headers', () => {
  it('on a fresh start sends one request, then the rest of the limit, then waits for the window to end', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 5 });
    const [probe] = sendAll(window, 0);
    expect(window.waitAt(0)).toEqual({ kind: 'answer' });
    window.answered(probe as SentRequest, 100, ok);
    const rest = sendAll(window, 100);
    expect(rest).toHaveLength(4);
    for (const sent of rest) window.answered(sent, 200, ok);
    // The service counted the first request by its answer at 100: its window ends by 60 100 at the latest.
    expect(window.waitAt(200)).toMatchObject({ kind: 'wait', ms: 59_900 });
    expect(sendAll(window, 60_100)).toHaveLength(5);
  });

  it('holds a slot until the end of the window it was counted in, not for a window after its answer', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 3 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const late = sendAll(window, 50_000);
    for (const sent of late) window.answered(sent, 50_100, ok);
    // Answered 10 s before the window's end, yet free again at its end.
    expect(sendAll(window, 60_100)).toHaveLength(3);
  });

  it('after a 429 with Retry-After waits exactly that long, then resumes at the whole limit (no regrowth)', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, { status: 429, retryAfterMs: 45_000 });
    expect(window.waitAt(100)).toMatchObject({ kind: 'wait', ms: 45_000 });
    expect(window.waitAt(45_099)).toMatchObject({ kind: 'wait', ms: 1 });
    // One request first: its answer is the evidence that the new window takes requests.
    const [next] = sendAll(window, 45_100);
    expect(window.waitAt(45_100)).toEqual({ kind: 'answer' });
    window.answered(next as SentRequest, 45_200, ok);
    expect(sendAll(window, 45_200)).toHaveLength(299);
  });

  it('after a 429 without Retry-After waits for the reset its reading gives, and takes its limit', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, {
      status: 429,
      reading: { limit: 5, remaining: 0, resetSeconds: 30 },
    });
    expect(window.waitAt(100)).toMatchObject({ kind: 'wait', ms: 30_000 });
    const [next] = sendAll(window, 30_100);
    window.answered(next as SentRequest, 30_200, ok);
    expect(sendAll(window, 30_200)).toHaveLength(4);
  });

  it("keeps to the current window after a 429 to a request sent before it began: only that 429's pause counts", () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 2 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [slow] = sendAll(window, 60_000, 1);
    const [fresh] = sendAll(window, 60_100, 1);
    window.answered(fresh as SentRequest, 60_150, ok);
    window.answered(slow as SentRequest, 60_200, { status: 429, retryAfterMs: 1_000 });
    // The second window (slow carried in it, and fresh) ends by 120 150, not when the pause does.
    expect(window.waitAt(61_200)).toMatchObject({ kind: 'wait', ms: 58_950 });
  });

  it("after a 429 takes the requests answered from its window's earliest end on as counted in the next one", () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [a, b, c] = sendAll(window, 1_000, 3);
    // Retry-After 30 s, whole seconds rounded up: the window a was refused in ends between 30 000 and 31 100.
    window.answered(a as SentRequest, 1_100, { status: 429, retryAfterMs: 30_000 });
    window.answered(c as SentRequest, 2_000, ok);
    window.answered(b as SentRequest, 30_500, ok);
    // c was counted in the refused window; b may count in the next one.
    expect(sendAll(window, 31_100)).toHaveLength(9);
  });

  it('after a 429 that says nothing else waits one whole window', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, { status: 429 });
    expect(window.waitAt(100)).toMatchObject({ kind: 'wait', ms: MINUTE });
  });

  it.each([
    ['answered after the window may have ended', 60_500, ok],
    ['answered at the earliest moment the window ends', 60_000, ok],
    ['failing without an answer after the window may have ended', 60_500, undefined],
  ])('counts a request %s, and one still in flight, in the next window', (_what, at, answer) => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 1_000, ok);
    const sent = sendAll(window, 59_500);
    expect(sent).toHaveLength(3);
    const [a, b] = sent;
    // The window began between 0 and 1 000: it ends between 60 000 and 61 000.
    window.answered(a as SentRequest, 59_900, ok);
    window.answered(b as SentRequest, at, answer);
    // b may have been counted from 60 000 on, the third still may be: two of the next window's four are spent.
    expect(sendAll(window, 61_000)).toHaveLength(2);
  });

  it('does not count a 429 answered after the window may have ended in the next window', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 1_000, ok);
    const [a] = sendAll(window, 59_500, 1);
    // Refused: counted in a spent window, never in the next one, which gets the whole limit.
    window.answered(a as SentRequest, 60_500, { status: 429, retryAfterMs: 30_000 });
    const [next] = sendAll(window, 90_500);
    window.answered(next as SentRequest, 90_600, ok);
    expect(sendAll(window, 90_600)).toHaveLength(3);
  });

  it.each([
    ['answered late', true],
    ['still in flight', false],
  ])(
    'starts the next window where the earliest of the requests it carries (%s) could be counted',
    (_what, answer) => {
      const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
      const [probe] = sendAll(window, 0);
      window.answered(probe as SentRequest, 1_000, ok);
      // The first window ends between 60 000 and 61 000; a and b may be counted in the next one, whichever came first.
      const [a] = sendAll(window, 59_500, 1);
      const [b] = sendAll(window, 60_500, 1);
      if (answer) {
        window.answered(b as SentRequest, 60_600, ok);
        window.answered(a as SentRequest, 60_700, ok);
      }
      const [d] = sendAll(window, 61_000, 1);
      if (!answer) {
        window.answered(a as SentRequest, 61_050, ok);
        window.answered(b as SentRequest, 61_050, ok);
      }
      window.answered(d as SentRequest, 61_100, ok);
      // The next window may have begun at 60 000 (with a), so it may end at 120 000: c, answered after, may be
      // counted in the one after it.
      const [c] = sendAll(window, 119_000, 1);
      window.answered(c as SentRequest, 120_200, ok);
      expect(sendAll(window, 121_100)).toHaveLength(3);
    },
  );

  it('starts a window that carries nothing at its first request, however long after the last one ended', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 1_000, ok);
    const [d] = sendAll(window, 90_000, 1);
    window.answered(d as SentRequest, 90_100, ok);
    // The window began at 90 000 at the earliest: an answer at 125 100 is well inside it.
    const [e] = sendAll(window, 125_000, 1);
    window.answered(e as SentRequest, 125_100, ok);
    expect(sendAll(window, 150_100)).toHaveLength(4);
  });

  it('starts the next window no earlier than the last could end, so its own answers are not taken as late', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 1_000, ok);
    const [a] = sendAll(window, 59_500, 1);
    window.answered(a as SentRequest, 60_500, ok);
    // a may have begun the next window, but only by arriving after 60 000: that window ends after 120 000.
    const [b] = sendAll(window, 61_000, 1);
    window.answered(b as SentRequest, 61_100, ok);
    const [c] = sendAll(window, 119_000, 1);
    window.answered(c as SentRequest, 119_700, ok);
    expect(sendAll(window, 121_100)).toHaveLength(4);
  });

  it('without a limit and without headers never makes anyone wait after the first answer', () => {
    const window = new FixedWindow({ windowMs: MINUTE });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 5, ok);
    expect(sendAll(window, 5)).toHaveLength(10_000);
  });

  it('keeps to a share when one is set', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300, share: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    expect(sendAll(window, 100)).toHaveLength(99);
    // The service would take more: only this client's share holds it.
    expect(window.waitAt(100)).toMatchObject({
      kind: 'wait',
      why: "this client's share (100) is used",
      ownShare: true,
    });
  });

  it('does not blame its share when the window is used up as well', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 3, share: 3 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    expect(sendAll(window, 100)).toHaveLength(2);
    expect(window.waitAt(100)).toEqual({
      kind: 'wait',
      ms: 60_000,
      why: "this client's share (3) is used",
      ownShare: false,
    });
  });

  it('after requests that failed without an answer, waits one whole window from when it finds the window used', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 2 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const failed = sendAll(window, 60_100);
    expect(failed).toHaveLength(2);
    for (const sent of failed) window.answered(sent, 60_200, undefined);
    // Nothing says when the new window began: whatever the failed requests counted, they counted before now.
    expect(window.waitAt(60_200)).toEqual({ kind: 'wait', ms: MINUTE, why: WINDOW_USED, ownShare: false });
  });

  it("does not take a late answer to the last window's request as the end of the current one", () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 2 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [slow] = sendAll(window, 60_000, 1);
    const [fresh] = sendAll(window, 60_100, 1);
    // `slow` may have been counted in the first window: only `fresh` bounds the second (by 120 300).
    window.answered(slow as SentRequest, 60_200, ok);
    window.answered(fresh as SentRequest, 60_300, ok);
    expect(window.waitAt(60_300)).toMatchObject({ kind: 'wait', ms: 60_000 });
  });
});

describe('FixedWindow with X-RateLimit headers', () => {
  it('follows an announced limit below the documented one, and waits for the reset at Remaining 0', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(4, 60, 5));
    const rest = sendAll(window, 100);
    expect(rest).toHaveLength(4);
    rest.forEach((sent, i) => {
      window.answered(sent, 200, rate(3 - i, 60, 5));
    });
    expect(window.waitAt(200)).toMatchObject({
      kind: 'wait',
      ms: 59_900,
      why: 'no requests left in the window',
    });
    // The next window has the announced limit, not the documented one.
    expect(sendAll(window, 60_100)).toHaveLength(5);
  });

  it('uses an announced limit above the documented one (an emulator is not paced beyond what it announces)', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(999, 60, 1000));
    expect(sendAll(window, 100)).toHaveLength(999);
  });

  it('takes the reset of a window someone else began as its end', () => {
    const window = new FixedWindow({ windowMs: 3_600_000, limit: 500 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(0, 1800, 500));
    expect(window.waitAt(100)).toMatchObject({ kind: 'wait', ms: 1_800_000 });
    expect(sendAll(window, 1_800_100)).toHaveLength(500);
  });

  it('follows the service into a window that ends later than the one it counted', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    // The client's window ends by 60 100; a, sent at 30 000, was counted in one that ends from 89 000 on.
    const [a] = sendAll(window, 30_000, 1);
    window.answered(a as SentRequest, 30_100, rate(0, 60));
    expect(window.waitAt(30_100)).toMatchObject({ kind: 'wait', ms: 60_000 });
    expect(sendAll(window, 90_100)).toHaveLength(10);
  });

  it('after a 429, follows a reading from a later window and sends what it has left once the pause is over', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [x, y] = sendAll(window, 100, 2);
    window.answered(y as SentRequest, 200, { status: 429, retryAfterMs: 1_000 });
    // x was counted in the window after the refused one (it ends from 59 100 on), which has 250 left.
    window.answered(x as SentRequest, 1_150, rate(250, 60));
    expect(window.waitAt(1_150)).toMatchObject({ kind: 'wait', ms: 50, why: 'the service answered 429' });
    // y's 429 may have come after x's count: 249.
    expect(sendAll(window, 1_200)).toHaveLength(249);
  });

  it('keeps the end it knows when a reading may be of the same window', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    // a's window ends from 60 100 on (sent at 1 100, Reset 60 rounded up): maybe the one ending by 60 100.
    const [a] = sendAll(window, 1_100, 1);
    window.answered(a as SentRequest, 1_200, rate(0, 60));
    expect(window.waitAt(1_200)).toMatchObject({ kind: 'wait', ms: 58_900 });
  });

  it('keeps the reading with the least left even when one with more comes back after it', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [a, x] = sendAll(window, 100, 2);
    window.answered(x as SentRequest, 120, ok);
    const [b] = sendAll(window, 130, 1);
    window.answered(a as SentRequest, 200, rate(3, 60));
    // b reports more left: the service counted it before a. a's 3 stand, less x, which may have come after a.
    window.answered(b as SentRequest, 210, rate(5, 60));
    expect(sendAll(window, 210)).toHaveLength(2);
  });

  it('of two readings with the same Remaining keeps the later sent: it already counts what was answered before', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [a, x] = sendAll(window, 100, 2);
    window.answered(x as SentRequest, 120, ok);
    const [b] = sendAll(window, 130, 1);
    window.answered(a as SentRequest, 200, rate(3, 60));
    window.answered(b as SentRequest, 210, rate(3, 60));
    // x came back before b was sent: b's 3 include it. a, reported alike, may have been counted after b: 3 - 1.
    expect(sendAll(window, 210)).toHaveLength(2);
  });

  it('counts an answer without headers since the reading was sent against Remaining, when none came before', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, ok);
    const [a, b] = sendAll(window, 100, 3);
    window.answered(b as SentRequest, 150, ok);
    // a's reading may not include b or the one still in flight: 5 - 2.
    window.answered(a as SentRequest, 200, rate(5, 60));
    expect(sendAll(window, 200)).toHaveLength(3);
  });

  it('counts requests in flight, and those answered since the reading was sent, against Remaining', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(99, 60));
    const sent = sendAll(window, 100, 4);
    expect(sent).toHaveLength(4);
    const [a, b] = sent;
    window.answered(b as SentRequest, 150, ok);
    // a's reading may not include b (answered since a was sent) or the two still in flight: 5 - 3.
    window.answered(a as SentRequest, 200, rate(5, 60));
    expect(sendAll(window, 200)).toHaveLength(2);
  });

  it('does not count against Remaining an answer since that reported more left: it was counted before', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(99, 60));
    const sent = sendAll(window, 100, 4);
    const [a, b] = sent;
    // b came back first, reporting 6 left: counted before a, which reports 5 (c and d still in flight).
    window.answered(b as SentRequest, 150, rate(6, 60));
    window.answered(a as SentRequest, 200, rate(5, 60));
    expect(sendAll(window, 200)).toHaveLength(3);
  });

  it('counts a request in flight as spent only until its answer shows the reading included it', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 100 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(99, 60));
    const [a, ...others] = sendAll(window, 100, 4);
    window.answered(a as SentRequest, 200, rate(3, 60));
    expect(sendAll(window, 200)).toHaveLength(0);
    // They report more left than a: the service counted them before a, so its 3 are still there.
    others.forEach((sent, i) => {
      window.answered(sent, 210, rate(6 - i, 60));
    });
    expect(sendAll(window, 210)).toHaveLength(3);
  });

  it('leaves late answers to the next reading when the service announces its count', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 1_000, rate(3, 60));
    const [a] = sendAll(window, 59_500, 1);
    window.answered(a as SentRequest, 60_500, rate(2, 1));
    // a may count in the next window; without headers that window would start with it spent (3 left).
    expect(sendAll(window, 61_000)).toHaveLength(4);
  });

  it('keeps to a share even when the service announces more', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 300, share: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(999, 60, 1000));
    expect(sendAll(window, 100)).toHaveLength(9);
  });

  it("ignores a reading from a request sent before the window began: it speaks of the last window's count", () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, rate(9, 60, 10));
    const [slow] = sendAll(window, 60_000, 1);
    const fresh = sendAll(window, 60_100, 1);
    // `slow` was sent in the first window; its answer, after the second began, reports that window spent.
    window.answered(slow as SentRequest, 60_200, rate(0, 1, 10));
    expect(fresh).toHaveLength(1);
    expect(sendAll(window, 60_200)).toHaveLength(8);
  });
});
