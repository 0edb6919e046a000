import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttemptStop } from '../../src/providers/http/attempt-stop.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AttemptStop', () => {
  it('destroys what is in flight when the timeout fires, and says it timed out', () => {
    const stop = new AttemptStop(100, undefined);
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    vi.advanceTimersByTime(99);
    expect(destroyed).toEqual([]);
    expect(() => stop.throwIfStopped()).not.toThrow();
    vi.advanceTimersByTime(1);
    expect(stop.timedOut).toBe(true);
    expect(destroyed.map((e) => e.message)).toEqual(['no answer within 100 ms']);
    expect(() => stop.throwIfStopped()).toThrow('no answer within 100 ms');
  });

  it('destroys only the target named last: the answer once it replaced the request', () => {
    const stop = new AttemptStop(100, undefined);
    const destroyed: string[] = [];
    stop.onStop(() => destroyed.push('request'));
    stop.onStop(() => destroyed.push('answer'));
    vi.advanceTimersByTime(100);
    expect(destroyed).toEqual(['answer']);
  });

  it('destroys a target named after the stop at once', () => {
    const stop = new AttemptStop(10, undefined);
    vi.advanceTimersByTime(10);
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    expect(destroyed).toHaveLength(1);
  });

  it('stops on the signal with its reason, without timing out', () => {
    const controller = new AbortController();
    const stop = new AttemptStop(100, controller.signal);
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    controller.abort('SIGINT');
    expect(stop.timedOut).toBe(false);
    expect(destroyed.map((e) => [e.message, e.cause])).toEqual([['stopped (SIGINT)', 'SIGINT']]);
    vi.advanceTimersByTime(100);
    expect(stop.timedOut).toBe(false);
    expect(destroyed).toHaveLength(1);
  });

  it('is stopped from the start by a signal already aborted', () => {
    const stop = new AttemptStop(100, AbortSignal.abort(new Error('interrupted')));
    expect(() => stop.throwIfStopped()).toThrow('stopped (interrupted)');
  });

  it('does nothing after end: no timer, no listener left', () => {
    const controller = new AbortController();
    const stop = new AttemptStop(100, controller.signal);
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    stop.end();
    expect(vi.getTimerCount()).toBe(0);
    controller.abort('SIGINT');
    vi.advanceTimersByTime(100);
    expect(destroyed).toEqual([]);
    expect(stop.timedOut).toBe(false);
  });
});
