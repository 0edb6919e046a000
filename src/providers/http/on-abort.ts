/**
 * One `abort` listener per signal, however many requests wait on it. A run hands one signal (its interrupt) to every
 * request of every provider; a listener per request, per attempt, per rate-limit wait and per backoff sleep would
 * put dozens on it at once, and Node warns past ten (`MaxListenersExceededWarning`, a leak warning printed to the
 * user). Here the first subscriber adds the signal's one listener, the last one to leave removes it, and the
 * listener calls every subscriber.
 *
 * Contract: `onAbort` returns the function that unsubscribes (safe to call more than once, and after the abort). A
 * signal already aborted fires no more: callers check `signal.aborted` first. Subscribers are called in the order
 * they subscribed, once.
 */

interface Subscribers {
  readonly callbacks: Set<() => void>;
  readonly fire: () => void;
}

const bySignal = new WeakMap<AbortSignal, Subscribers>();

export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  const subscribers = bySignal.get(signal) ?? listen(signal);
  // A function of its own, so that the same callback given twice is two subscriptions.
  const subscription = () => callback();
  subscribers.callbacks.add(subscription);
  return () => {
    if (!subscribers.callbacks.delete(subscription) || subscribers.callbacks.size > 0) return;
    signal.removeEventListener('abort', subscribers.fire);
    bySignal.delete(signal);
  };
}

function listen(signal: AbortSignal): Subscribers {
  const callbacks = new Set<() => void>();
  const fire = () => {
    bySignal.delete(signal);
    const called = [...callbacks];
    callbacks.clear();
    for (const callback of called) callback();
  };
  signal.addEventListener('abort', fire, { once: true });
  const subscribers = { callbacks, fire };
  bySignal.set(signal, subscribers);
  return subscribers;
}
