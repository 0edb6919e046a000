import { describe, expect, it } from 'vitest';
import { FixedWindow, type SentRequest, type WindowAnswer } from '../../src/providers/http/fixed-window.js';

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

  it('after a 429 that says nothing else waits one whole window', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 10 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 100, { status: 429 });
    expect(window.waitAt(100)).toMatchObject({ kind: 'wait', ms: MINUTE });
  });

  it('counts a request answered after the window may have ended, and one still in flight, in the next window', () => {
    const window = new FixedWindow({ windowMs: MINUTE, limit: 4 });
    const [probe] = sendAll(window, 0);
    window.answered(probe as SentRequest, 1_000, ok);
    const sent = sendAll(window, 59_500);
    expect(sent).toHaveLength(3);
    const [a, b] = sent;
    // The window began between 0 and 1 000: it ends between 60 000 and 61 000.
    window.answered(a as SentRequest, 59_900, ok);
    window.answered(b as SentRequest, 60_500, ok);
    // b may have been counted after 60 000, the third still may be: two of the next window's four are spent.
    expect(sendAll(window, 61_000)).toHaveLength(2);
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
    expect(window.waitAt(100)).toMatchObject({ kind: 'wait', why: "this client's share (100) is used" });
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
