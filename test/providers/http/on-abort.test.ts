import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onAbort } from '../../../src/providers/http/on-abort.js';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('onAbort', () => {
  it('keeps one listener on the signal for any number of subscribers, and calls each once, in order', () => {
    const controller = new AbortController();
    const called: number[] = [];
    for (let i = 0; i < 50; i++) onAbort(controller.signal, () => called.push(i));
    expect(listeners(controller.signal)).toBe(1);
    controller.abort();
    controller.abort();
    expect(called).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(listeners(controller.signal)).toBe(0);
  });

  it('removes the listener when the last subscriber leaves, and adds it again for the next one', () => {
    const controller = new AbortController();
    const called: string[] = [];
    const leaveA = onAbort(controller.signal, () => called.push('a'));
    const leaveB = onAbort(controller.signal, () => called.push('b'));
    leaveA();
    leaveA();
    expect(listeners(controller.signal)).toBe(1);
    leaveB();
    expect(listeners(controller.signal)).toBe(0);
    onAbort(controller.signal, () => called.push('c'));
    expect(listeners(controller.signal)).toBe(1);
    controller.abort();
    expect(called).toEqual(['c']);
  });

  it('counts the same callback given twice as two subscriptions; leaving one keeps the other', () => {
    const controller = new AbortController();
    let calls = 0;
    const callback = () => {
      calls += 1;
    };
    const leave = onAbort(controller.signal, callback);
    onAbort(controller.signal, callback);
    leave();
    controller.abort();
    expect(calls).toBe(1);
  });

  it('leaves a signal of its own untouched and may be left after the abort', () => {
    const one = new AbortController();
    const other = new AbortController();
    const called: string[] = [];
    const leave = onAbort(one.signal, () => called.push('one'));
    onAbort(other.signal, () => called.push('other'));
    one.abort();
    leave();
    expect([called, listeners(other.signal)]).toEqual([['one'], 1]);
  });
});
