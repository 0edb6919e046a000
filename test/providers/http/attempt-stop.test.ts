import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttemptStop } from '../../../src/providers/http/attempt-stop.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AttemptStop', () => {
  it('destroys what is in flight when the timeout fires, and says it timed out', () => {
    const stop = new AttemptStop(100, undefined);
    stop.start();
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
    stop.start();
    const destroyed: string[] = [];
    stop.onStop(() => destroyed.push('request'));
    stop.onStop(() => destroyed.push('answer'));
    vi.advanceTimersByTime(100);
    expect(destroyed).toEqual(['answer']);
  });

  it('destroys a target named after the stop at once', () => {
    const stop = new AttemptStop(10, undefined);
    stop.start();
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
    stop.start();
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    stop.end();
    expect(vi.getTimerCount()).toBe(0);
    controller.abort('SIGINT');
    vi.advanceTimersByTime(100);
    expect(destroyed).toEqual([]);
    expect(stop.timedOut).toBe(false);
  });

  it('times nothing before start: the wait for a slot or a connection is not the attempt', () => {
    const stop = new AttemptStop(100, undefined);
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    vi.advanceTimersByTime(10_000);
    expect([destroyed, stop.timedOut, vi.getTimerCount()]).toEqual([[], false, 0]);
    stop.start();
    vi.advanceTimersByTime(99);
    expect(destroyed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect([destroyed.map((e) => e.message), stop.timedOut]).toEqual([['no answer within 100 ms'], true]);
  });

  it('starts once: a second start does not move the timeout, and none starts after end', () => {
    const stop = new AttemptStop(100, undefined);
    stop.start();
    vi.advanceTimersByTime(60);
    stop.start();
    vi.advanceTimersByTime(40);
    expect(stop.timedOut).toBe(true);
    const ended = new AttemptStop(100, undefined);
    ended.end();
    ended.start();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops on the signal while it waits to be sent, before any timeout runs', () => {
    const controller = new AbortController();
    const stop = new AttemptStop(100, controller.signal);
    controller.abort('SIGTERM');
    expect(() => stop.throwIfStopped()).toThrow('stopped (SIGTERM)');
    stop.start();
    vi.advanceTimersByTime(100);
    expect(stop.timedOut).toBe(false);
  });

  it('puts one listener on a signal however many attempts wait on it, and none once they end', () => {
    const controller = new AbortController();
    const stops = Array.from({ length: 50 }, () => new AttemptStop(100, controller.signal));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    for (const stop of stops) stop.end();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('stops once: a signal that aborts after the timeout fired changes neither the reason nor the target', () => {
    const controller = new AbortController();
    const stop = new AttemptStop(100, controller.signal);
    stop.start();
    const destroyed: Error[] = [];
    stop.onStop((reason) => destroyed.push(reason));
    vi.advanceTimersByTime(100);
    controller.abort('SIGINT');
    expect(destroyed.map((e) => e.message)).toEqual(['no answer within 100 ms']);
    expect(() => stop.throwIfStopped()).toThrow('no answer within 100 ms');
  });

  it("names an abort whose reason is neither text nor an error 'aborted'", () => {
    const controller = new AbortController();
    const stop = new AttemptStop(100, controller.signal);
    controller.abort(42);
    expect(() => stop.throwIfStopped()).toThrow('stopped (aborted)');
  });
});
